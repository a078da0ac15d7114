import type { IngestLimits } from "@lexnav/core";

/** Why markup is refused before a tree is built from it; `message` names the limit and its setting. */
export interface MarkupProblem {
  code: "too_large" | "malicious" | "corrupt";
  message: string;
}

/** The few fields of a parsed tree node the depth check reads (htmlparser2's and mammoth's shapes). */
interface TreeNode {
  children?: TreeNode[];
}

/**
 * Size and element count of markup, checked before it is parsed: a tree costs memory per element,
 * so these two bound what the parse can allocate. Counting is a linear scan, never a parse.
 */
export function checkMarkupSize(markup: string, what: string, limits: IngestLimits): MarkupProblem | null {
  if (markup.length > limits.maxMarkupBytes)
    return {
      code: "too_large",
      message: `${what} holds ${mb(markup.length)} of markup (limit ${mb(limits.maxMarkupBytes)}, LEXNAV_MAX_MARKUP_BYTES)`,
    };
  const elements = countStartTags(markup, limits.maxMarkupElements + 1);
  if (elements > limits.maxMarkupElements)
    return {
      code: "too_large",
      message: `${what} has more than ${fmt(limits.maxMarkupElements)} elements (LEXNAV_MAX_MARKUP_ELEMENTS)`,
    };
  return null;
}

/**
 * Checks an XML part of an Office file before it is parsed: no DOCTYPE (Office XML never declares
 * one, and a DOCTYPE is how entity expansion and external entities get in), then size, element
 * count, nesting depth and every `<` closed, all by linear scans.
 */
export function checkXmlPart(xml: string, what: string, limits: IngestLimits): MarkupProblem | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    return {
      code: "malicious",
      message: `${what} declares a DOCTYPE or entities, which Word never writes (entity expansion and external entities are refused)`,
    };
  const size = checkMarkupSize(xml, what, limits);
  if (size) return size;
  const shape = xmlShape(xml, limits.maxNestingDepth + 1);
  if (shape.depth > limits.maxNestingDepth) return depthProblem(what, limits);
  // Regex and DOM parsers alike rescan the rest of the part from every unclosed "<", and xmldom
  // locates every structural error from the start of the part: either is quadratic time.
  if (shape.broken !== null) return { code: "corrupt", message: `${what} is not well-formed XML (${shape.broken})` };
  return null;
}

/**
 * Checks HTML's nesting before it is parsed, from its tags: the parse itself costs time with the
 * square of the depth, so markup far deeper than the limit is refused unparsed. The margin covers
 * what the estimate cannot see (a nested table adds rows and cells the estimate skips); the exact
 * depth is checked on the tree by {@link checkTreeDepth}.
 */
export function checkHtmlDepth(html: string, what: string, limits: IngestLimits): MarkupProblem | null {
  const estimate = htmlDepthEstimate(html, limits.maxNestingDepth * 4 + 1);
  return estimate > limits.maxNestingDepth * 4 ? depthProblem(what, limits) : null;
}

/**
 * Checks the nesting depth of a parsed tree without recursing, so that code which walks the tree
 * recursively afterwards is known to stay inside the stack.
 */
export function checkTreeDepth(root: TreeNode, what: string, limits: IngestLimits): MarkupProblem | null {
  const stack: Array<{ node: TreeNode; depth: number }> = [{ node: root, depth: 0 }];
  for (let top = stack.pop(); top; top = stack.pop()) {
    if (top.depth > limits.maxNestingDepth) return depthProblem(what, limits);
    for (const child of top.node.children ?? []) stack.push({ node: child, depth: top.depth + 1 });
  }
  return null;
}

function depthProblem(what: string, limits: IngestLimits): MarkupProblem {
  return {
    code: "too_large",
    message: `${what} nests elements more than ${fmt(limits.maxNestingDepth)} deep (LEXNAV_MAX_NESTING_DEPTH)`,
  };
}

/** Start tags (`<` then a letter), counted up to `stopAt`. */
function countStartTags(markup: string, stopAt: number): number {
  let n = 0;
  for (let i = markup.indexOf("<"); i >= 0 && n < stopAt; i = markup.indexOf("<", i + 1)) {
    const c = markup.charCodeAt(i + 1);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) n++;
  }
  return n;
}

/** One tag met by {@link scanTags}: `<name ...>`, `</name>` or `<name .../>`. */
interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  /** Offset of the tag's `<`. */
  start: number;
  /** Offset just past the tag's `>`. */
  end: number;
}

/**
 * Calls `onTag` for each tag in document order, skipping comments, CDATA, processing instructions
 * and declarations; `onTag` returns where to resume (past raw text) or `false` to stop. Linear in
 * the input whatever it holds: a `<` without a `>` (or an unclosed comment) ends the scan instead of
 * being searched for again at every later `<`.
 */
function scanTags(markup: string, onTag: (tag: Tag) => number | false, onUnclosed?: (at: number) => void): void {
  const body = /[^<>]*/y;
  const head = /^(\/?)([A-Za-z_][^\s/<>]*)[^<>]*?(\/?)$/;
  let i = markup.indexOf("<");
  while (i >= 0) {
    if (markup.startsWith("<!--", i)) {
      const close = markup.indexOf("-->", i + 4);
      if (close < 0) {
        onUnclosed?.(i);
        return;
      }
      i = markup.indexOf("<", close + 3);
      continue;
    }
    if (markup.startsWith("<![CDATA[", i)) {
      const close = markup.indexOf("]]>", i + 9);
      if (close < 0) {
        onUnclosed?.(i);
        return;
      }
      i = markup.indexOf("<", close + 3);
      continue;
    }
    body.lastIndex = i + 1;
    body.exec(markup);
    const stop = body.lastIndex;
    if (markup.charCodeAt(stop) !== 62 /* > */) {
      if (onUnclosed) {
        onUnclosed(i);
        return;
      }
      i = stop < markup.length ? stop : -1; // a stray "<": the next one starts over
      continue;
    }
    const m = head.exec(markup.slice(i + 1, stop));
    let next = stop + 1;
    if (m) {
      const resume = onTag({
        name: (m[2] as string).toLowerCase(),
        closing: m[1] === "/",
        start: i,
        selfClosing: m[3] === "/",
        end: next,
      });
      if (resume === false) return;
      next = resume;
    }
    i = markup.indexOf("<", next);
  }
}

/**
 * Deepest element nesting of XML, up to `stopAt`, and the first break of its tag structure: a `<`
 * that never closes, an end tag that does not close the open element, or a second root element.
 */
function xmlShape(xml: string, stopAt: number): { depth: number; broken: string | null } {
  const open: string[] = [];
  let max = 0;
  let roots = 0;
  let broken: string | null = null;
  scanTags(
    xml,
    (tag) => {
      if (tag.closing) {
        const top = open.pop();
        if (top !== tag.name) {
          broken = `the end tag </${tag.name}> at offset ${fmt(tag.start)} closes ${top === undefined ? "nothing" : `<${top}>`}`;
          return false;
        }
        return tag.end;
      }
      if (open.length === 0 && ++roots > 1) {
        broken = `a second root element <${tag.name}> at offset ${fmt(tag.start)}`;
        return false;
      }
      if (!tag.selfClosing) {
        open.push(tag.name);
        if (open.length > max) max = open.length;
      }
      return max >= stopAt ? false : tag.end;
    },
    (at) => {
      broken = `a "<" at offset ${fmt(at)} is never closed`;
    },
  );
  return { depth: max, broken };
}

/** Elements that never hold others. */
const HTML_VOID = new Set(
  "area base basefont br col command embed frame hr img input isindex keygen link meta param source track wbr".split(
    " ",
  ),
);
/** Elements a parser closes by themselves when a sibling opens: they do not stack up. */
const HTML_OPTIONAL_END = new Set(
  "p li dt dd td th tr tbody thead tfoot option optgroup colgroup caption rb rt rp rtc html head body".split(" "),
);
/** Elements whose content is raw text, not markup. */
const HTML_RAW = new Set("script style textarea title xmp iframe noembed noframes plaintext".split(" "));

/**
 * Nesting depth of HTML as an HTML parser would build it, estimated from the tags alone: void
 * elements and elements with optional end tags do not nest, an end tag closes up to its open
 * element and a stray one is ignored. Runs before parsing because the parser's own cost grows with
 * the square of the depth; the exact depth is checked on the tree afterwards.
 */
export function htmlDepthEstimate(html: string, stopAt: number): number {
  const stack: string[] = [];
  const open = new Map<string, number>();
  let max = 0;
  scanTags(html, (tag) => {
    if (tag.closing) {
      if ((open.get(tag.name) ?? 0) === 0) return tag.end;
      for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
        open.set(top, (open.get(top) ?? 1) - 1);
        if (top === tag.name) break;
      }
      return tag.end;
    }
    if (HTML_RAW.has(tag.name)) {
      const close = new RegExp(`</${tag.name}`, "ig");
      close.lastIndex = tag.end;
      const found = close.exec(html);
      return found ? found.index : html.length;
    }
    if (HTML_VOID.has(tag.name) || HTML_OPTIONAL_END.has(tag.name)) return tag.end;
    stack.push(tag.name);
    open.set(tag.name, (open.get(tag.name) ?? 0) + 1);
    if (stack.length > max) max = stack.length;
    return max >= stopAt ? false : tag.end;
  });
  return max;
}

function fmt(n: number): string {
  return n.toLocaleString("en-US");
}

function mb(n: number): string {
  return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
}
