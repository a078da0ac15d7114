import type { CrossReference, CrossReferenceKind, DocumentRole, ProvisionNode } from "@lexnav/document-model";
import type { Segment } from "./own-text.ts";
import {
  attachmentLabel,
  nodeKeyWithZone,
  normaliseArticleRef,
  normaliseSectionRef,
  parentSectionRef,
} from "./reference-keys.ts";

/**
 * What the resolver knows about the document: its body nodes by key, and which instrument names
 * mean "this document" and which mean another one.
 */
export interface ReferenceContext {
  /** Body nodes by key, see {@link createNodeLookup}. */
  lookup: NodeLookup;
  /** Lower-cased instrument names that mean this document ("agreement" in a base agreement). */
  selfNames: Set<string>;
  /** For an amendment: the name that stands for the amended instrument ("Agreement", "Credit Agreement"). */
  amendedName: string | null;
  role: DocumentRole;
  /** Definition nodes by term, for "clause (b) of the definition of “X”". */
  definitionNodes: Map<string, ProvisionNode>;
}

/** Finds the node a target key names, seen from a zone (an exhibit or schedule, or null for the body). */
export interface NodeLookup {
  find(target: string, zone: string | null): ProvisionNode | null;
  /** Exact key only, no fallback to enclosing clauses. */
  exact(target: string, zone: string | null): ProvisionNode | null;
}

/**
 * Indexes body nodes by key (deepest node wins a tie, toc entries and definitions excluded).
 * `find` tries, for the exact key and then for enclosing clauses ("7.2(b)(x)" found as "7.2(b)",
 * then "7.2"): the caller's zone, the body, then — when `searchAllZones` (amendments, whose
 * conformed copy sits in an exhibit) — any zone. "Article n" falls back to a top-level "n." section
 * and "Section n" to Article n. Without `fallBackToEnclosing` (an amendment's own text, where
 * "Section 2(c)" usually means the amended agreement's clause, not the amendment's paragraph 2)
 * only exact keys count.
 */
export function createNodeLookup(
  nodes: readonly ProvisionNode[],
  searchAllZones: boolean,
  fallBackToEnclosing = true,
): NodeLookup {
  const scoped = new Map<string, ProvisionNode>();
  const anyZone = new Map<string, ProvisionNode>();
  const put = (map: Map<string, ProvisionNode>, key: string, node: ProvisionNode) => {
    const current = map.get(key);
    if (current === undefined || node.depth > current.depth) map.set(key, node);
  };
  for (const node of nodes) {
    const k = nodeKeyWithZone(node);
    if (k === null) continue;
    put(scoped, `${k.zone ?? ""}|${k.key}`, node);
    if (k.zone !== null) put(anyZone, k.key, node);
  }
  const exact = (target: string, zone: string | null): ProvisionNode | null =>
    (zone !== null ? scoped.get(`${zone}|${target}`) : undefined) ??
    scoped.get(`|${target}`) ??
    (searchAllZones ? anyZone.get(target) : undefined) ??
    null;
  return {
    exact,
    find(target, zone) {
      const direct = exact(target, zone);
      if (direct || !fallBackToEnclosing) return direct;
      const colon = target.indexOf(":");
      const kind = target.slice(0, colon);
      const whole = target.slice(colon + 1);
      if (kind === "article") return exact(`section:${whole}`, zone);
      if (kind !== "section") return null;
      for (let ref = parentSectionRef(whole); ref !== null; ref = parentSectionRef(ref)) {
        const found = exact(`section:${ref}`, zone);
        if (found) return found;
      }
      if (/^\d+$/.test(whole)) return exact(`article:${whole}`, zone);
      return null;
    },
  };
}

const KEYWORD =
  /(?<![A-Za-z])(Sections?|SECTIONS?|Sec\.|§§?|Articles?|ARTICLES?|Schedules?|SCHEDULES?|Exhibits?|EXHIBITS?|Annex(?:es)?|ANNEX(?:ES)?|Appendix|Appendices|APPENDIX|[Cc]lauses?|[Pp]aragraphs?|[Ss]ub-?sections?|[Ss]ub-?clauses?|[Ss]ub-?paragraphs?)(?![A-Za-z])[ \t\u00a0]*(?:\n[ \t]*)?/g;
const SECTION_TOKEN = /\d+(?:\.\d+)*(?:\.(?!\d))?(?:[A-Z](?![A-Za-z]))?(?:[ ]?\((?:[a-zA-Z]{1,5}|\d{1,3})\))*/y;
const ARTICLE_TOKEN = /(?:[IVXLC]+|\d+)(?![A-Za-z0-9])/y;
const ATTACHMENT_TOKEN = /(?:\d+(?:\.\d+)*(?:\([a-z0-9]{1,4}\))?|[A-Z]{1,2}(?:-\d+)?|[IVX]+)(?![A-Za-z0-9])/y;
const LABELS_TOKEN = /(?:\((?:[a-zA-Z]{1,5}|\d{1,3})\))+/y;
const CONNECTOR = /\s*(?:,\s*(?:and\/or|and|or)?|and\/or|and|or|through|thru|to|-|–)\s*/y;
const RANGE_WORD = /through|thru|to|-|–/;
const INSTRUMENT_WORDS =
  "(?:Agreement|Contract|Indenture|Lease|Guaranty|Guarantee|License|Note|Notes|Plan|Amendment|Mortgage|Instrument|Documents?|Certificate|Charter|By-?laws|Act|Code)";
const SUFFIX = new RegExp(
  `^[ ,]*(?:(hereof|herein|hereto|hereunder|above|below|immediately\\s+(?:above|below|preceding|following))\\b|(?:of|in|to|under|pursuant\\s+to)\\s+(?:(this|these)\\s+|(?:the|such|said|that|each)\\s+)?(Section|Article|((?:[A-Z][\\w&'-]*\\s+){0,6}?${INSTRUMENT_WORDS})\\b))`,
);
const DEFINED_IN = new RegExp(
  `\\b(?:as\\s+)?(?:defined|described|set\\s+forth)\\s+(?:in|under)\\s+(?:the\\s+)?((?:[A-Z][\\w&'-]*\\s+){0,6}?${INSTRUMENT_WORDS})\\b`,
  "g",
);

/** Where a node sits: its enclosing section ref, attachment zone and enclosing definition node. */
export interface ReferenceScope {
  /** Normalised ref of the nearest enclosing section-like node ("7.2(b)"), or null. */
  containingRef: string | null;
  /** Attachment zone ("exhibit:a") the node sits in, or null for the body. */
  zone: string | null;
  /** The enclosing definition node, for "clause (b) of this definition". */
  definition: ProvisionNode | null;
}

const DEFINITION_SUFFIX =
  /^[ ,]*(?:of|in)\s+(?:(?:this|that|such)\s+definition|the\s+definition\s+(?:of\s+)?["“]([^"”]{1,80})["”])/;
/** A statute named before the keyword: "IRC Section 341(f)", "Treasury Regulations Section 1.1441-1". */
const STATUTE_PREFIX =
  /(?:^|[\s(])(IRC|Code|ERISA|FAR|DFARS|Treas(?:ury)?\.?\s+Reg(?:ulation)?s?\.?|Regulations?|U\.S\.C\.|C\.?F\.?R\.?|Securities\s+Act|Exchange\s+Act)\s*$/;
const STATUTE_SUFFIX = /^[ ,]*(?:of|under|in)\s+(?:the\s+)?([A-Z]{3,6})\b(?![A-Za-z]|\s+[A-Z]{2,})/;

/** A reference's kind and target; relative ones also carry the scope they were read in and their labels. */
interface ResolvedRaw {
  kind: CrossReferenceKind;
  target: string;
  relative: boolean;
  scope?: string;
  labels?: string;
}

type RefKind = "section" | "article" | "attachment" | "labels";

interface RawRef {
  start: number;
  end: number;
  kind: RefKind;
  keyword: string;
  value: string;
  range: boolean;
}

/**
 * Finds the cross-references in one node's own text. Rules:
 * - "Section(s)/§ n", "Article(s) n|roman", "Schedule/Exhibit/Annex/Appendix x", "clause/paragraph/
 *   subsection (x)" followed by lists joined by ",", "and", "or" and ranges "through/to/-".
 * - One CrossReference per listed target; the first carries the keyword ("Sections 2.1"), the next
 *   only their number ("2.3"). A label list after a section ("Section 7.2(a) and (b)") replaces the
 *   last label. Ranges add the existing sections strictly between the ends, their span being the
 *   whole range expression.
 * - Suffix "of/in/under the <Instrument>" names another instrument → external, unless the name means
 *   this document ("this Agreement", "hereof", the document's own title). In an amendment, "the
 *   Agreement" / the amended instrument's short name are external, and a bare reference that has no
 *   local node is taken as pointing into the amended instrument (external).
 * - Relative clause references ("clause (iii) above", "paragraph (b) of this Section", "subsection
 *   (a) hereof") resolve against the containing section: the nearest enclosing clause level that has
 *   such a label wins; "of Section 7.2" anchors them explicitly.
 * - "as defined in the Credit Agreement" → a kind "document" reference (external).
 */
export function extractReferences(
  text: string,
  segment: Segment,
  scope: ReferenceScope,
  ctx: ReferenceContext,
): CrossReference[] {
  const { containingRef } = scope;
  const own = text.slice(segment.start, segment.end);
  const out: CrossReference[] = [];
  KEYWORD.lastIndex = 0;
  for (let m = KEYWORD.exec(own); m !== null; m = KEYWORD.exec(own)) {
    const keyword = m[1] as string;
    const kind = keywordKind(keyword);
    const raws: RawRef[] = [];
    let pos = m.index + m[0].length;
    let first = true;
    let range = false;
    let itemStart = m.index;
    // the suffix ("of the Security Agreement") covers the items after the last repeated keyword
    let suffixGroup = 0;
    for (;;) {
      const token = readToken(own, pos, kind, first);
      if (token === null) break;
      raws.push({
        start: itemStart,
        end: pos + token.value.length,
        kind: token.kind,
        keyword,
        value: token.value,
        range,
      });
      pos += token.value.length;
      first = false;
      CONNECTOR.lastIndex = pos;
      const c = CONNECTOR.exec(own);
      if (c === null || c[0].trim().length === 0) break;
      // "Section 2.1 and Section 2.3": a repeated keyword is fine
      let next = pos + c[0].length;
      itemStart = next;
      const again = /^(?:Sections?|Articles?|Schedules?|Exhibits?|clauses?|paragraphs?)\s+/.exec(
        own.slice(next, next + 14),
      );
      if (again) {
        // only the same keyword repeats a list: "Exhibit A, Article V" is two lists
        if (again[0].slice(0, 4).toLowerCase() !== keyword.slice(0, 4).toLowerCase()) break;
        next += again[0].length;
        suffixGroup = raws.length;
      }
      const nextToken = readToken(own, next, kind, false);
      if (nextToken === null) break;
      // "Schedule C, 3(d)": a list keeps the shape of its first item (letters vs numbers)
      if (kind === "attachment" && /^\d/.test(nextToken.value) !== /^\d/.test(raws[0]?.value ?? "")) break;
      range = RANGE_WORD.test(c[0].trim()) && c[0].trim() !== ",";
      pos = next;
    }
    if (raws.length === 0) continue;
    // the list consumed everything up to `pos`: do not report its repeated keywords again
    if (KEYWORD.lastIndex < pos) KEYWORD.lastIndex = pos;
    // the EDGAR filing label at the top of a document ("Exhibit 10.12") is not a reference
    if (kind === "attachment" && segment.start + m.index < 200 && /^\s*$/.test(text.slice(0, segment.start + m.index)))
      continue;
    const suffixText = own.slice(pos, pos + 160);
    const suffix = SUFFIX.exec(suffixText);
    let anchorSection: string | null = null;
    let externalName: string | null = null;
    let explicitInternal = false;
    let relativeToThisSection = false;
    let definitionAnchor: ProvisionNode | null = null;
    const definitionSuffix = kind === "labels" ? DEFINITION_SUFFIX.exec(suffixText) : null;
    const statute = suffix === null ? STATUTE_SUFFIX.exec(suffixText) : null;
    if (definitionSuffix) {
      definitionAnchor = definitionSuffix[1]
        ? (ctx.definitionNodes.get(definitionSuffix[1]) ?? null)
        : scope.definition;
      if (definitionAnchor === null) explicitInternal = true;
    } else if (statute) externalName = statute[1] as string;
    // "IRC Section 341(f)": the statute named before the keyword covers the items before any repeated keyword
    const prefix = STATUTE_PREFIX.exec(own.slice(Math.max(0, m.index - 40), m.index));
    const prefixName = prefix ? (prefix[1] as string).replace(/\s+/g, " ") : null;
    if (suffix === null && externalName === null && definitionSuffix === null && suffixGroup === 0) {
      if (prefixName !== null) externalName = prefixName;
      // "Section 1.1441-1(a)": a regulation number, never a section of an agreement
      else if (kind === "section" && /^-\d/.test(own.slice(pos, pos + 2))) externalName = "Treasury Regulations";
    } else if (kind === "labels" && scope.definition !== null && !(suffix?.[3] === "Section"))
      definitionAnchor = scope.definition;
    if (suffix && definitionSuffix === null) {
      if (suffix[1]) explicitInternal = true;
      else if (suffix[3] === "Section" || suffix[3] === "Article") {
        if (suffix[2]) {
          // "of this Section" / "of this Section 7.2"
          relativeToThisSection = true;
          const explicit = /^\s*(\d+(?:\.\d+)*)/.exec(suffixText.slice(suffix[0].length));
          if (explicit) anchorSection = normaliseSectionRef(explicit[1] as string);
        } else if (kind === "labels") {
          const explicit = /^\s*(\d+(?:\.\d+)*(?:\([A-Za-z0-9]{1,5}\))*)/.exec(suffixText.slice(suffix[0].length));
          if (explicit) {
            anchorSection = normaliseSectionRef(explicit[1] as string);
            // consume "of Section 7.2" so the keyword scan does not report it again
            const consumed = pos + suffix[0].length + (explicit[0] as string).length;
            const lastRaw = raws[raws.length - 1] as RawRef;
            lastRaw.end = consumed;
            KEYWORD.lastIndex = consumed;
          }
        }
      } else if (suffix[2]) explicitInternal = true;
      else if (suffix[4]) externalName = classifyInstrument(suffix[4].trim(), ctx);
    }
    let previousSection: string | null = null;
    for (const [i, raw] of raws.entries()) {
      if (i < suffixGroup) {
        const bare = resolveRaw(raw, previousSection, containingRef, null, false);
        if (bare === null) continue;
        if (bare.kind === "section") previousSection = bare.target.slice("section:".length);
        out.push(finish(own, segment.start, raw, bare, prefixName, false, scope.zone, ctx));
        continue;
      }
      if (definitionAnchor !== null && raw.kind === "labels") {
        out.push(definitionReference(own, segment.start, raw, definitionAnchor));
        continue;
      }
      const resolved = resolveRaw(raw, previousSection, containingRef, anchorSection, relativeToThisSection);
      if (resolved === null) continue;
      if (resolved.kind === "section") previousSection = resolved.target.slice("section:".length);
      const ref = finish(own, segment.start, raw, resolved, externalName, explicitInternal, scope.zone, ctx);
      out.push(ref);
      if (raw.range && resolved.kind === "section")
        out.push(...rangeFill(out, ref, ctx, segment.start, own, scope.zone));
    }
  }
  DEFINED_IN.lastIndex = 0;
  for (let m = DEFINED_IN.exec(own); m !== null; m = DEFINED_IN.exec(own)) {
    const name = (m[1] as string).trim();
    const external = classifyInstrument(name, ctx);
    if (external === null) continue;
    const start = segment.start + m.index;
    const end = start + m[0].length;
    if (out.some((r) => r.start < end && r.end > start)) continue;
    out.push({
      text: text.slice(start, end),
      start,
      end,
      kind: "document",
      target: `document:${external.toLowerCase()}`,
      status: "external",
      targetNodeId: null,
      targetDocumentId: null,
      externalDocument: external,
    });
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

function keywordKind(keyword: string): RefKind {
  const k = keyword.toLowerCase();
  if (k.startsWith("section") || k.startsWith("sec.") || k.startsWith("§")) return "section";
  if (k.startsWith("article")) return "article";
  if (/^(?:schedule|exhibit|annex|appendix|appendices)/.test(k)) return "attachment";
  return "labels";
}

function readToken(own: string, pos: number, kind: RefKind, first: boolean): { value: string; kind: RefKind } | null {
  const tryToken = (re: RegExp, as: RefKind) => {
    re.lastIndex = pos;
    const m = re.exec(own);
    return m && m[0].length > 0 ? { value: m[0].replace(/\.$/, ""), kind: as } : null;
  };
  if (kind === "section")
    return tryToken(SECTION_TOKEN, "section") ?? (first ? null : tryToken(LABELS_TOKEN, "labels"));
  if (kind === "article") return tryToken(ARTICLE_TOKEN, "article");
  if (kind === "attachment") return tryToken(ATTACHMENT_TOKEN, "attachment");
  // "paragraph 5" / "clause 3.1" read as section numbers; "clause (b)" as labels
  return tryToken(LABELS_TOKEN, "labels") ?? (first ? tryToken(SECTION_TOKEN, "section") : null);
}

function resolveRaw(
  raw: RawRef,
  previousSection: string | null,
  containingRef: string | null,
  anchorSection: string | null,
  relativeToThisSection: boolean,
): ResolvedRaw | null {
  if (raw.kind === "section") {
    const n = normaliseSectionRef(raw.value);
    return n === null ? null : { kind: "section", target: `section:${n}`, relative: false };
  }
  if (raw.kind === "article") {
    const n = normaliseArticleRef(raw.value);
    return n === null ? null : { kind: "article", target: `article:${n}`, relative: false };
  }
  if (raw.kind === "attachment") {
    const word = raw.keyword
      .toLowerCase()
      .replace(/(?:es|s)$/, "")
      .replace(/appendice$/, "appendix");
    const kind: CrossReferenceKind = word === "schedule" ? "schedule" : word === "exhibit" ? "exhibit" : "annex";
    return { kind, target: `${word}:${attachmentLabel(raw.value)}`, relative: false };
  }
  const labels = raw.value.replace(/\s+/g, "");
  if (previousSection !== null && raw.keyword.toLowerCase().startsWith("section")) {
    // "Section 7.2(a) and (b)": (b) replaces the last label of the previous section reference
    const base = parentSectionRef(previousSection) ?? previousSection;
    return { kind: "section", target: `section:${base}${labels}`, relative: false };
  }
  if (anchorSection !== null) return { kind: "clause", target: `section:${anchorSection}${labels}`, relative: false };
  if (containingRef === null) return { kind: "clause", target: `clause:${labels}`, relative: false };
  if (relativeToThisSection) {
    return { kind: "clause", target: `section:${sectionBase(containingRef)}${labels}`, relative: false };
  }
  return { kind: "clause", target: `section:${containingRef}${labels}`, relative: true, scope: containingRef, labels };
}

function sectionBase(ref: string): string {
  const i = ref.indexOf("(");
  return i < 0 ? ref : ref.slice(0, i);
}

/** External instrument name, or null when the name means this document. */
function classifyInstrument(name: string, ctx: ReferenceContext): string | null {
  const lower = name.toLowerCase();
  if (ctx.selfNames.has(lower)) return null;
  if (ctx.role !== "amendment" && lower === "agreement") return null;
  if ((ctx.role === "amendment" || ctx.role === "side_letter") && /^(?:this\s+)?amendment$/.test(lower)) return null;
  return name;
}

/** "clause (b) of this definition": resolved to the definition node (its clauses are not nodes of their own). */
function definitionReference(own: string, offset: number, raw: RawRef, definition: ProvisionNode): CrossReference {
  const term = definition.definesTerms[0] ?? "";
  return {
    text: own.slice(raw.start, raw.end),
    start: offset + raw.start,
    end: offset + raw.end,
    kind: "clause",
    target: `definition:${term}${raw.value.replace(/\s+/g, "")}`,
    status: "resolved",
    targetNodeId: definition.id,
    targetDocumentId: null,
    externalDocument: null,
  };
}

function finish(
  own: string,
  offset: number,
  raw: RawRef,
  resolved: ResolvedRaw,
  externalName: string | null,
  explicitInternal: boolean,
  zone: string | null,
  ctx: ReferenceContext,
): CrossReference {
  const { kind, target, relative } = resolved;
  const start = offset + raw.start;
  const end = offset + raw.end;
  const base: CrossReference = {
    text: own.slice(raw.start, raw.end),
    start,
    end,
    kind,
    target,
    status: "dangling",
    targetNodeId: null,
    targetDocumentId: null,
    externalDocument: null,
  };
  if (externalName !== null) return { ...base, status: "external", externalDocument: externalName };
  let node: ProvisionNode | null = null;
  if (relative) {
    // "clause (iii) above" inside 7.2(b)(i): try 7.2(b)(i)(iii), 7.2(b)(iii), 7.2(iii)
    const labels = resolved.labels ?? "";
    let scope: string | null = resolved.scope ?? null;
    for (; scope !== null && node === null; scope = parentSectionRef(scope)) {
      node = ctx.lookup.exact(`section:${scope}${labels}`, zone);
      if (node) base.target = `section:${scope}${labels}`;
    }
    if (node === null) node = ctx.lookup.find(target, zone);
  } else node = ctx.lookup.find(target, zone);
  if (node !== null) return { ...base, status: "resolved", targetNodeId: node.id };
  if (!explicitInternal && ctx.amendedName !== null && !relative) {
    return { ...base, status: "external", externalDocument: ctx.amendedName };
  }
  return base;
}

/** Sections strictly between the two ends of "Sections 2.1 through 2.4" that exist in the document. */
function rangeFill(
  out: CrossReference[],
  last: CrossReference,
  ctx: ReferenceContext,
  offset: number,
  own: string,
  zone: string | null,
): CrossReference[] {
  const firstRef = out[out.length - 2];
  if (firstRef?.kind !== "section" || last.status === "external") return [];
  const a = /^section:((?:\d+\.)*)(\d+)$/.exec(firstRef.target);
  const b = /^section:((?:\d+\.)*)(\d+)$/.exec(last.target);
  if (!a || !b || a[1] !== b[1]) return [];
  const from = Number(a[2]);
  const to = Number(b[2]);
  if (to - from > 50 || to <= from + 1) return [];
  const fill: CrossReference[] = [];
  const start = firstRef.start;
  const end = last.end;
  for (let n = from + 1; n < to; n++) {
    const target = `section:${a[1]}${n}`;
    const node = ctx.lookup.exact(target, zone);
    if (!node) continue;
    fill.push({
      text: own.slice(start - offset, end - offset),
      start,
      end,
      kind: "section",
      target,
      status: "resolved",
      targetNodeId: node.id,
      targetDocumentId: null,
      externalDocument: null,
    });
  }
  return fill;
}
