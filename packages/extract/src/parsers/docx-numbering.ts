import { toRoman } from "@lexnav/document-model";

/**
 * Reconstructs the printed labels of numbered paragraphs ("1.", "(a)", "Section 2.01") from a
 * DOCX's numbering definitions, which mammoth reads but does not expose. Works on the raw XML
 * with a tag scanner: only numbering properties are needed, not a full XML tree.
 */

interface LevelDef {
  numFmt: string;
  lvlText: string;
  start: number;
  isLgl: boolean;
  pStyle: string | null;
}

interface AbstractNum {
  levels: Map<number, LevelDef>;
  numStyleLink: string | null;
}

interface NumDef {
  abstractId: string;
  startOverrides: Map<number, number>;
  levelOverrides: Map<number, LevelDef>;
}

export interface NumberingDefinitions {
  abstracts: Map<string, AbstractNum>;
  nums: Map<string, NumDef>;
  /** numbering style id → numId (styles.xml), for abstractNums that link to a style. */
  styleNumIds: Map<string, string>;
}

/** One numbered paragraph, in document order: its level and the label Word would print (null for bullets). */
export interface NumberedParagraph {
  level: number;
  label: string | null;
}

const TAG = /<(\/?)([A-Za-z][\w.-]*:[\w.-]+|[A-Za-z][\w.-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;

function attr(attrs: string, name: string): string | null {
  const m = new RegExp(`(?:^|\\s)${name.replace(":", "\\:")}\\s*=\\s*"([^"]*)"`).exec(attrs);
  return m?.[1] === undefined ? null : decodeEntities(m[1]);
}

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const l = e.toLowerCase();
    if (l === "amp") return "&";
    if (l === "lt") return "<";
    if (l === "gt") return ">";
    if (l === "quot") return '"';
    if (l === "apos") return "'";
    const cp = l.startsWith("#x") ? Number.parseInt(l.slice(2), 16) : Number.parseInt(l.slice(1), 10);
    return Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : "";
  });
}

/** Reads numbering.xml (and the numbering styles of styles.xml). Missing parts give empty definitions. */
export function readNumberingDefinitions(numberingXml: string | null, stylesXml: string | null): NumberingDefinitions {
  const abstracts = new Map<string, AbstractNum>();
  const nums = new Map<string, NumDef>();
  const styleNumIds = new Map<string, string>();
  if (numberingXml) {
    let abstract: AbstractNum | null = null;
    let num: NumDef | null = null;
    let lvl: { ilvl: number; def: LevelDef } | null = null;
    let overrideIlvl: number | null = null;
    for (const m of numberingXml.matchAll(TAG)) {
      const [, close, name, attrs = "", selfClose] = m;
      if (close) {
        if (name === "w:lvl" && lvl) {
          if (num && overrideIlvl !== null) num.levelOverrides.set(lvl.ilvl, lvl.def);
          else abstract?.levels.set(lvl.ilvl, lvl.def);
          lvl = null;
        } else if (name === "w:abstractNum") abstract = null;
        else if (name === "w:num") num = null;
        else if (name === "w:lvlOverride") overrideIlvl = null;
        continue;
      }
      switch (name) {
        case "w:abstractNum": {
          const id = attr(attrs, "w:abstractNumId");
          abstract = { levels: new Map(), numStyleLink: null };
          if (id !== null) abstracts.set(id, abstract);
          break;
        }
        case "w:num": {
          const id = attr(attrs, "w:numId");
          num = { abstractId: "", startOverrides: new Map(), levelOverrides: new Map() };
          if (id !== null && !selfClose) nums.set(id, num);
          break;
        }
        case "w:abstractNumId":
          if (num) num.abstractId = attr(attrs, "w:val") ?? "";
          break;
        case "w:lvlOverride":
          overrideIlvl = Number(attr(attrs, "w:ilvl") ?? "0");
          break;
        case "w:startOverride":
          if (num && overrideIlvl !== null) num.startOverrides.set(overrideIlvl, Number(attr(attrs, "w:val") ?? "1"));
          break;
        case "w:lvl":
          lvl = {
            ilvl: Number(attr(attrs, "w:ilvl") ?? "0"),
            def: { numFmt: "decimal", lvlText: "", start: 1, isLgl: false, pStyle: null },
          };
          if (selfClose) lvl = null;
          break;
        case "w:start":
          if (lvl) lvl.def.start = Number(attr(attrs, "w:val") ?? "1");
          break;
        // Newer Word writes numFmt twice inside mc:AlternateContent; the Fallback (last) is the portable one.
        case "w:numFmt":
          if (lvl) lvl.def.numFmt = attr(attrs, "w:val") ?? "decimal";
          break;
        case "w:lvlText":
          if (lvl) lvl.def.lvlText = attr(attrs, "w:val") ?? "";
          break;
        case "w:isLgl":
          if (lvl) lvl.def.isLgl = attr(attrs, "w:val") !== "0" && attr(attrs, "w:val") !== "false";
          break;
        case "w:pStyle":
          if (lvl) lvl.def.pStyle = attr(attrs, "w:val");
          break;
        case "w:numStyleLink":
          if (abstract && !lvl) abstract.numStyleLink = attr(attrs, "w:val");
          break;
      }
    }
  }
  if (stylesXml) {
    let styleId: string | null = null;
    for (const m of stylesXml.matchAll(TAG)) {
      const [, close, name, attrs = ""] = m;
      if (name === "w:style")
        styleId = close ? null : attr(attrs, "w:type") === "numbering" ? attr(attrs, "w:styleId") : null;
      else if (name === "w:numId" && styleId && !close) {
        const v = attr(attrs, "w:val");
        if (v !== null) styleNumIds.set(styleId, v);
      }
    }
  }
  return { abstracts, nums, styleNumIds };
}

interface ParagraphNumPr {
  numId: string | null;
  ilvl: string | null;
  styleId: string | null;
  deleted: boolean;
}

/**
 * Lists the numbered paragraphs of document.xml in the order mammoth reads them (preorder, skipping
 * mc:Choice, tracked property changes and paragraphs whose mark was deleted), with the label each prints.
 */
export function numberedParagraphs(documentXml: string, defs: NumberingDefinitions): NumberedParagraph[] {
  const paragraphs: ParagraphNumPr[] = [];
  const stack: ParagraphNumPr[] = [];
  let skip: { name: string; depth: number } | null = null;
  let pPrDepth = -1; // stack depth whose w:pPr we are inside
  let inPPrRPr = false;
  for (const m of documentXml.matchAll(TAG)) {
    const [, close, name = "", attrs = "", selfClose] = m;
    if (skip) {
      if (name === skip.name) skip.depth += close ? -1 : selfClose ? 0 : 1;
      if (skip.depth === 0) skip = null;
      continue;
    }
    if (
      !close &&
      !selfClose &&
      (name === "mc:Choice" || name === "w:pPrChange" || name === "w:rPrChange" || name === "w:moveFrom")
    ) {
      skip = { name, depth: 1 };
      continue;
    }
    const top = stack[stack.length - 1];
    if (name === "w:p") {
      if (close) {
        stack.pop();
        if (pPrDepth > stack.length) pPrDepth = -1;
      } else {
        const p: ParagraphNumPr = { numId: null, ilvl: null, styleId: null, deleted: false };
        paragraphs.push(p);
        if (!selfClose) stack.push(p);
      }
    } else if (name === "w:pPr" && top) {
      pPrDepth = close ? -1 : selfClose ? -1 : stack.length;
    } else if (top && pPrDepth === stack.length) {
      if (name === "w:rPr") inPPrRPr = !close && !selfClose;
      else if (!close && name === "w:pStyle") top.styleId = attr(attrs, "w:val");
      else if (!close && name === "w:numId") top.numId = attr(attrs, "w:val");
      else if (!close && name === "w:ilvl") top.ilvl = attr(attrs, "w:val");
      else if (!close && name === "w:del" && inPPrRPr) top.deleted = true;
    }
  }

  const styleLevels = new Map<string, { abstractId: string; ilvl: number }>();
  for (const [abstractId, a] of defs.abstracts) {
    for (const [ilvl, l] of a.levels) if (l.pStyle) styleLevels.set(l.pStyle, { abstractId, ilvl });
  }
  const counters = new Map<string, Map<number, number>>();
  const out: NumberedParagraph[] = [];
  for (const p of paragraphs) {
    if (p.deleted) continue;
    const resolved = resolve(p, defs, styleLevels);
    if (!resolved) continue;
    const { numId, abstractId, ilvl } = resolved;
    const num = numId === null ? undefined : defs.nums.get(numId);
    const levelDef = (l: number): LevelDef | undefined => num?.levelOverrides.get(l) ?? levelOf(defs, abstractId, l);
    const startOf = (l: number): number => num?.startOverrides.get(l) ?? levelDef(l)?.start ?? 1;
    // Lists restarted with an override are their own instance; otherwise instances of one abstract list continue.
    const key = num && num.startOverrides.size > 0 ? `num:${numId}` : `abs:${abstractId}`;
    let count = counters.get(key);
    if (!count) {
      count = new Map();
      counters.set(key, count);
    }
    const prev = count.get(ilvl);
    count.set(ilvl, prev === undefined ? startOf(ilvl) : prev + 1);
    for (const l of [...count.keys()]) if (l > ilvl) count.delete(l);
    const def = levelDef(ilvl);
    let label: string | null = null;
    if (def && def.numFmt !== "bullet" && def.numFmt !== "none" && def.lvlText) {
      label = def.lvlText.replace(/%([1-9])/g, (_, d: string) => {
        const l = Number(d) - 1;
        const n = count.get(l) ?? startOf(l);
        const fmt = def.isLgl && l < ilvl ? "decimal" : (levelDef(l)?.numFmt ?? "decimal");
        return formatNumber(n, fmt);
      });
      label = label.trim() || null;
    }
    out.push({ level: ilvl, label });
  }
  return out;
}

function levelOf(defs: NumberingDefinitions, abstractId: string, ilvl: number): LevelDef | undefined {
  return defs.abstracts.get(abstractId)?.levels.get(ilvl);
}

function resolve(
  p: ParagraphNumPr,
  defs: NumberingDefinitions,
  styleLevels: Map<string, { abstractId: string; ilvl: number }>,
): { numId: string | null; abstractId: string; ilvl: number } | null {
  // Same precedence as mammoth: explicit numId+ilvl, then a level linked to the paragraph style, then numId alone.
  const viaNum = (numId: string, ilvl: number) => {
    const abstractId = abstractFor(defs, numId);
    return abstractId !== null && levelOf(defs, abstractId, ilvl) ? { numId, abstractId, ilvl } : null;
  };
  if (p.numId !== null && p.ilvl !== null) return viaNum(p.numId, Number(p.ilvl));
  if (p.styleId !== null) {
    const s = styleLevels.get(p.styleId);
    if (s) {
      let numId: string | null = null;
      for (const [id, n] of defs.nums) if (n.abstractId === s.abstractId) numId ??= id;
      return { numId, abstractId: s.abstractId, ilvl: s.ilvl };
    }
  }
  if (p.numId !== null) return viaNum(p.numId, 0);
  return null;
}

function abstractFor(defs: NumberingDefinitions, numId: string): string | null {
  const seen = new Set<string>();
  let id: string | undefined = numId;
  while (id !== undefined && !seen.has(id)) {
    seen.add(id);
    const abstractId = defs.nums.get(id)?.abstractId;
    if (abstractId === undefined) return null;
    const link = defs.abstracts.get(abstractId)?.numStyleLink;
    if (!link) return defs.abstracts.has(abstractId) ? abstractId : null;
    id = defs.styleNumIds.get(link);
  }
  return null;
}

/** Formats a list counter the way Word prints it for the common number formats. */
export function formatNumber(n: number, numFmt: string): string {
  switch (numFmt) {
    case "lowerLetter":
      return letters(n);
    case "upperLetter":
      return letters(n).toUpperCase();
    case "lowerRoman":
      return roman(n).toLowerCase();
    case "upperRoman":
      return roman(n);
    case "decimalZero":
      return n < 10 ? `0${n}` : String(n);
    case "ordinal": {
      const t = n % 100;
      const suffix = t >= 11 && t <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
      return `${n}${suffix}`;
    }
    default:
      return String(n);
  }
}

/** Word's letter numbering: a..z, then aa..zz, aaa... */
function letters(n: number): string {
  if (n < 1) return String(n);
  const ch = String.fromCharCode(97 + ((n - 1) % 26));
  return ch.repeat(Math.floor((n - 1) / 26) + 1);
}

function roman(n: number): string {
  return n < 1 || n > 3999 ? String(n) : toRoman(n);
}
