import type { Block, BlockKind, PageAnchor } from "@lexnav/document-model";

/** Text, blocks and pages assembled by a {@link TextBuilder}. */
export interface BuiltText {
  text: string;
  blocks: Block[];
  pages: PageAnchor[];
}

/**
 * Assembles extracted text block by block so that every block and page offset is right by
 * construction: blocks are separated by one blank line, table rows by a newline, and a page
 * boundary is a zero-length `page_break` block at the first offset of the new page.
 */
export interface TextBuilder {
  /** Appends a block of text (a heading, paragraph or list item). Blank text is ignored. */
  addBlock(kind: "heading" | "paragraph" | "list_item", text: string, level?: number): void;
  /** Appends a table: one `table_row` block per row inside one `table` block. Blank rows are ignored. */
  addTable(rows: string[]): void;
  /**
   * Starts a new page; `label` is the printed page number when the source carries one. A break
   * before any text, or right after another break, only relabels the pending page (markup often
   * doubles breaks). With `force` the page is always kept, even empty (a blank PDF page).
   */
  pageBreak(label?: string, force?: boolean): void;
  /** Offset where the next block would start if appended now (after the separator). */
  readonly length: number;
  finish(): BuiltText;
}

/** Characters never allowed in extracted text (NUL and other C0 controls but tab/newline/form feed). */
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g;

/** Removes control characters and normalises line ends; keeps everything else as is. */
export function sanitizeText(s: string): string {
  return s.replace(/\r\n?/g, "\n").replace(CONTROL, "");
}

/** Creates an empty builder; `firstLabel` labels page 1 when the source prints it. */
export function createTextBuilder(firstLabel?: string): TextBuilder {
  const parts: string[] = [];
  let length = 0;
  const blocks: Block[] = [];
  const pages: PageAnchor[] = [];
  let page = 1;
  let pageStart = 0;
  let pageLabel = firstLabel;
  let pending: Array<{ label: string | undefined; force: boolean }> = [];

  const push = (s: string): void => {
    parts.push(s);
    length += s.length;
  };

  /** Writes the separator before a new block and opens a pending page if any; returns the block start. */
  const begin = (): number => {
    if (length > 0) push("\n\n");
    flushPages();
    return length;
  };

  const flushPages = (): void => {
    for (const next of pending) {
      closePage(length);
      page += 1;
      pageStart = length;
      pageLabel = next.label;
      blocks.push({ kind: "page_break", start: length, end: length, page });
    }
    pending = [];
  };

  const closePage = (end: number): void => {
    const anchor: PageAnchor = { page, start: pageStart, end };
    if (pageLabel !== undefined) anchor.label = pageLabel;
    pages.push(anchor);
  };

  return {
    get length() {
      return length;
    },
    addBlock(kind, raw, level) {
      const text = sanitizeText(raw).replace(/\s+$/, "").replace(/^\n+/, "");
      if (text.trim() === "") return;
      const start = begin();
      push(text);
      const block: Block = { kind, start, end: length, page };
      if (level !== undefined) block.level = level;
      blocks.push(block);
    },
    addTable(rawRows) {
      const rows = rawRows.map((r) => sanitizeText(r).replace(/\n/g, " ").trim()).filter((r) => r !== "");
      if (rows.length === 0) return;
      const start = begin();
      const table: Block = { kind: "table", start, end: start, page };
      blocks.push(table);
      rows.forEach((row, i) => {
        if (i > 0) push("\n");
        const s = length;
        push(row);
        blocks.push({ kind: "table_row", start: s, end: length, page });
      });
      table.end = length;
    },
    pageBreak(label, force = false) {
      if (force) {
        pending.push({ label, force });
        return;
      }
      // Consecutive breaks with nothing between them are one break (a page-break style next to an <hr>).
      const last = pending[pending.length - 1];
      if (last) {
        if (label !== undefined) last.label = label;
        return;
      }
      if (length === 0) {
        if (label !== undefined) pageLabel = label;
        return;
      }
      pending.push({ label, force });
    },
    finish() {
      // A trailing soft break opens no page (nothing follows it); forced pages are kept, empty.
      pending = pending.filter((p) => p.force);
      flushPages();
      closePage(length);
      return { text: parts.join(""), blocks, pages };
    },
  };
}

/** Kinds a builder emits, re-exported for callers that switch on them. */
export type BuiltBlockKind = BlockKind;
