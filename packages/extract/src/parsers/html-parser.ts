import type { IngestLimits } from "@lexnav/core";
import { CONTENT_TYPES, type Extraction } from "@lexnav/document-model";
import { load } from "cheerio/slim";
import { detectFurniture } from "../layout/furniture.ts";
import { looksLikeCapsHeading, MAX_HEADING_CHARS, plausibleHeading } from "../layout/headings.ts";
import { type BuiltText, createTextBuilder, sanitizeText, type TextBuilder } from "../layout/text-builder.ts";
import { isTextLayerStyle, recoverTextLayerLines } from "../layout/text-layer.ts";
import type { ExtractOutcome, ParseInput, Parser } from "../parser.ts";
import { assessQuality } from "../quality.ts";
import { checkHtmlDepth, checkMarkupSize, checkTreeDepth, type MarkupProblem } from "./markup-limits.ts";

/** The few fields of a parsed DOM node this parser reads (htmlparser2's node shape, via cheerio). */
interface DomNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

/** Elements whose content is never document text; `ix:header` is the hidden inline-XBRL header. */
const SKIP = new Set(["script", "style", "head", "title", "noscript", "template", "ix:header", "xml"]);
/** Elements that start a new block of text. */
const BLOCK = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "center",
  "dd",
  "div",
  "dl",
  "dt",
  "figure",
  "footer",
  "form",
  "header",
  "html",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "ul",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "caption",
]);
const PAGE_BREAK_BEFORE = /page-break-before\s*:\s*always|break-before\s*:\s*page/i;
/** Zero-width spaces and joiners: layout glue, not text. */
const ZERO_WIDTH = /\u200b|\u200c|\u200d|\ufeff/g;
const INLINE_GAP =
  /padding-left\s*:\s*[.\d]*[1-9]|margin-left\s*:\s*[.\d]*[1-9]|display\s*:\s*inline-block|min-width\s*:\s*[.\d]*[1-9]/i;
const PAGE_BREAK_AFTER = /page-break-after\s*:\s*always|break-after\s*:\s*page/i;

/** Decodes bytes as UTF-8, or as Windows-1252 when they are not valid UTF-8 (older filings). */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

// ---------------------------------------------------------------------------------------------
// 1990s filings: the whole exhibit is one <pre> with SGML <PAGE> markers.

const PRE_BODY = /<pre[^>]*>([\s\S]*)<\/pre\s*>/i;
const PAGE_MARKER = /^[ \t]*<PAGE>[ \t]*([^\n<]*?)[ \t]*$/gim;
const SGML_TAG = /<\/?[A-Za-z][A-Za-z0-9]*(?:\s[^<>\n]*)?>/g;
const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      if (code === 0xa0) return " ";
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole; // unknown names ("AT&T;") stay as written
  });
}

/** Removes the common indentation of a paragraph's lines, keeping their relative layout. */
function dedent(lines: string[]): string[] {
  let cut = Number.POSITIVE_INFINITY;
  for (const l of lines) if (l.trim() !== "") cut = Math.min(cut, l.length - l.trimStart().length);
  return Number.isFinite(cut) ? lines.map((l) => l.slice(cut)) : lines;
}

function addPrePage(builder: TextBuilder, raw: string): void {
  const body = decodeEntities(raw.replace(SGML_TAG, ""));
  for (const para of body.split(/\n(?:[ \t]*\n)+/)) {
    const lines = para.split("\n").map((l) => l.replace(/\s+$/, ""));
    while (lines.length > 0 && lines[0] === "") lines.shift();
    if (lines.length === 0) continue;
    const indent = (lines[0] ?? "").length - (lines[0] ?? "").trimStart().length;
    const text = dedent(lines).join("\n");
    const single = lines.length === 1 ? text.trim() : "";
    const centred = single !== "" && indent >= 10 && single.length <= MAX_HEADING_CHARS && /\p{L}/u.test(single);
    const heading = looksLikeCapsHeading(single) || (centred && plausibleHeading(single));
    builder.addBlock(heading ? "heading" : "paragraph", text);
  }
}

function parsePre(pre: string): BuiltText {
  const body = pre.replace(/\r\n?/g, "\n");
  const markers = [...body.matchAll(PAGE_MARKER)];
  const builder = createTextBuilder();
  const first = markers[0];
  addPrePage(builder, first ? body.slice(0, first.index) : body);
  markers.forEach((m, i) => {
    const label = (m[1] ?? "").trim();
    builder.pageBreak(label === "" ? undefined : label);
    const end = markers[i + 1]?.index ?? body.length;
    addPrePage(builder, body.slice(m.index + m[0].length, end));
  });
  return builder.finish();
}

// ---------------------------------------------------------------------------------------------
// Modern inline HTML: walk block elements in document order.

interface Style {
  bold: boolean;
  underline: boolean;
  centred: boolean;
  listDepth: number;
  /** Inside the hidden OCR text layer of an image page (`isTextLayerStyle`): its spacing marks lines. */
  textLayer: boolean;
}

interface Segment {
  text: string;
  bold: boolean;
  underline: boolean;
}

function styleOf(node: DomNode): string {
  return node.attribs?.style ?? "";
}

function isHidden(node: DomNode): boolean {
  return /display\s*:\s*none/i.test(styleOf(node));
}

/**
 * Struck-through text: a blackline's deletions (`<strike>`, `<del>`, `text-decoration: line-through`).
 * A conformed copy marks what an amendment deletes this way and what it inserts by underlining; read
 * together they say "October 6, 20242025". The text is the document as amended. (`<s>` is left alone:
 * in 1990s filings it is an SGML table-column tag.)
 */
function isStruck(node: DomNode): boolean {
  const name = node.name ?? "";
  return name === "strike" || name === "del" || /text-decoration[^;"]*line-through/i.test(styleOf(node));
}

/** Whether a node holds any letter or digit (a struck space or rule is no deletion worth counting). */
function hasWords(node: DomNode): boolean {
  const todo = [node];
  for (let n = todo.pop(); n !== undefined; n = todo.pop()) {
    if (n.type === "text") {
      if (/[\p{L}\p{N}]/u.test(n.data ?? "")) return true;
    } else for (const c of n.children ?? []) todo.push(c);
  }
  return false;
}

/** Pushes a node's children on a stack so that they pop in document order. */
function pushChildren<T>(todo: T[], node: DomNode, item: (child: DomNode) => T): void {
  const kids = node.children ?? [];
  for (let i = kids.length - 1; i >= 0; i--) todo.push(item(kids[i] as DomNode));
}

function childStyle(node: DomNode, parent: Style): Style {
  const name = node.name ?? "";
  const style = styleOf(node);
  const weight = /font-weight\s*:\s*(bold(?:er)?|[6-9]00)/i.test(style);
  const notBold = /font-weight\s*:\s*(normal|[1-4]00)/i.test(style);
  const centre =
    name === "center" ||
    (node.attribs?.align ?? "").toLowerCase() === "center" ||
    /text-align\s*:\s*center/i.test(style);
  const left = /text-align\s*:\s*(left|justify|right)/i.test(style);
  return {
    bold: name === "b" || name === "strong" || weight || (parent.bold && !notBold),
    underline: name === "u" || name === "ins" || /text-decoration[^;]*underline/i.test(style) || parent.underline,
    centred: centre || (parent.centred && !left),
    listDepth: parent.listDepth + (name === "ul" || name === "ol" ? 1 : 0),
    textLayer: parent.textLayer || isTextLayerStyle(style),
  };
}

/** Walks the DOM into a {@link TextBuilder}; text in a block is collected as styled segments. */
function createInlineWalker(builder: TextBuilder, breakOnHr: boolean) {
  let segments: Segment[] = [];
  /** Struck-through runs left out (`isStruck`). */
  let struck = 0;
  const skipStruck = (n: DomNode): boolean => {
    if (!isStruck(n)) return false;
    if (hasWords(n)) struck += 1;
    return true;
  };
  let blockStyle: Style = { bold: false, underline: false, centred: false, listDepth: 0, textLayer: false };

  const append = (text: string, style: Style): void => {
    const raw = text.replace(ZERO_WIDTH, "");
    // a text layer keeps its line ends; its edges join neighbours with a space as any text does
    const lines = style.textLayer ? recoverTextLayerLines(raw) : "";
    let t = lines ? `${/^\s/.test(raw) ? " " : ""}${lines}${/\s$/.test(raw) ? " " : ""}` : raw.replace(/\s+/g, " ");
    const last = segments[segments.length - 1];
    if (t.startsWith(" ") && (!last || /[ \n]$/.test(last.text))) t = t.slice(1);
    if (t !== "") segments.push({ text: t, bold: style.bold, underline: style.underline });
  };

  // The innermost open <li> or <hN>: text flushed inside it (before a nested block) keeps its kind.
  const open: Array<{ kind: "heading" | "list_item"; level: number }> = [];

  const flush = (kindArg?: "heading" | "list_item", levelArg?: number): void => {
    const top = open[open.length - 1];
    const kind = kindArg ?? top?.kind;
    const level = kindArg ? levelArg : top?.level;
    const joined = segments.map((s) => s.text).join("");
    const lines = joined
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "");
    const text = lines.join("\n");
    if (text !== "") {
      if (kind) builder.addBlock(kind, text, level);
      else {
        const lettered = segments.filter((s) => /\p{L}/u.test(s.text));
        const emphasised = lettered.length > 0 && (lettered.every((s) => s.bold) || lettered.every((s) => s.underline));
        const short = lines.length === 1 && text.length <= MAX_HEADING_CHARS && /\p{L}/u.test(text);
        const heading = short && plausibleHeading(text) && (emphasised || blockStyle.centred);
        builder.addBlock(heading ? "heading" : "paragraph", text, heading ? (blockStyle.centred ? 1 : 2) : undefined);
      }
    }
    segments = [];
  };

  /** Text of a table cell on one line; reports page breaks met inside it. */
  const cellText = (node: DomNode, breaks: { count: number }): string => {
    const out: string[] = [];
    const todo = [node];
    for (let n = todo.pop(); n !== undefined; n = todo.pop()) {
      if (n.type === "text") out.push(n.data ?? "");
      else if (n.type === "tag" || n.type === "script" || n.type === "style") {
        const name = n.name ?? "";
        if (SKIP.has(name) || isHidden(n) || skipStruck(n)) continue;
        if (PAGE_BREAK_BEFORE.test(styleOf(n)) || PAGE_BREAK_AFTER.test(styleOf(n))) breaks.count += 1;
        if (name === "br" || BLOCK.has(name) || name === "td" || name === "th") out.push(" ");
        pushChildren(todo, n, (c) => c);
      }
    }
    return out.join("").replace(ZERO_WIDTH, "").replace(/\s+/g, " ").trim();
  };

  const rowsOf = (table: DomNode): DomNode[] => {
    const rows: DomNode[] = [];
    const todo: DomNode[] = [];
    pushChildren(todo, table, (c) => c);
    for (let c = todo.pop(); c !== undefined; c = todo.pop()) {
      if (c.type !== "tag") continue;
      if (c.name === "tr") rows.push(c);
      else if (c.name !== "table") pushChildren(todo, c, (k) => k); // rows of nested tables belong to their cell
    }
    return rows;
  };

  const table = (node: DomNode): void => {
    let rows: string[] = [];
    const emit = (): void => {
      const first = rows[0];
      // A one-cell table is layout, not data: keep it as a paragraph.
      if (rows.length === 1 && first !== undefined && !first.includes(" | ")) {
        segments = [{ text: first, bold: false, underline: false }];
        flush();
      } else builder.addTable(rows);
      rows = [];
    };
    for (const tr of rowsOf(node)) {
      if (isHidden(tr)) continue;
      const breaks = { count: 0 };
      const cells = (tr.children ?? [])
        .filter((c) => c.type === "tag" && (c.name === "td" || c.name === "th") && !isHidden(c))
        .map((c) => cellText(c, breaks))
        .filter((c) => c !== "");
      if (cells.length > 0) rows.push(cells.join(" | "));
      if (breaks.count > 0 || PAGE_BREAK_AFTER.test(styleOf(tr))) {
        emit();
        builder.pageBreak();
      }
    }
    emit();
  };

  /** Steps of the walk: a node to enter, or the work left when an element's children are done. */
  type Step = { node: DomNode; style: Style } | (() => void);

  /** Walks the tree in document order with an explicit stack: nesting depth never reaches the call stack. */
  const walk = (root: DomNode, style: Style): void => {
    const todo: Step[] = [{ node: root, style }];
    for (let step = todo.pop(); step !== undefined; step = todo.pop()) {
      if (typeof step === "function") step();
      else enter(step.node, step.style, todo);
    }
  };

  const enter = (node: DomNode, style: Style, todo: Step[]): void => {
    if (node.type === "text") {
      append(node.data ?? "", style);
      return;
    }
    if (node.type !== "tag" && node.type !== "root" && node.type !== "script" && node.type !== "style") return;
    const name = node.name ?? "";
    if (SKIP.has(name) || isHidden(node) || skipStruck(node)) return;
    const s = node.type === "root" ? style : childStyle(node, style);
    const css = styleOf(node);
    if (name === "br") {
      segments.push({ text: "\n", bold: style.bold, underline: style.underline });
      return;
    }
    if (name === "hr") {
      flush();
      if (breakOnHr || PAGE_BREAK_BEFORE.test(css) || PAGE_BREAK_AFTER.test(css)) builder.pageBreak();
      return;
    }
    const block = BLOCK.has(name) || name === "table";
    // An indented inline run ("1." then a padded span holding the text) is a visual gap: a space.
    const gap = !block && INLINE_GAP.test(css);
    if (gap) append(" ", style);
    if (block) {
      flush();
      if (PAGE_BREAK_BEFORE.test(css)) builder.pageBreak();
    }
    const after = (): void => {
      if (gap) append(" ", style);
      if (block && PAGE_BREAK_AFTER.test(css)) builder.pageBreak();
    };
    if (name === "table") {
      table(node);
      after();
      return;
    }
    const saved = blockStyle;
    if (block) blockStyle = s;
    const heading = /^h([1-6])$/.exec(name);
    if (heading) open.push({ kind: "heading", level: Number(heading[1]) });
    else if (name === "li") open.push({ kind: "list_item", level: Math.max(0, s.listDepth - 1) });
    todo.push(() => {
      if (block) flush();
      if (heading || name === "li") open.pop();
      blockStyle = saved;
      after();
    });
    pushChildren<Step>(todo, node, (c) => ({ node: c, style: s }));
  };

  return { walk, flush, struck: () => struck };
}

function parseInline(html: string, limits: IngestLimits): (BuiltText & { struck: number }) | MarkupProblem {
  const $ = load(html);
  const root = $.root()[0] as unknown as DomNode;
  // Deep nesting is refused as a limit (a document never needs it), not as a crash.
  const deep = checkTreeDepth(root, "the HTML", limits);
  if (deep) return deep;
  // Page-break styles are the filer's own page marks; <hr> stands in only when there are none.
  const hasBreakStyles = PAGE_BREAK_BEFORE.test(html) || PAGE_BREAK_AFTER.test(html);
  const builder = createTextBuilder();
  const walker = createInlineWalker(builder, !hasBreakStyles);
  walker.walk(root, { bold: false, underline: false, centred: false, listDepth: 0, textLayer: false });
  walker.flush();
  return { ...builder.finish(), struck: walker.struck() };
}

// ---------------------------------------------------------------------------------------------

/** True when the document is one <pre> block holding nearly all of it (1990s EDGAR filings). */
function isPreFiling(html: string): RegExpExecArray | null {
  const m = PRE_BODY.exec(html);
  return m && (m[1] ?? "").length >= html.length * 0.8 ? m : null;
}

/**
 * Parses HTML as filed on SEC EDGAR into text, blocks and pages.
 *
 * - 1990s `<pre>` filings: the pre content with SGML tags removed and entities decoded; each
 *   `<PAGE> n` marker starts a page (label = n) and is dropped from the text; paragraphs are runs
 *   of lines between blank lines, de-indented by their common indentation.
 * - Inline HTML: one block per block element (headings from h1-h6, or a short line that is all
 *   bold, all underlined or centred), tables as a `table` block of `table_row` blocks with cells
 *   joined by " | ", pages from page-break styles (else from <hr>). Script, style, hidden elements
 *   and the inline-XBRL header are skipped; &nbsp; becomes a space. Struck-through text (a blackline's
 *   deletions) is left out and counted in the quality report (`struck_text`).
 *
 * Blocks are separated by a blank line; a page boundary is a zero-length `page_break` block.
 */
export function createHtmlParser(): Parser {
  return {
    contentType: CONTENT_TYPES.html,
    async parse(input: ParseInput): Promise<ExtractOutcome> {
      const { bytes, fileName, limits } = input;
      if (bytes.length > limits.maxFileBytes)
        return fail(
          "too_large",
          `${fileName}: ${bytes.length} bytes exceeds the limit of ${limits.maxFileBytes} (LEXNAV_MAX_FILE_BYTES)`,
        );
      const html = decode(bytes);
      if (html.slice(0, 4096).includes("\u0000")) return fail("corrupt", `${fileName}: binary content, not HTML`);
      const oversized = checkMarkupSize(html, "the HTML", limits) ?? checkHtmlDepth(html, "the HTML", limits);
      if (oversized) return fail(oversized.code, `${fileName}: ${oversized.message}`);
      let built: BuiltText & { struck?: number };
      try {
        const pre = isPreFiling(html);
        const parsed = pre ? parsePre(pre[1] ?? "") : parseInline(html, limits);
        if ("code" in parsed) return fail(parsed.code, `${fileName}: ${parsed.message}`);
        built = parsed;
      } catch (cause) {
        return fail(
          "internal",
          `${fileName}: HTML parsing failed`,
          cause instanceof Error ? cause.message : String(cause),
        );
      }
      const longest = longestLine(built.text);
      if (longest > limits.maxLineChars)
        return fail(
          "too_large",
          `${fileName}: a line of ${longest} characters exceeds the limit of ${limits.maxLineChars} (LEXNAV_MAX_LINE_CHARS)`,
        );
      const text = sanitizeText(built.text);
      const furniture = detectFurniture(text, built.pages);
      const quality = assessQuality({ text, pages: built.pages, contentType: CONTENT_TYPES.html, furniture });
      if (built.struck)
        quality.issues.push({
          code: "struck_text",
          severity: "info",
          message: `${built.struck} struck-through passage(s) left out (a blackline's deletions): the text reads as amended`,
        });
      if (quality.status === "failed")
        return fail(
          "empty",
          `${fileName}: no text found in the HTML (${quality.issues.map((i) => i.message).join("; ")})`,
        );
      const value: Extraction = {
        contentType: CONTENT_TYPES.html,
        text,
        blocks: built.blocks,
        pages: built.pages,
        quality,
        furniture,
      };
      return { ok: true, value };
    },
  };
}

/** Length of the longest line, without materialising the lines. */
function longestLine(text: string): number {
  let longest = 0;
  let start = 0;
  for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", start)) {
    longest = Math.max(longest, nl - start);
    start = nl + 1;
  }
  return Math.max(longest, text.length - start);
}

function fail(
  code: "too_large" | "corrupt" | "empty" | "internal" | "malicious",
  reason: string,
  detail?: string,
): ExtractOutcome {
  return { ok: false, error: { code, reason, ...(detail !== undefined ? { detail } : {}) } };
}
