import type { ProvisionNode } from "@lexnav/document-model";

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };

/** Roman numeral (upper or lower case) to a number, or null when it is not one. */
export function romanToNumber(roman: string): number | null {
  const s = roman.toUpperCase();
  if (!/^[IVXLCDM]+$/.test(s)) return null;
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const value = ROMAN[s[i] as string] as number;
    const next = i + 1 < s.length ? (ROMAN[s[i + 1] as string] as number) : 0;
    total += value < next ? -value : value;
  }
  return total;
}

/**
 * Normalises a section-style reference: leading "Section"/"§" dropped, each dotted number
 * compared numerically (7.02 ≡ 7.2), a letter suffix lower-cased ("2.1A" → "2.1a"), parenthesised
 * labels kept as printed without spaces: "7.02 (b)(iii)" → "7.2(b)(iii)".
 */
export function normaliseSectionRef(ref: string): string | null {
  const m = /^(?:(?:Section|SECTION|Sec\.|§)\s*)?(\d+(?:\.\d+)*)\.?([A-Za-z])?((?:\s*\([A-Za-z0-9]{1,6}\))*)/.exec(
    ref.trim(),
  );
  if (!m) return null;
  const numbers = (m[1] as string)
    .split(".")
    .map((part) => String(Number(part)))
    .join(".");
  const letter = m[2] ? m[2].toLowerCase() : "";
  const labels = (m[3] ?? "").replace(/\s+/g, "");
  return `${numbers}${letter}${labels}`;
}

/** "V" / "5" → "5". */
export function normaliseArticleRef(ref: string): string | null {
  const s = ref.trim().replace(/^(?:Article|ARTICLE)\s+/, "");
  if (/^\d+$/.test(s)) return String(Number(s));
  const roman = romanToNumber(s);
  return roman === null ? null : String(roman);
}

/**
 * The resolution key of a body node ("section:7.2(b)", "article:5", "schedule:3.14", "exhibit:a")
 * and the attachment zone it sits in: the structure prefixes refs inside exhibits and schedules
 * with the attachment ("Exhibit A 2.1(b)" → zone "exhibit:a", key "section:2.1(b)"). Null for
 * toc entries, definitions and nodes without a ref.
 */
export function nodeKeyWithZone(node: ProvisionNode): { zone: string | null; key: string } | null {
  if (node.flags.isTocEntry || node.kind === "toc_entry" || node.kind === "toc") return null;
  if (node.kind === "definition" || node.flags.isDefinition) return null;
  let ref = node.fullRef?.trim();
  if (!ref) return null;
  let zone: string | null = null;
  const zoned = /^(Schedule|Exhibit|Annex|Appendix|Attachment)\s+(\S+)\s+(.+)$/i.exec(ref);
  if (zoned && !["schedule", "exhibit", "annex", "appendix", "attachment"].includes(node.kind)) {
    zone = `${(zoned[1] as string).toLowerCase()}:${attachmentLabel(zoned[2] as string)}`;
    ref = zoned[3] as string;
  }
  if (node.kind === "article" || /^ARTICLE\s|^Article\s/.test(ref)) {
    const n = normaliseArticleRef(ref);
    return n === null ? null : { zone, key: `article:${n}` };
  }
  const attachment = /^(Schedule|Exhibit|Annex|Appendix|Attachment)\s+(.+)$/i.exec(ref);
  if (attachment) {
    return { zone, key: `${(attachment[1] as string).toLowerCase()}:${attachmentLabel(attachment[2] as string)}` };
  }
  const section = normaliseSectionRef(ref);
  return section === null ? null : { zone, key: `section:${section}` };
}

/** The resolution key of a body node without its zone (see {@link nodeKeyWithZone}). */
export function nodeKey(node: ProvisionNode): string | null {
  return nodeKeyWithZone(node)?.key ?? null;
}

/** "A-1" → "a-1", "3.14" → "3.14", "I" → "i". */
export function attachmentLabel(label: string): string {
  return label.trim().replace(/[.:]$/, "").toLowerCase();
}

/** Strips the last parenthesised label: "7.2(b)(iii)" → "7.2(b)", "7.2" → null. */
export function parentSectionRef(ref: string): string | null {
  const m = /^(.*)\([A-Za-z0-9]{1,6}\)$/.exec(ref);
  return m ? (m[1] as string) : null;
}
