import { stableId } from "@lexnav/core";
import {
  countTokens as countTokensDefault,
  type DefinedTerm,
  type DocumentStructure,
  type Extraction,
  emptyFlags,
  type NodeKind,
  type ProvisionNode,
} from "@lexnav/document-model";
import { capitalsHeadingAbove, signatureAt, signedBetween } from "./closing-lines.ts";
import {
  isOpeningLine,
  isTitleLine,
  RE_ANNEX_LINE,
  RE_ARTICLE,
  RE_DEFINITION,
  RE_DEFINITION_COLON,
  RE_DOTTED,
  RE_INLINE_DEFINITION,
  RE_INLINE_NUM_CAPS,
  RE_INLINE_NUM_CAPS_TIGHT,
  RE_INLINE_NUM_CAPS_WORD,
  RE_INLINE_OTHER,
  RE_INLINE_TRIGGER,
  RE_LETTER_DOT,
  RE_PAREN,
  RE_RECITALS_HEADING,
  RE_SECTION,
  RE_TOC_HEADING,
  RE_WHEREAS,
  RE_WITNESS,
} from "./line-patterns.ts";
import { articleNumber, isSuccessor, type LabelStyle, letterValue, romanValue } from "./numbering.ts";
import { runTogetherNumbers } from "./run-together.ts";
import { isTocEntryLine, type Line, parseTocRef, readToc, type TocDraft } from "./toc.ts";

/** Input of {@link buildProvisionTree}: one extracted document version. */
export interface ProvisionTreeInput {
  documentId: string;
  version: string;
  extraction: Extraction;
}

/** Options of {@link buildProvisionTree}. */
export interface ProvisionTreeOptions {
  /** Token counter; defaults to cl100k_base `countTokens`. Benchmarks may pass a cheaper estimate. */
  countTokens?: (text: string) => number;
}

/** One labelled candidate found at the start of a line or inline segment. */
interface Candidate {
  at: number;
  /** End of the line/segment the label sits on (for titles). */
  lineEnd: number;
  type: "article" | "numbered" | "label" | "definition" | "whereas" | "witness" | "annex";
  label: string;
  /** Possible styles with their ordinal value, most likely first. */
  styles: Array<{ style: LabelStyle; value: number }>;
  parts: number[] | null;
  /** Number as printed, without the word or a trailing dot: "7.02". */
  number?: string;
  term: string | null;
  /** Offset after the label, where a heading may follow. */
  afterLabel: number;
  inline: boolean;
  /** Seen only by a weak inline pattern: placed only as the exact next top-level number. */
  weak?: boolean;
  /** One of the numbers of a run-together numbering (`run-together.ts`): as strong as a number opening a line. */
  chained?: boolean;
  annexKind?: "exhibit" | "schedule" | "annex" | "appendix" | "attachment";
  annexTitle?: string | null;
}

interface Draft {
  kind: NodeKind;
  start: number;
  end: number;
  fixedEnd: number | null;
  parent: number;
  children: number[];
  clauseRef: string | null;
  fullRef: string | null;
  title: string | null;
  style: LabelStyle | null;
  value: number;
  parts: number[] | null;
  definesTerms: string[];
  isTocEntry: boolean;
  /** Normalised key for TOC matching ("section:1.01"), when the node is a listed kind. */
  key: string | null;
  /** Zone prefix for fullRefs inside exhibits/schedules ("Exhibit A"). */
  zoneRef: string | null;
  /** The zone (root or exhibit/schedule/annex node) the node was placed in. */
  zone: number;
}

const ROOT = 0;

/** Most levels of provisions under a zone (the document or an annex): no corpus document nests past 10 but runaway lists. */
const MAX_NESTING = 12;

/**
 * Builds the provision tree of one extracted document: articles, sections, clauses, definitions,
 * recitals, TOC, signature blocks, exhibits/schedules/annexes and tables, following the
 * instrument's own numbering. Every node satisfies `text.slice(node.start, node.end)` = its text,
 * children lie inside their parent and siblings are ordered and disjoint.
 */
export function buildProvisionTree(input: ProvisionTreeInput, options: ProvisionTreeOptions = {}): DocumentStructure {
  const { documentId, version, extraction } = input;
  const text = extraction.text;
  const drafts: Draft[] = [makeDraft("document", 0, ROOT)];
  (drafts[ROOT] as Draft).parent = -1;
  (drafts[ROOT] as Draft).end = text.length;

  const lines = splitLines(text);
  // the clause numbers of text whose paragraphs were run together, read as one numbering (`run-together.ts`),
  // handed to the lines they fall on in order (`next` is the first not yet handed)
  const chained = runTogetherNumbers(text);
  let next = 0;
  const builder = new TreeBuilder(text, drafts);
  const tocs: Array<{ toc: TocDraft; zone: number }> = [];

  let titleSeen = false;
  let preambleSeen = false;
  let recitalMode = false;
  let prevLineText = "";
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li] as Line;
    const front = builder.phase === "front";
    // A TOC opens an instrument: at the front, at the top of an exhibit (a conformed copy), or after
    // a signature block when a second instrument follows in the same filing.
    const tocAllowed = builder.phase !== "annex" || builder.zoneIsFresh();
    if (tocAllowed && line.text.length > 0) {
      const headed = RE_TOC_HEADING.test(line.text);
      const dense =
        !headed &&
        (front || builder.phase === "annex") &&
        parseTocRef(line.text) !== null &&
        isTocEntryLine(line.text) &&
        denseRun(lines, li);
      if (headed || dense) {
        const read = readToc(lines, li, headed);
        // Mid-document, only a TOC whose listing starts again at 1 opens a second instrument.
        const restart = builder.phase === "signature" || builder.phase === "body";
        if (read !== null && (!restart || startsAtOne(read.toc))) {
          if (restart) {
            builder.restartInstrument();
            preambleSeen = false;
            recitalMode = false;
          }
          tocs.push({ toc: read.toc, zone: builder.currentZone() });
          builder.addToc(read.toc);
          li = read.next - 1;
          prevLineText = "";
          continue;
        }
      }
    }
    if (front && !titleSeen && !preambleSeen && isTitleLine(line.text)) {
      titleSeen = true;
      builder.addFixed("title", line.start, line.end, line.text.replace(/\s+/g, " "));
      prevLineText = line.text;
      continue;
    }
    if (front && !preambleSeen && isOpeningLine(line.text) && !RE_WHEREAS.test(line.text)) {
      preambleSeen = true;
      builder.addPreamble(line.start);
    }
    if (front && RE_RECITALS_HEADING.test(line.text)) recitalMode = true;
    if (recitalMode && RE_RECITALS_END.test(line.text)) recitalMode = false;

    if (line.text.length === 0) {
      prevLineText = "";
      continue;
    }
    // a close without a testimonium ("Agreed this … day of", a run of By:/Name:/Title: rows) after the body
    const signature = builder.phase === "body" ? signatureAt(lines, li) : null;
    if (signature !== null) {
      // a block printed as a table opens and ends with its table
      const from = (lines[signature.from] as Line).start;
      const to = (lines[signature.to] as Line).end;
      const tables = extraction.blocks.filter((b) => b.kind === "table");
      const opening = tables.find((b) => b.start < from && from < b.end);
      const closing = tables.find((b) => b.start < to && to < b.end);
      builder.openSignature(opening?.start ?? from, line.start, closing?.end ?? to);
      prevLineText = line.text;
      continue;
    }
    const gated = isGated(line, prevLineText);
    while (next < chained.length && (chained[next] as number) < line.start) next++;
    const onLine: number[] = [];
    while (next < chained.length && (chained[next] as number) < line.end) onLine.push(chained[next++] as number);
    const cands = scanLine(text, line, onLine);
    for (let ci = 0; ci < cands.length; ci++) {
      const cand = cands[ci] as Candidate;
      const structural = cand.type === "label" || cand.type === "numbered" || cand.type === "article";
      if (structural && !cand.inline && !gated && cand.chained !== true) continue;
      if (cand.type === "annex" && !annexTitleOk(cand.annexTitle ?? null)) continue;
      if (cand.type === "annex" && builder.phase === "body" && (!gated || !annexHeadingInBody(cand, lines, li))) {
        continue;
      }
      // Provisions a signature page comes before ("TERMS AND CONDITIONS" then "1. CONSTRUCTION", an amendment
      // filed after the agreement it amends): a clause numbered 1 after the signatory rows starts them, as a
      // second instrument of the filing, with the capitals heading just above it as its title.
      const testimonium = builder.openTestimonium();
      if (
        testimonium !== null &&
        !cand.inline &&
        cand.type === "numbered" &&
        cand.styles[0]?.style === "dot:1" &&
        cand.styles[0].value === 1 &&
        signedBetween(lines, testimonium, li)
      ) {
        builder.restartInstrument();
        const heading = capitalsHeadingAbove(lines, li, testimonium);
        if (heading !== null) builder.addFixed("title", heading.start, heading.end, heading.text.replace(/\s+/g, " "));
        preambleSeen = true;
        recitalMode = false;
      }
      builder.setLookahead(() => peekLabel(text, lines, li, cand.at));
      if (recitalMode && builder.phase === "front" && cand.type === "label") {
        const s = cand.styles[0];
        if (
          s !== undefined &&
          (s.style === "letter-dot-upper" || s.style === "paren-upper" || s.style === "paren-digit")
        ) {
          builder.addRecital(cand);
          continue;
        }
      }
      // "1.", "2." under RECITALS are recitals too, when the recitals visibly end before the body
      // ("NOW, THEREFORE", "... agrees as follows:"); else the body's own "1." would nest under them.
      if (
        recitalMode &&
        builder.phase === "front" &&
        cand.type === "numbered" &&
        cand.styles[0]?.style === "dot:1" &&
        recitalsEndAhead(lines, li)
      ) {
        builder.addRecital(cand);
        continue;
      }
      builder.place(cand, li, lines);
    }
    prevLineText = line.text;
  }

  builder.finish(extraction.blocks);
  addTables(extraction, drafts);
  const nodes = materialise(documentId, text, extraction, drafts, options.countTokens ?? countTokensDefault);
  const definitions = collectDefinitions(documentId, text, nodes);

  // The summary describes the largest TOC; its refs are looked up in the zone it opens.
  let best: { toc: TocDraft; zone: number } | null = null;
  const keyed = (t: TocDraft) => t.entries.filter((e) => e.key !== null).length;
  for (const t of tocs) if (best === null || keyed(t.toc) > keyed(best.toc)) best = t;
  const toc = best?.toc ?? null;
  const listedRefs: string[] = [];
  if (toc !== null) {
    for (const e of toc.entries) if (e.key !== null && !listedRefs.includes(e.key)) listedRefs.push(e.key);
  }
  const bodyKeys = new Set<string>();
  for (const d of drafts) if (d.key !== null && !d.isTocEntry && d.zone === best?.zone) bodyKeys.add(d.key);
  return {
    documentId,
    version,
    nodes,
    definitions,
    toc: {
      span: toc === null ? null : { start: toc.start, end: toc.end },
      listedRefs,
      foundRefs: listedRefs.filter((k) => bodyKeys.has(k)),
    },
  };
}

function startsAtOne(toc: TocDraft): boolean {
  const first = toc.entries.find((e) => e.key !== null)?.key;
  return typeof first === "string" && /^(?:article|section):(?:1|I|1\.0?1)$/.test(first);
}

function makeDraft(kind: NodeKind, start: number, parent: number): Draft {
  return {
    kind,
    start,
    end: start,
    fixedEnd: null,
    parent,
    children: [],
    clauseRef: null,
    fullRef: null,
    title: null,
    style: null,
    value: 0,
    parts: null,
    definesTerms: [],
    isTocEntry: false,
    key: null,
    zoneRef: null,
    zone: ROOT,
  };
}

/** Non-blank lines with their trimmed extent. */
function splitLines(text: string): Line[] {
  const out: Line[] = [];
  let pos = 0;
  const n = text.length;
  while (pos < n) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = n;
    let s = pos;
    while (s < nl && isSpace(text.charCodeAt(s))) s++;
    let e = nl;
    while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
    out.push({ start: s, end: e, text: e > s ? text.slice(s, e) : "", indent: s - pos });
    pos = nl + 1;
  }
  return out;
}

/** Exactly the characters `String.prototype.trim` removes, so trimmed spans equal `text.trim()`. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return (
    c === 160 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

function denseRun(lines: Line[], from: number): boolean {
  let seen = 0;
  let hits = 0;
  for (let i = from + 1; i < lines.length && seen < 6; i++) {
    const t = (lines[i] as Line).text;
    if (t.length === 0) continue;
    seen++;
    if (isTocEntryLine(t)) hits++;
  }
  return hits >= 4;
}

/**
 * In hard-wrapped text a label at column 0 after a line that ended mid-sentence is a wrapped word
 * ("...the sum of\n(b) the Prime Rate"), not structure.
 */
/** The line that closes the recitals: "NOW, THEREFORE, ..." or a lead-in ending "agree(s) as follows:". */
const RE_RECITALS_END =
  /^(?:NOW,? THEREFORE|Now,? Therefore|NOW THEREFORE)|\b(?:agrees?|covenants?|AGREES?|COVENANTS?)\s+(?:as\s+follows|AS\s+FOLLOWS)\s*[:.]?\s*$/;

/** True when a line closing the recitals comes within the next 60 lines. */
function recitalsEndAhead(lines: Line[], li: number): boolean {
  for (let j = li + 1; j < lines.length && j <= li + 60; j++)
    if (RE_RECITALS_END.test((lines[j] as Line).text)) return true;
  return false;
}

function isGated(line: Line, prevLineText: string): boolean {
  if (line.indent > 0) return true;
  if (prevLineText.length === 0) return true;
  return /[.:;"”)]$/.test(prevLineText) || prevLineText.length < 60;
}

/** The next wordless label after `after`, for "(i)": letter or roman? */
function peekLabel(text: string, lines: Line[], li: number, after: number): Candidate | null {
  for (let j = li; j < lines.length && j <= li + 40; j++) {
    const line = lines[j] as Line;
    if (line.text.length === 0) continue;
    for (const c of scanLine(text, line)) if (c.at > after && c.type === "label") return c;
  }
  return null;
}

/**
 * In the body an "EXHIBIT A" line starts a trailing exhibit only when printed in capitals and not
 * part of a list of exhibits (a neighbouring line naming another one).
 */
function annexHeadingInBody(c: Candidate, lines: Line[], li: number): boolean {
  if (!/^[A-Z]+ /.test(c.label)) return false;
  for (const j of [li - 1, li + 1, li - 2, li + 2]) {
    const m = RE_ANNEX_LINE.exec(lines[j]?.text ?? "");
    // The same exhibit named just before it ("Exhibit A Amended Loan Agreement [See attached.]") is its cover line, not a list.
    if (m !== null && !(m[1]?.toLowerCase() === c.annexKind && m[2] === c.term)) return false;
  }
  return true;
}

/** An ALL-CAPS heading of at least three letters ("INDEMNITY", "RISK OF LOSS AND INSURANCE"). */
function capsHeading(title: string | null): boolean {
  return title !== null && /[A-Z]{3}/.test(title) && title === title.toUpperCase();
}

/** "Form of Note" or "FORM OF NOTE" is a heading; "correctly sets forth a summary" is a wrapped sentence. */
function annexTitleOk(title: string | null): boolean {
  if (title === null) return true;
  if (title === title.toUpperCase()) return true;
  const words = title.split(/\s+/);
  const lower = words.filter(
    (w) => /^[a-z]/.test(w) && !/^(of|and|or|the|to|in|for|on|by|with|a|an|as|at|under)$/.test(w),
  );
  return lower.length <= 1 && words.length <= 14;
}

const ALPHA_ROMAN_AMBIGUOUS = new Set(["i", "v", "x", "I", "V", "X"]);

function labelStyles(label: string, paren: boolean): Array<{ style: LabelStyle; value: number }> {
  const out: Array<{ style: LabelStyle; value: number }> = [];
  if (/^\d+$/.test(label)) {
    if (paren) out.push({ style: "paren-digit", value: Number(label) });
    return out;
  }
  const lower = label === label.toLowerCase();
  const letter = letterValue(label);
  const roman = romanValue(label);
  if (paren) {
    if (letter !== null) out.push({ style: lower ? "paren-lower" : "paren-upper", value: letter });
    if (roman !== null && (label.length > 1 || ALPHA_ROMAN_AMBIGUOUS.has(label))) {
      out.push({ style: lower ? "paren-roman" : "paren-upper-roman", value: roman });
    }
  } else {
    if (letter !== null && label.length === 1)
      out.push({ style: lower ? "letter-dot-lower" : "letter-dot-upper", value: letter });
    if (roman !== null && (label.length > 1 || ALPHA_ROMAN_AMBIGUOUS.has(label))) {
      out.push({ style: lower ? "roman-dot-lower" : "roman-dot-upper", value: roman });
    }
  }
  return out;
}

/**
 * Candidates on one line: at its start, inline segments in long unwrapped lines, and the numbers of a
 * run-together numbering that fall on it (`chained`: their offsets).
 */
function scanLine(text: string, line: Line, chained: readonly number[] = []): Candidate[] {
  const out: Candidate[] = [];
  const first = scanAt(text, line.start, line.end, false);
  if (first !== null) out.push(first);
  if (line.end - line.start > 80) {
    // A cheap trigger (sentence end + spaces) first; the precise sticky patterns only run there.
    const slice = line.text;
    RE_INLINE_TRIGGER.lastIndex = 0;
    for (let m = RE_INLINE_TRIGGER.exec(slice); m !== null; m = RE_INLINE_TRIGGER.exec(slice)) {
      const at = line.start + m.index + m[0].length;
      const wide = (m[1] as string).length >= 2;
      // A redaction mark "[***]" ends a sentence as well as a full stop does.
      const sentenceEnd = /[.;:\]]/.test(m[0][0] as string);
      const ok = wide
        ? stickyAt(RE_INLINE_NUM_CAPS, text, at) !== null || stickyAt(RE_INLINE_OTHER, text, at) !== null
        : sentenceEnd && stickyAt(RE_INLINE_NUM_CAPS_TIGHT, text, at) !== null;
      const weak = !ok && !wide && sentenceEnd && stickyAt(RE_INLINE_NUM_CAPS_WORD, text, at) !== null;
      if (!ok && !weak) continue;
      const c = scanAt(text, at, line.end, true);
      if (c !== null) out.push(weak ? { ...c, weak: true } : c);
    }
  }
  if (chained.length > 0) {
    for (const at of chained) {
      const i = out.findIndex((c) => c.at === at);
      if (i >= 0) {
        out[i] = { ...(out[i] as Candidate), chained: true };
        continue;
      }
      const c = scanAt(text, at, line.end, at !== line.start);
      if (c !== null && c.type === "numbered") out.push({ ...c, chained: true });
    }
    out.sort((a, b) => a.at - b.at);
  }
  // Each candidate's segment ends where the next inline one starts.
  for (let i = 0; i < out.length - 1; i++) (out[i] as Candidate).lineEnd = (out[i + 1] as Candidate).at;
  return out;
}

const RE_ANNEX_WORD = /(?:EXHIBIT|Exhibit|SCHEDULE|Schedule|ANNEX|Annex|APPENDIX|Appendix|ATTACHMENT|Attachment)[ \t]/y;

function stickyAt(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

function restStartsHeading(text: string, pos: number, lineEnd: number): boolean {
  let p = pos;
  while (p < lineEnd && (text[p] === " " || text[p] === "\t" || text[p] === "|")) p++;
  if (p >= lineEnd) return true;
  const c = text[p] as string;
  return /[A-Z"“([—–-]/.test(c) || (c === "." && p + 1 >= lineEnd);
}

function scanAt(text: string, at: number, lineEnd: number, inline: boolean): Candidate | null {
  const base = { at, lineEnd, inline, term: null, parts: null };
  const c0 = text[at];
  if (c0 === "I" || c0 === "W") {
    const w = stickyAt(RE_WITNESS, text, at);
    if (w !== null) return { ...base, type: "witness", label: w[0], styles: [], afterLabel: at + w[0].length };
    const wh = stickyAt(RE_WHEREAS, text, at);
    if (wh !== null && !inline)
      return { ...base, type: "whereas", label: wh[0], styles: [], afterLabel: at + wh[0].length };
  }
  if (c0 === "A") {
    const a = stickyAt(RE_ARTICLE, text, at);
    if (a !== null && restStartsHeading(text, at + a[0].length, lineEnd)) {
      const v = articleNumber(a[2] as string);
      if (v !== null)
        return {
          ...base,
          type: "article",
          label: a[0],
          styles: [{ style: "article", value: v }],
          afterLabel: at + a[0].length,
        };
    }
  }
  if (!inline && lineEnd - at <= 160 && stickyAt(RE_ANNEX_WORD, text, at) !== null) {
    const lineText = text.slice(at, lineEnd);
    const m = RE_ANNEX_LINE.exec(lineText);
    if (m !== null) {
      const word = (m[1] as string).toLowerCase() as "exhibit" | "schedule" | "annex" | "appendix" | "attachment";
      return {
        ...base,
        type: "annex",
        label: `${m[1]} ${m[2]}`,
        styles: [],
        afterLabel: at + m[0].length,
        annexKind: word,
        annexTitle: m[3]?.trim() ?? null,
        term: m[2] as string,
      };
    }
  }
  if (c0 === "S" || c0 === "§") {
    const s = stickyAt(RE_SECTION, text, at);
    if (s !== null && restStartsHeading(text, at + s[0].length, lineEnd)) {
      const parts = (s[2] as string).split(".").map(Number);
      return {
        ...base,
        type: "numbered",
        label: s[0],
        parts,
        number: s[2] as string,
        styles: [{ style: `sec:${parts.length}`, value: parts[parts.length - 1] as number }],
        afterLabel: at + s[0].length,
      };
    }
  }
  if (c0 !== undefined && c0 >= "0" && c0 <= "9") {
    const d = stickyAt(RE_DOTTED, text, at);
    if (d !== null) {
      const num = d[1] as string;
      const hasDot = num.includes(".") || d[2] === ".";
      const after = at + d[0].length;
      const parts = num.split(".").map(Number);
      if (
        hasDot &&
        (parts[0] as number) > 0 &&
        restStartsHeading(text, after, lineEnd) &&
        !/^\d{1,2}\.\d{1,2}\.\d{2,4}$/.test(num)
      ) {
        const def = definitionAt(text, skipBlanks(text, after, lineEnd));
        return {
          ...base,
          type: "numbered",
          label: d[0],
          parts,
          number: num,
          styles: [{ style: `dot:${parts.length}`, value: parts[parts.length - 1] as number }],
          afterLabel: after,
          term: def,
        };
      }
    }
  }
  if (c0 === "(") {
    const p = stickyAt(RE_PAREN, text, at);
    if (p !== null) {
      const styles = labelStyles(p[1] as string, true);
      if (styles.length > 0) {
        const after = at + p[0].length;
        return {
          ...base,
          type: "label",
          label: p[0],
          styles,
          afterLabel: after,
          term: definitionAt(text, skipBlanks(text, after, lineEnd)),
        };
      }
    }
  }
  if (c0 !== undefined && /[A-Za-z]/.test(c0)) {
    const l = stickyAt(RE_LETTER_DOT, text, at);
    if (l !== null) {
      const styles = labelStyles(l[1] as string, false);
      if (styles.length > 0) {
        const after = at + l[0].length;
        return {
          ...base,
          type: "label",
          label: l[0],
          styles,
          afterLabel: after,
          term: definitionAt(text, skipBlanks(text, after, lineEnd)),
        };
      }
    }
  }
  const term = definitionAt(text, at);
  if (term !== null) return { ...base, type: "definition", label: "", styles: [], afterLabel: at, term };
  return null;
}

function skipBlanks(text: string, pos: number, end: number): number {
  let p = pos;
  while (p < end && (text[p] === " " || text[p] === "\t")) p++;
  return p;
}

function definitionAt(text: string, at: number): string | null {
  const c = text[at];
  if (c === undefined) return null;
  const m = stickyAt(RE_DEFINITION, text, at);
  if (m !== null) return (m[1] as string).replace(/\s+/g, " ").trim();
  if (c >= "A" && c <= "Z") {
    const k = stickyAt(RE_DEFINITION_COLON, text, at);
    if (k !== null) return (k[1] as string).trim();
  }
  return null;
}

/** Heading text right after a label: "Defined Terms" in "Section 1.01 Defined Terms. ...". */
function headingAfter(text: string, from: number, lineEnd: number): string | null {
  const raw = text
    .slice(from, Math.min(lineEnd, from + 200))
    .replace(/^[ \t.:|\-–—]+/, "")
    .replace(/[ \t]*\|[ \t]*/g, " ");
  if (raw.length === 0) return null;
  // ALL-CAPS heading, possibly followed by body text on the same line.
  const caps =
    /^([A-Z0-9][A-Z0-9'’&,;\-/() ]*[A-Z)])(?=$|[ \t]{2,}|\.|:|[ \t]+[A-Z][a-z]|[ \t]+[a-z]|[ \t]+\d|[ \t]+\()/.exec(
      raw,
    );
  if (caps !== null && /[A-Z]{2}/.test(caps[1] as string)) return (caps[1] as string).replace(/\s+/g, " ").trim();
  // A heading may open with a quoted term: 3. “Bad Actor” Matters.
  const m = /^([“"‘]?[A-Z][^.\n]{0,90}?)(?:\.(?=\s|$)|[ \t]{2,}|$)/.exec(raw);
  if (m === null) return null;
  const t = (m[1] as string).trim();
  if (/^[“"‘]/.test(t) && !isQuotedHeading(t, raw.slice(m[0].length))) return null;
  const words = t.split(/\s+/);
  const minor = /^(of|and|or|the|this|to|in|for|on|by|with|a|an|as|at|under|upon|from|its|their|other|etc\.?|&)$/;
  const capped = words.filter((w) => /^[A-Z0-9"“(]/.test(w) || minor.test(w)).length;
  if (words.length > 12 || capped < words.length) return null;
  return t.replace(/\s+/g, " ");
}

/**
 * Whether a heading that opens with a quote is one ("“Bad Actor” Matters", ARTICLE XII "Governing Law")
 * rather than a defined term in a definition: the quote closes inside it, and no definition verb follows
 * ("“Company Matching Account”  means ...", where two spaces had ended the match).
 */
function isQuotedHeading(heading: string, rest: string): boolean {
  const close = heading[0] === "“" ? "”" : heading[0] === "‘" ? "’" : '"';
  if (heading.indexOf(close, 1) < 0) return false;
  return !/^[\s.:,]*(?:means?|shall|has|have|includes?|is|are|refers?)\b/i.test(rest);
}

/** Next non-blank line when it is an ALL-CAPS heading ("ARTICLE I\n  DEFINITIONS"). */
function headingOnNextLine(lines: Line[], li: number): string | null {
  for (let i = li + 1; i < lines.length && i <= li + 3; i++) {
    const t = (lines[i] as Line).text;
    if (t.length === 0) continue;
    if (t.length <= 100 && t === t.toUpperCase() && /[A-Z]{3}/.test(t) && !/^(SECTION|ARTICLE|\d)/.test(t))
      return t.replace(/\s+/g, " ");
    return null;
  }
  return null;
}

type Phase = "front" | "body" | "signature" | "annex";

/** A stretch no node covers longer than this becomes paragraphs. */
const UNCOVERED_PARAGRAPHS = 2000;

/** Places candidates into the tree with a stack of open nodes; implausible numbering is dropped. */
class TreeBuilder {
  phase: Phase = "front";
  private stack: number[] = [ROOT];
  private zone = ROOT;
  private preamble = -1;

  constructor(
    private readonly text: string,
    private readonly drafts: Draft[],
  ) {}

  private add(d: Draft): number {
    d.zone = this.zone;
    this.drafts.push(d);
    const id = this.drafts.length - 1;
    (this.drafts[d.parent] as Draft).children.push(id);
    return id;
  }

  addFixed(kind: NodeKind, start: number, end: number, title: string | null): number {
    const d = makeDraft(kind, start, this.zone);
    d.fixedEnd = end;
    d.title = title;
    this.stack = [this.zone];
    return this.add(d);
  }

  addToc(toc: TocDraft): void {
    const id = this.addFixed("toc", toc.start, toc.end, "Table of Contents");
    for (const e of toc.entries) {
      const d = makeDraft("toc_entry", e.start, id);
      d.fixedEnd = e.end;
      d.clauseRef = e.clauseRef;
      d.title = e.title;
      d.isTocEntry = true;
      d.key = e.key;
      this.add(d);
    }
  }

  currentZone(): number {
    return this.zone;
  }

  /** Whether the current exhibit/schedule has no structure yet (a TOC may still open it). */
  zoneIsFresh(): boolean {
    return (this.drafts[this.zone] as Draft).children.every((k) => {
      const kind = (this.drafts[k] as Draft).kind;
      return kind === "title" || kind === "toc";
    });
  }

  /** A second instrument follows a signature block in the same filing: numbering starts again. */
  restartInstrument(): void {
    this.phase = "front";
    this.zone = ROOT;
    this.stack = [ROOT];
    this.lastTop = null;
    this.restartMark = (this.drafts[ROOT] as Draft).children.length;
  }

  private restartMark = 0;

  addPreamble(start: number): void {
    this.stack = [this.zone];
    this.preamble = this.add(makeDraft("preamble", start, this.zone));
    this.stack = [this.zone, this.preamble];
  }

  /**
   * Opens the signature block at `at`, or at `fallback` (the line that closed the body) when a node
   * already starts at or after `at`: siblings stay ordered and disjoint. It ends at `end`, its last
   * signatory row: text after it that no heading claims is left to the paragraphs, not to the close.
   */
  openSignature(at: number, fallback: number, end: number): void {
    const last = this.drafts[this.drafts.length - 1] as Draft;
    const d = makeDraft("signature", last.start >= at ? fallback : at, this.zone);
    d.fixedEnd = end;
    this.stack = [this.zone];
    this.boundedSignatures.push(this.add(d));
    this.phase = "signature";
    this.testimoniumLine = null;
  }

  /** The line of the testimonium that opened the signature block, null when a close without one opened it. */
  private testimoniumLine: number | null = null;

  /**
   * The line of the testimonium ("IN WITNESS WHEREOF") whose signature block is open, else null. Such a block runs
   * on to the next annex heading; one opened by a close without a testimonium (`openSignature`) ends at its last
   * signatory row, and what follows it is left to the paragraphs already.
   */
  openTestimonium(): number | null {
    return this.phase === "signature" ? this.testimoniumLine : null;
  }

  private readonly boundedSignatures: number[] = [];

  addRecital(c: Candidate): void {
    const d = makeDraft("recital", c.at, this.zone);
    d.clauseRef = c.label.trim();
    d.title = headingAfter(this.text, c.afterLabel, c.lineEnd);
    this.stack = [this.zone];
    this.stack.push(this.add(d));
  }

  place(c: Candidate, li: number, lines: Line[]): void {
    switch (c.type) {
      case "whereas": {
        if (this.phase !== "front") return;
        const d = makeDraft("recital", c.at, this.zone);
        d.clauseRef = null;
        this.stack = [this.zone];
        this.stack.push(this.add(d));
        return;
      }
      case "witness": {
        if (this.phase === "signature") return;
        const d = makeDraft("signature", c.at, this.zone);
        this.stack = [this.zone];
        this.add(d);
        this.phase = "signature";
        this.testimoniumLine = li;
        return;
      }
      case "annex":
        this.placeAnnex(c);
        return;
      default:
        break;
    }
    if (this.phase === "signature") return;
    if (c.type === "article") this.placeArticle(c, li, lines);
    else if (c.type === "numbered") this.placeNumbered(c, li, lines);
    else if (c.type === "label") this.placeLabel(c);
    else if (c.type === "definition") this.placeDefinition(c);
  }

  private placeAnnex(c: Candidate): void {
    if (this.phase === "front") return; // a filing's "EXHIBIT 10.1" cover line, or a list before the body
    // an appendix or an attachment is an annex by another name; its key and reference keep the name printed
    const kind = c.annexKind === "appendix" || c.annexKind === "attachment" ? "annex" : (c.annexKind ?? "exhibit");
    const word = (c.annexKind ?? "exhibit").replace(/^./, (x) => x.toUpperCase());
    const ref = `${word} ${c.term ?? ""}`;
    const current = this.drafts[this.zone] as Draft;
    if (this.zone !== ROOT && current.fullRef === ref) return; // the same heading repeated on a later page
    const d = makeDraft(kind, c.at, ROOT);
    d.clauseRef = c.label;
    d.fullRef = ref;
    d.title = c.annexTitle ?? null;
    d.key = `${c.annexKind === "appendix" || c.annexKind === "attachment" ? c.annexKind : kind}:${c.term ?? ""}`;
    d.zoneRef = ref;
    this.zone = ROOT;
    const id = this.add(d);
    this.zone = id;
    this.stack = [id];
    this.lastTop = null;
    this.phase = "annex";
  }

  private enterBody(): void {
    if (this.phase === "front") {
      this.phase = "body";
      this.stack = [this.zone];
    }
  }

  /** Open node of this zone whose style is `style`, searching from the innermost. */
  private findStyle(styles: LabelStyle[]): number {
    for (let i = this.stack.length - 1; i > 0; i--) {
      const d = this.drafts[this.stack[i] as number] as Draft;
      if (d.style !== null && styles.includes(d.style)) return i;
    }
    return -1;
  }

  private push(parentPos: number, d: Draft): number {
    // Past the deepest nesting a contract prints, a further level is a sibling of the last one: a
    // run of lists each taken for a sub-list of the one before must not make a tree thousands deep
    // (its heading paths grow with the square of the depth, and reading it recurses that deep).
    parentPos = Math.min(parentPos, MAX_NESTING);
    this.stack.length = parentPos + 1;
    d.parent = this.stack[parentPos] as number;
    const id = this.add(d);
    this.stack.push(id);
    return id;
  }

  private labelled(kind: NodeKind, c: Candidate, style: LabelStyle, value: number): Draft {
    const d = makeDraft(kind, c.at, this.zone);
    d.clauseRef = c.label.trim();
    d.style = style;
    d.value = value;
    d.parts = c.parts;
    return d;
  }

  private placeArticle(c: Candidate, li: number, lines: Line[]): void {
    const value = (c.styles[0] as { value: number }).value;
    const pos = this.findStyle(["article"]);
    if (pos > 0) {
      const prev = this.drafts[this.stack[pos] as number] as Draft;
      if (!isSuccessor(prev.value, value, true)) return;
    } else if (value !== 1 && this.lastChildStyle(this.zone, "article") === null) {
      if (value > 2) return;
    } else if (pos < 0) {
      const last = this.lastChildStyle(this.zone, "article");
      if (last !== null && !isSuccessor(last.value, value, true)) return;
    }
    this.enterBody();
    const d = this.labelled("article", c, "article", value);
    d.fullRef = this.zoned(`Article ${value}`);
    d.key = `article:${value}`;
    d.title = headingAfter(this.text, c.afterLabel, c.lineEnd) ?? headingOnNextLine(lines, li);
    this.push(0, d);
  }

  private lastChildStyle(parent: number, style: LabelStyle): Draft | null {
    const kids = (this.drafts[parent] as Draft).children;
    const from = parent === ROOT ? this.restartMark : 0;
    for (let i = kids.length - 1; i >= from; i--) {
      const d = this.drafts[kids[i] as number] as Draft;
      if (d.style === style) return d;
    }
    return null;
  }

  private zoned(ref: string): string {
    const z = (this.drafts[this.zone] as Draft).zoneRef;
    return z === null ? ref : `${z} ${ref}`;
  }

  private placeNumbered(c: Candidate, li: number, lines: Line[]): void {
    const parts = c.parts as number[];
    const depth = parts.length;
    const last = parts[depth - 1] as number;
    const inBody = this.phase !== "front";
    const heading = headingAfter(this.text, c.afterLabel, c.lineEnd);
    if (c.weak) {
      // One capitalised word after a single space is a heading only as the next top-level number
      // of a document whose top-level sections print capitalised headings.
      const top = this.lastTop;
      if (depth !== 1 || top === null || last !== top.value + 1 || !capsHeading(top.title)) return;
    }
    // A number at a line start followed by a heading ("4.2 Purchase Orders.") is strong evidence:
    // it may open a level that does not start at 1 when earlier numbers were lost (flattened text).
    const strong = (!c.inline && heading !== null) || c.chained === true;
    const follows = (prev: number) => isSuccessor(prev, last, true);
    let outerCapsSibling: number | null = null;
    if (capsHeading(heading)) {
      for (let i = 1; i < this.stack.length && outerCapsSibling === null; i++) {
        const d = this.drafts[this.stack[i] as number] as Draft;
        const prev = d.parts;
        if (prev === null || prev.length !== depth || !capsHeading(d.title)) continue;
        if (prev.slice(0, -1).every((v, k) => v === parts[k]) && follows(prev[depth - 1] as number))
          outerCapsSibling = i;
      }
    }
    let parentPos = -1;
    for (let i = this.stack.length - 1; i > 0 && parentPos < 0; i--) {
      const d = this.drafts[this.stack[i] as number] as Draft;
      if (d.parts !== null && d.parts.length === depth) {
        // Siblings print their headings alike: "6. QUALITY CONTROL" does not continue a list of
        // items "1. Weekly Production Report." nested in a clause when an outer section with a
        // capitalised heading ("4. STORAGE, SHIPPING AND INVENTORY") can take it.
        if (outerCapsSibling !== null && i > outerCapsSibling && !capsHeading(d.title)) continue;
        // A sibling: same prefix and the next number, or the first of a new group.
        const prev = d.parts;
        const samePrefix = prev.slice(0, -1).every((v, k) => v === parts[k]);
        const p0 = prev[0] as number;
        const n0 = parts[0] as number;
        if (samePrefix && follows(prev[depth - 1] as number)) parentPos = i - 1;
        else if (!samePrefix && depth > 1 && (last <= 1 || strong) && n0 > p0 && n0 <= p0 + 3) parentPos = i - 1;
        // else: out of sequence here; an outer level may still take it
      } else if (
        (d.parts !== null && d.parts.length === depth - 1 && d.parts.every((v, k) => v === parts[k])) ||
        (d.kind === "article" && depth > 1 && d.value === parts[0])
      ) {
        // Under its parent: the first child, or the successor of the last one placed there.
        const prev = this.lastChildWithDepth(d, depth);
        if (prev === null ? last > (strong ? 6 : 2) : !follows(prev.value)) return;
        parentPos = i;
      } else if (d.kind === "article" && depth > 1) {
        return; // "3.1" under Article 5: a cross-reference that wrapped, or a list we cannot place
      }
    }
    if (parentPos < 0 && depth === 1 && last !== 1) {
      // Paragraph numbering that runs on across articles: "8." follows "7." of the previous article.
      const prev = this.lastTop;
      const art = this.findStyle(["article"]);
      if (prev !== null && art >= 0 && isSuccessor(prev.value, last, true)) parentPos = art;
      else {
        // Before the body starts only a capitalised multi-word heading may open mid-sequence.
        const capsHeading =
          heading !== null && heading === heading.toUpperCase() && /[A-Z]{2,}\s+[A-Z]{2,}/.test(heading);
        if (!(strong && (inBody || capsHeading) && (prev === null ? last <= 20 : follows(prev.value)))) return;
      }
    }
    if (parentPos < 0) {
      // First numbered node at this level: it must start a sequence.
      if (depth > 1 && last > (strong ? 6 : 2)) return;
      const repeated = depth === 1 ? this.repeatedHeading(c.label, last, heading) : -1;
      if (repeated >= 0) parentPos = repeated;
      else if (this.stack.length > 1 && depth === 1) {
        const top = this.drafts[this.stack[this.stack.length - 1] as number] as Draft;
        parentPos = top.kind === "preamble" || top.kind === "recital" ? 0 : this.stack.length - 1;
        // "9." after "8.3" whose section "8." was never printed on a line of its own: a section beside the
        // sub-clauses of an earlier one, not an item of a list inside the last of them
        const earlier = this.stack.findIndex((i) => {
          const p = (this.drafts[i] as Draft).parts;
          return p !== null && p.length >= 2 && (p[0] as number) < last;
        });
        if (earlier > 0) parentPos = earlier - 1;
      } else if (depth === 1) parentPos = 0;
      else {
        // "13.6 Severability" is not a child of a lettered clause: it goes under the innermost
        // article or numbered node ("3.1" quoted inside amendment section "2.").
        parentPos = 0;
        for (let i = this.stack.length - 1; i > 0; i--) {
          const d = this.drafts[this.stack[i] as number] as Draft;
          if (d.kind === "article" || d.parts !== null) {
            parentPos = i;
            break;
          }
        }
      }
      // A dotted number under a clause-level node would be a wrapped cross-reference.
      const host = this.drafts[this.stack[parentPos] as number] as Draft;
      if (host.kind === "preamble" || host.kind === "recital") parentPos = 0;
    }
    this.enterBody();
    if (this.stack[0] !== this.zone) this.stack = [this.zone];
    parentPos = Math.min(parentPos, this.stack.length - 1);
    const parent = this.drafts[this.stack[parentPos] as number] as Draft;
    const kind = c.term !== null ? "definition" : kindUnder(parent.kind, true);
    const d = this.labelled(kind, c, `dot:${depth}`, last);
    d.style = (c.styles[0] as { style: LabelStyle }).style.startsWith("sec") ? `dot:${depth}` : `dot:${depth}`;
    const number = c.number ?? parts.join(".");
    const listItem = depth === 1 && parent.kind !== "document" && parent.kind !== "article" && parent.zoneRef === null;
    d.fullRef = listItem && parent.fullRef !== null ? `${parent.fullRef}(${number})` : this.zoned(number);
    d.key = listItem ? null : `section:${number}`;
    d.title = heading ?? (c.afterLabel >= c.lineEnd ? headingOnNextLine(lines, li) : null);
    if (c.term !== null) this.makeDefinition(d, c.term);
    this.push(parentPos, d);
    if (depth === 1 && !listItem) this.lastTop = d;
  }

  private lastTop: Draft | null = null;

  /**
   * A heading printed again at the top of the stack ("SECTION 1. DEFINITIONS" twice: a contents line,
   * then the body; or a page's heading repeated) is a sibling of the first, not its first sub-clause:
   * nesting it made the body a child of a contents line, and a heading repeated 4,000 times a tree
   * 4,000 deep. A "1." with another heading under an open "1." still nests (a sub-list of item 1).
   * The stack position of the parent they share, or -1.
   */
  private repeatedHeading(label: string, value: number, heading: string | null): number {
    const top = this.stack.length - 1;
    const d = this.drafts[this.stack[top] as number] as Draft;
    if (top < 1 || d.parts?.length !== 1 || d.clauseRef === null || labelForm(d.clauseRef) !== labelForm(label))
      return -1;
    return d.value === value && heading !== null && d.title === heading ? top - 1 : -1;
  }

  private lastChildWithDepth(d: Draft, depth: number): Draft | null {
    for (let k = d.children.length - 1; k >= 0; k--) {
      const c = this.drafts[d.children[k] as number] as Draft;
      if (c.parts?.length === depth) return c;
    }
    return null;
  }

  private makeDefinition(d: Draft, term: string): void {
    d.kind = "definition";
    d.definesTerms = [term];
    d.fullRef = `Definition "${term}"`;
  }

  private placeLabel(c: Candidate): void {
    const styles = c.styles.map((s) => s.style);
    // Sibling first: an open node of the same style whose successor this label is.
    let chosen: { pos: number; style: LabelStyle; value: number } | null = null;
    for (let i = this.stack.length - 1; i > 0 && chosen === null; i--) {
      const d = this.drafts[this.stack[i] as number] as Draft;
      if (d.style === null || !styles.includes(d.style)) continue;
      const s = c.styles.find((x) => x.style === d.style) as { style: LabelStyle; value: number };
      if (isSuccessor(d.value, s.value, false)) chosen = { pos: i - 1, style: s.style, value: s.value };
    }
    // "(i)" after "(h)" is a letter unless the next label is "(ii)".
    const firstChild = c.styles.find((s) => s.value === 1);
    if (
      chosen === null ||
      (firstChild !== undefined && chosen.style !== firstChild.style && this.nextIsSecond(c, firstChild.style))
    ) {
      if (firstChild === undefined) return;
      if (this.stack.length === 1 && this.phase === "front") return;
      chosen = { pos: this.stack.length - 1, style: firstChild.style, value: 1 };
    }
    const sectionLike = chosen.style === "letter-dot-upper" || chosen.style === "roman-dot-upper";
    const host = this.drafts[this.stack[chosen.pos] as number] as Draft;
    if (sectionLike && (host.kind === "preamble" || host.kind === "recital")) chosen.pos = 0;
    if (this.phase === "front" && chosen.pos === 0) {
      // Lettered lines before any body are structure only as capitalised headings ("I. DEFINITIONS").
      const heading = headingAfter(this.text, c.afterLabel, c.lineEnd);
      if (!sectionLike || heading === null || heading !== heading.toUpperCase()) return;
    }
    if (chosen.pos === 0) this.enterBody();
    if (this.stack[0] !== this.zone) this.stack = [this.zone];
    chosen.pos = Math.min(chosen.pos, this.stack.length - 1);
    const parent = this.drafts[this.stack[chosen.pos] as number] as Draft;
    if (parent.kind === "toc" || parent.kind === "title" || parent.kind === "signature") return;
    const kind = c.term !== null ? "definition" : kindUnder(parent.kind, false);
    const d = this.labelled(kind, c, chosen.style, chosen.value);
    const bare = c.label.replace(/[().]/g, "").trim();
    d.fullRef =
      parent.fullRef !== null && parent.kind !== "definition"
        ? `${parent.fullRef}(${bare})`
        : chosen.pos === 0 && parent.kind !== "definition"
          ? this.zoned(bare)
          : null;
    d.title = headingAfter(this.text, c.afterLabel, c.lineEnd);
    if (c.term !== null) this.makeDefinition(d, c.term);
    this.push(chosen.pos, d);
  }

  private peek: () => Candidate | null = () => null;

  /** Set by the caller before placing: lets "(i)" look at the label that follows. */
  setLookahead(peek: () => Candidate | null): void {
    this.peek = peek;
  }

  private nextIsSecond(_c: Candidate, style: LabelStyle): boolean {
    const n = this.peek();
    return n?.styles.some((s) => s.style === style && s.value === 2) === true;
  }

  private placeDefinition(c: Candidate): void {
    if (this.phase === "front") {
      // Definitions on lines of their own before any numbered heading (an unnumbered definitions
      // part after the recitals) start the body; inline ones stay in the preamble text.
      if (c.inline || this.preamble < 0) return;
      this.enterBody();
    }
    // Siblings of an open definition; otherwise children of the innermost open node.
    let pos = -1;
    for (let i = this.stack.length - 1; i > 0; i--) {
      if ((this.drafts[this.stack[i] as number] as Draft).kind === "definition") {
        pos = i - 1;
        break;
      }
    }
    if (pos < 0) pos = this.stack.length - 1;
    const parent = this.drafts[this.stack[pos] as number] as Draft;
    if (parent.kind === "preamble" || parent.kind === "recital" || parent.kind === "toc") return;
    const d = makeDraft("definition", c.at, this.zone);
    this.makeDefinition(d, c.term as string);
    d.style = null;
    this.push(pos, d);
  }

  /**
   * Closes the tree. A preamble that ran on over a document without detected structure is cut to
   * its first paragraph, and the following paragraphs become nodes of their own, so that no node
   * is the whole contract.
   */
  finish(blocks: Extraction["blocks"]): void {
    computeEnds(this.drafts, ROOT);
    // a signature block ended at its last row keeps a short tail (a date, a page number) no paragraph takes
    for (const id of this.boundedSignatures) {
      const d = this.drafts[id] as Draft;
      const siblings = (this.drafts[d.parent] as Draft).children;
      const at = siblings.indexOf(id);
      const next =
        at + 1 < siblings.length
          ? (this.drafts[siblings[at + 1] as number] as Draft).start
          : (this.drafts[d.parent] as Draft).end;
      if (next - d.end <= UNCOVERED_PARAGRAPHS) {
        d.fixedEnd = null;
        d.end = next;
      }
    }
    const root = this.drafts[ROOT] as Draft;
    let added = false;
    for (const id of [...root.children]) {
      const pre = this.drafts[id] as Draft;
      if (pre.kind !== "preamble" || pre.children.length > 0 || pre.end - pre.start <= 3000) continue;
      const inside = blocks.filter(
        (b) => b.kind !== "page_break" && b.kind !== "table_row" && b.end > pre.start && b.start < pre.end,
      );
      if (inside.length < 2) continue;
      pre.fixedEnd = Math.max((inside[0] as Extraction["blocks"][number]).end, pre.start);
      for (const b of inside.slice(1)) {
        if (b.start < pre.fixedEnd || b.end > pre.end) continue;
        const d = makeDraft("paragraph", b.start, ROOT);
        d.fixedEnd = b.end;
        d.zone = ROOT;
        this.drafts.push(d);
        root.children.push(this.drafts.length - 1);
        added = true;
      }
    }
    // Long stretches no node covers (after a TOC, before the first detected heading) become
    // paragraphs too, so that every part of the text can be reached through a node.
    const kids = [...root.children].sort((x, y) => (this.drafts[x] as Draft).start - (this.drafts[y] as Draft).start);
    let cursor = 0;
    const gaps: Array<[number, number]> = [];
    for (const k of kids) {
      const d = this.drafts[k] as Draft;
      if (d.start - cursor > UNCOVERED_PARAGRAPHS) gaps.push([cursor, d.start]);
      cursor = Math.max(cursor, d.end);
    }
    if (root.end - cursor > UNCOVERED_PARAGRAPHS) gaps.push([cursor, root.end]);
    for (const [gs, ge] of gaps) {
      for (const b of blocks) {
        if (b.start < gs || b.end > ge || b.kind === "page_break" || b.kind === "table_row" || b.kind === "table")
          continue;
        // A page number alone ("ii", "- 3 -") is furniture, not a paragraph.
        if (/^[\s\-–]*(?:[0-9]{1,4}|[ivxlc]{1,6})[\s\-–]*$/i.test(this.text.slice(b.start, b.end))) continue;
        const d = makeDraft("paragraph", b.start, ROOT);
        d.fixedEnd = b.end;
        this.drafts.push(d);
        root.children.push(this.drafts.length - 1);
        added = true;
      }
    }
    if (added) computeEnds(this.drafts, ROOT);
  }
}

/** How a label is printed, whatever its number: "Section 4." and "SECTION 1." alike, "3." apart from both. */
function labelForm(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .replace(/[0-9]+/g, "#");
}

function kindUnder(parent: NodeKind, numbered: boolean): NodeKind {
  switch (parent) {
    case "document":
    case "article":
    case "exhibit":
    case "schedule":
    case "annex":
      return "section";
    case "section":
      return numbered ? "subsection" : "clause";
    case "subsection":
    case "definition":
    case "recital":
    case "preamble":
      return "clause";
    case "clause":
      return "subclause";
    default:
      return "item";
  }
}

/** Ends: up to the next sibling (or the parent's end), then trimmed of trailing whitespace. */
function computeEnds(drafts: Draft[], id: number): void {
  const d = drafts[id] as Draft;
  const kids = d.children;
  kids.sort((a, b) => (drafts[a] as Draft).start - (drafts[b] as Draft).start);
  for (let k = 0; k < kids.length; k++) {
    const child = drafts[kids[k] as number] as Draft;
    const next = k + 1 < kids.length ? (drafts[kids[k + 1] as number] as Draft).start : d.end;
    child.end = child.fixedEnd === null ? next : Math.min(child.fixedEnd, next);
    computeEnds(drafts, kids[k] as number);
  }
}

function trimEnd(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && isSpace(text.charCodeAt(e - 1))) e--;
  return e;
}

/** Table blocks become table nodes inside the deepest node that wholly holds them. */
function addTables(extraction: Extraction, drafts: Draft[]): void {
  const tables = extraction.blocks.filter((b) => b.kind === "table");
  if (tables.length === 0) return;
  const rows = extraction.blocks.filter((b) => b.kind === "table_row");
  const text = extraction.text;
  for (const t of tables) {
    let host = ROOT;
    let ok = true;
    for (;;) {
      const kids = (drafts[host] as Draft).children;
      let into = -1;
      for (const k of kids) {
        const c = drafts[k] as Draft;
        const ce = trimEnd(text, c.start, c.end);
        if (c.start <= t.start && ce >= t.end) into = k;
        else if (c.start < t.end && ce > t.start) ok = false;
      }
      if (!ok || into < 0) break;
      host = into;
    }
    const hostKind = (drafts[host] as Draft).kind;
    if (!ok || hostKind === "toc" || hostKind === "toc_entry" || hostKind === "table") continue;
    const table = makeDraft("table", t.start, host);
    table.fixedEnd = t.end;
    drafts.push(table);
    const tid = drafts.length - 1;
    (drafts[host] as Draft).children.push(tid);
    const mine = rows.filter((r) => r.start >= t.start && r.end <= t.end);
    const header = mine[0];
    const headerText = header === undefined ? null : text.slice(header.start, header.end).replace(/\s+/g, " ").trim();
    table.title = headerText;
    for (const r of mine) {
      const row = makeDraft("table_row", r.start, tid);
      row.fixedEnd = r.end;
      // A row read alone still says what its columns are.
      row.title = headerText;
      drafts.push(row);
      table.children.push(drafts.length - 1);
    }
  }
  computeEnds(drafts, ROOT);
}

function pageAt(pages: Extraction["pages"], offset: number): number | null {
  let lo = 0;
  let hi = pages.length - 1;
  let found: number | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const p = pages[mid] as Extraction["pages"][number];
    if (p.start <= offset) {
      found = p.page;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found ?? (pages.length > 0 ? (pages[0] as Extraction["pages"][number]).page : null);
}

/** Turns drafts into nodes: trimmed spans, ids, heading paths, pages and token counts. */
function materialise(
  documentId: string,
  text: string,
  extraction: Extraction,
  drafts: Draft[],
  count: (s: string) => number,
): ProvisionNode[] {
  const nodes: ProvisionNode[] = [];
  const visit = (
    id: number,
    parent: ProvisionNode | null,
    path: string,
    headingPath: string[],
    depth: number,
  ): number => {
    const d = drafts[id] as Draft;
    let start = d.start;
    const rawEnd = d.end;
    while (start < rawEnd && isSpace(text.charCodeAt(start))) start++;
    const end = id === ROOT ? text.length : trimEnd(text, start, rawEnd);
    const node: ProvisionNode = {
      id: stableId(documentId, path),
      documentId,
      parentId: parent?.id ?? null,
      kind: d.kind,
      clauseRef: d.clauseRef,
      fullRef: d.fullRef,
      title: d.title,
      headingPath,
      start: id === ROOT ? 0 : start,
      end,
      depth,
      page: pageAt(extraction.pages, start),
      tokenCount: 0,
      flags: emptyFlags(end - (id === ROOT ? 0 : start)),
      keywords: [],
      definesTerms: [...d.definesTerms],
      xrefs: [],
      termUses: [],
    };
    node.flags.isTocEntry = d.isTocEntry;
    node.flags.isDefinition = d.kind === "definition";
    nodes.push(node);
    const label = [d.clauseRef, d.title].filter((x) => x !== null && x !== "").join(" ");
    const childPath = id === ROOT ? [] : [...headingPath, label.length > 0 ? label : d.kind];
    const seen = new Map<string, number>();
    // Token count: each character range is counted once. A node counts the gaps between its
    // children and adds its children's totals, so the whole document is tokenised exactly once.
    let tokens = 0;
    let cursor = node.start;
    for (const k of d.children) {
      const c = drafts[k] as Draft;
      const seg =
        c.kind === "definition" ? `definition:${c.definesTerms[0] ?? ""}` : `${c.kind}:${c.key ?? c.clauseRef ?? ""}`;
      const n = (seen.get(seg) ?? 0) + 1;
      seen.set(seg, n);
      const before = nodes.length;
      const childTokens = visit(k, node, `${path}/${seg}${n > 1 ? `#${n}` : ""}`, childPath, depth + 1);
      const childNode = nodes[before] as ProvisionNode;
      if (childNode.start > cursor) tokens += count(text.slice(cursor, childNode.start));
      tokens += childTokens;
      cursor = Math.max(cursor, childNode.end);
    }
    if (node.end > cursor) tokens += count(text.slice(cursor, node.end));
    node.tokenCount = tokens;
    return tokens;
  };
  visit(ROOT, null, "document", [], 0);
  return nodes;
}

/** Definition nodes plus inline definitions (`(the "Borrower")`) credited to their deepest node. */
function collectDefinitions(documentId: string, text: string, nodes: ProvisionNode[]): DefinedTerm[] {
  const out: DefinedTerm[] = [];
  const seen = new Set<string>();
  const push = (term: string, nodeId: string) => {
    const k = `${term}\u0000${nodeId}`;
    if (seen.has(k)) return;
    seen.add(k);
    out.push({ term, documentId, nodeId });
  };
  for (const n of nodes) for (const t of n.definesTerms) push(t, n.id);
  const children = new Map<string | null, ProvisionNode[]>();
  for (const n of nodes) {
    const list = children.get(n.parentId);
    if (list === undefined) children.set(n.parentId, [n]);
    else list.push(n);
  }
  const root = nodes[0] as ProvisionNode;
  RE_INLINE_DEFINITION.lastIndex = 0;
  for (let m = RE_INLINE_DEFINITION.exec(text); m !== null; m = RE_INLINE_DEFINITION.exec(text)) {
    const term = (m[1] as string).trim();
    if (!/^[A-Z]/.test(term) || term.length < 2) continue;
    let host = root;
    for (;;) {
      const kids = children.get(host.id);
      const next = kids?.find((k) => k.start <= m.index && k.end >= m.index + m[0].length);
      if (next === undefined) break;
      host = next;
    }
    if (host.kind === "toc" || host.kind === "toc_entry") continue;
    if (!host.definesTerms.includes(term)) host.definesTerms.push(term);
    push(term, host.id);
  }
  return out;
}
