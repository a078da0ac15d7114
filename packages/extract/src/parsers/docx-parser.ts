import { type Block, CONTENT_TYPES, type Extraction, type PageAnchor } from "@lexnav/document-model";
import mammoth from "mammoth";
import type { ExtractFailure, ExtractOutcome, ParseInput, Parser } from "../parser.ts";
import { type NumberedParagraph, numberedParagraphs, readNumberingDefinitions } from "./docx-numbering.ts";
import { checkXmlPart } from "./markup-limits.ts";
import { checkZipSafety, inspectZip, readZipEntry, type ZipEntry } from "./zip-inspect.ts";

/**
 * DOCX parser: checks the zip for bombs before anything decompresses it, then reads the document
 * with mammoth and renders plain text with blocks. Blocks are separated by a blank line; a list
 * item's text starts with its printed label ("(a) ..."), rebuilt from the numbering definitions;
 * a table is one `table` block spanning a `table_row` per row (cells joined with " | ").
 * Pages follow explicit page breaks only (Word's layout pages are not in the file).
 */
export function createDocxParser(): Parser {
  return {
    contentType: CONTENT_TYPES.docx,
    parse: parseDocx,
  };
}

function failure(code: ExtractFailure["code"], fileName: string, why: string): ExtractOutcome {
  return { ok: false, error: { code, reason: `${fileName}: ${why}` } };
}

/** Parts mammoth never decompresses when images are not converted. */
const UNREAD_PARTS = /^word\/(media|embeddings)\//;
/** Parts mammoth parses into a tree: each is bounded by the markup limits before it is parsed. */
const XML_PART = /\.(xml|rels)$/i;

async function parseDocx({ bytes, fileName, limits }: ParseInput): Promise<ExtractOutcome> {
  const zip = inspectZip(bytes);
  if (!zip.ok) return failure("corrupt", fileName, `not a valid DOCX zip archive: ${zip.problem}`);
  const unsafe = checkZipSafety(bytes, zip.entries, {
    maxExpandedBytes: limits.maxDocxExpandedBytes,
    setting: "LEXNAV_MAX_DOCX_EXPANDED_BYTES",
  });
  if (unsafe) return failure(unsafe.code, fileName, unsafe.message);

  // Declared sizes can lie: decompress every part mammoth will read, capped at its declared size,
  // and count what really came out. An XML part must also fit the markup limits before mammoth
  // builds a tree of it: that tree, not the zip, is what costs memory.
  const parts = new Map<string, Uint8Array>();
  let inflated = 0;
  for (const entry of zip.entries) {
    if (UNREAD_PARTS.test(entry.name) || entry.name.endsWith("/")) continue;
    const xml = XML_PART.test(entry.name);
    if (xml && entry.uncompressedSize > limits.maxMarkupBytes)
      return failure(
        "too_large",
        fileName,
        `"${entry.name}" inflates to ${mb(entry.uncompressedSize)} of XML (limit ${mb(limits.maxMarkupBytes)}, LEXNAV_MAX_MARKUP_BYTES)`,
      );
    const read = readZipEntry(bytes, entry);
    if (!read.ok) return failure(read.problem.code, fileName, read.problem.message);
    inflated += read.data.length;
    if (inflated > limits.maxDocxExpandedBytes)
      return failure(
        "malicious",
        fileName,
        `zip bomb: the parts inflate past ${mb(limits.maxDocxExpandedBytes)} (LEXNAV_MAX_DOCX_EXPANDED_BYTES)`,
      );
    if (xml) {
      const problem = checkXmlPart(new TextDecoder().decode(read.data), `"${entry.name}"`, limits);
      if (problem) return failure(problem.code, fileName, problem.message);
    }
    if (isNumberingPart(entry)) parts.set(entry.name, read.data);
  }
  const documentXml = parts.get("word/document.xml");
  if (!documentXml) return failure("corrupt", fileName, "no word/document.xml: not a Word document");

  let labels: NumberedParagraph[] = [];
  try {
    const decode = (name: string) => {
      const data = parts.get(name);
      return data ? new TextDecoder().decode(data) : null;
    };
    const defs = readNumberingDefinitions(decode("word/numbering.xml"), decode("word/styles.xml"));
    labels = numberedParagraphs(decode("word/document.xml") ?? "", defs);
  } catch {
    labels = []; // labels are a refinement: fall back to ordinals rather than fail the document
  }

  let document: MammothNode | undefined;
  try {
    await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        externalFileAccess: false,
        // Images are never decoded: they cost memory and carry no text.
        convertImage: mammoth.images.imgElement(async () => ({ src: "" })),
        // We only need mammoth's document model: keep it, and let it render an empty document
        // (its HTML rendering would otherwise cost more than reading the document).
        transformDocument: (doc: MammothNode) => {
          document = doc;
          return { ...doc, children: [] };
        },
      },
    );
  } catch (cause) {
    return failure("corrupt", fileName, `not a readable Word document (${(cause as Error).message})`);
  }
  if (!document) return failure("corrupt", fileName, "mammoth returned no document");

  const extraction = render(document, labels);
  if (extraction.text.trim() === "") return failure("empty", fileName, "the document contains no text");
  return { ok: true, value: extraction };
}

function mb(n: number): string {
  return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
}

function isNumberingPart(e: ZipEntry): boolean {
  return e.name === "word/document.xml" || e.name === "word/numbering.xml" || e.name === "word/styles.xml";
}

/** The subset of mammoth's document model we read. */
interface MammothNode {
  type: string;
  children?: MammothNode[];
  value?: string;
  styleId?: string | null;
  styleName?: string | null;
  numbering?: { level: string; isOrdered: boolean } | null;
  breakType?: "line" | "page" | "column";
  checked?: boolean;
}

interface RenderState {
  parts: string[];
  pos: number;
  blocks: Block[];
  pages: PageAnchor[];
  page: number;
  pageBreakPending: boolean;
  /** Labels from numbering.xml, consumed in document order when they line up with mammoth's paragraphs. */
  labels: NumberedParagraph[] | null;
  labelIndex: number;
  /** Fallback ordinals per list level when labels are unavailable. */
  ordinals: Map<number, number>;
}

function render(document: MammothNode, labels: NumberedParagraph[]): Extraction {
  const numbered: MammothNode[] = [];
  collectNumbered(document, numbered);
  const aligned =
    labels.length === numbered.length && labels.every((l, i) => String(l.level) === numbered[i]?.numbering?.level);
  const state: RenderState = {
    parts: [],
    pos: 0,
    blocks: [],
    pages: [],
    page: 1,
    pageBreakPending: false,
    labels: aligned ? labels : null,
    labelIndex: 0,
    ordinals: new Map(),
  };
  state.pages.push({ page: 1, start: 0, end: 0 });
  walkBody(document.children ?? [], state);
  const text = state.parts.join("");
  const last = state.pages[state.pages.length - 1];
  if (last) last.end = text.length;
  return {
    contentType: CONTENT_TYPES.docx,
    text,
    blocks: state.blocks,
    pages: state.pages,
    quality: { status: "ok", issues: [], pageCount: state.pages.length, charCount: text.length },
    furniture: [],
  };
}

function collectNumbered(node: MammothNode, out: MammothNode[]): void {
  if (node.type === "paragraph" && node.numbering) out.push(node);
  for (const c of node.children ?? []) collectNumbered(c, out);
}

function walkBody(nodes: MammothNode[], state: RenderState): void {
  for (const node of nodes) {
    if (node.type === "paragraph") renderParagraph(node, state);
    else if (node.type === "table") renderTable(node, state);
    else if (node.children) walkBody(node.children, state);
  }
}

/** Starts a block at the current position, after a blank-line separator and any pending page break. */
function append(state: RenderState, text: string): number {
  if (state.pos > 0) {
    state.parts.push("\n\n");
    state.pos += 2;
  }
  if (state.pageBreakPending) {
    state.pageBreakPending = false;
    const prev = state.pages[state.pages.length - 1];
    if (prev) prev.end = state.pos;
    state.page++;
    state.pages.push({ page: state.page, start: state.pos, end: state.pos });
  }
  const start = state.pos;
  state.parts.push(text);
  state.pos += text.length;
  return start;
}

function headingLevel(p: MammothNode): number | null {
  const name = p.styleName ?? p.styleId ?? "";
  const m = /^heading\s*([1-9])$/i.exec(name);
  if (m?.[1]) return Number(m[1]);
  return /^title$/i.test(name) ? 1 : null;
}

function renderParagraph(p: MammothNode, state: RenderState): void {
  const inline = { text: "", breakBeforeText: false, breakAfterText: false };
  collectInline(p.children ?? [], inline);
  if (inline.breakBeforeText) state.pageBreakPending = true;
  let label: string | undefined;
  if (p.numbering) {
    const level = Number(p.numbering.level) || 0;
    if (state.labels) {
      label = state.labels[state.labelIndex]?.label ?? undefined;
      state.labelIndex++;
    } else if (p.numbering.isOrdered) {
      const n = (state.ordinals.get(level) ?? 0) + 1;
      state.ordinals.set(level, n);
      for (const l of [...state.ordinals.keys()]) if (l > level) state.ordinals.delete(l);
      label = `${n}.`;
    }
  }
  const body = inline.text.replace(/^\s+|\s+$/g, "");
  if (body !== "") {
    const heading = headingLevel(p);
    const text = label ? `${label} ${body}` : body;
    const start = append(state, text);
    const block: Block = {
      kind: heading !== null ? "heading" : p.numbering ? "list_item" : "paragraph",
      start,
      end: start + text.length,
      page: state.page,
    };
    if (heading !== null) block.level = heading;
    else if (p.numbering) block.level = Number(p.numbering.level) || 0;
    if (label) block.label = label;
    state.blocks.push(block);
  }
  if (inline.breakAfterText) state.pageBreakPending = true;
}

function collectInline(
  nodes: MammothNode[],
  acc: { text: string; breakBeforeText: boolean; breakAfterText: boolean },
): void {
  for (const n of nodes) {
    switch (n.type) {
      case "text":
        acc.text += n.value ?? "";
        break;
      case "tab":
        acc.text += "\t";
        break;
      case "break":
        if (n.breakType === "page") {
          if (acc.text.trim() === "") acc.breakBeforeText = true;
          else acc.breakAfterText = true;
        } else acc.text += "\n";
        break;
      case "checkbox":
        acc.text += n.checked ? "\u2612" : "\u2610";
        break;
      case "paragraph": {
        // A text box inside a run: keep its words in reading order.
        const inner = { text: "", breakBeforeText: false, breakAfterText: false };
        collectInline(n.children ?? [], inner);
        if (inner.text.trim()) acc.text += `${acc.text ? " " : ""}${inner.text.trim()}`;
        break;
      }
      default:
        if (n.children && n.type !== "note" && n.type !== "comment") collectInline(n.children, acc);
    }
  }
}

function cellText(node: MammothNode): string {
  const pieces: string[] = [];
  for (const c of node.children ?? []) {
    if (c.type === "paragraph") {
      const acc = { text: "", breakBeforeText: false, breakAfterText: false };
      collectInline(c.children ?? [], acc);
      const t = acc.text.replace(/\s+/g, " ").trim();
      if (t) pieces.push(t);
    } else if (c.type === "table") {
      for (const row of rowsOf(c)) {
        const t = row.map(cellText).filter(Boolean).join(" | ");
        if (t) pieces.push(t);
      }
    } else {
      const t = cellText(c);
      if (t) pieces.push(t);
    }
  }
  return pieces.join(" ");
}

function rowsOf(table: MammothNode): MammothNode[][] {
  const rows: MammothNode[][] = [];
  const visit = (nodes: MammothNode[]) => {
    for (const n of nodes) {
      if (n.type === "tableRow") rows.push((n.children ?? []).filter((c) => c.type === "tableCell"));
      else if (n.children && n.type !== "table") visit(n.children);
    }
  };
  visit(table.children ?? []);
  return rows;
}

function renderTable(table: MammothNode, state: RenderState): void {
  const rows = rowsOf(table)
    .map((cells) => cells.map(cellText).join(" | "))
    .filter((r) => r.replace(/[\s|]/g, "") !== "");
  if (rows.length === 0) return;
  const start = append(state, rows.join("\n"));
  const tableBlock: Block = { kind: "table", start, end: state.pos, page: state.page };
  state.blocks.push(tableBlock);
  let at = start;
  for (const r of rows) {
    state.blocks.push({ kind: "table_row", start: at, end: at + r.length, page: state.page });
    at += r.length + 1;
  }
}
