import type { IngestLimits } from "@lexnav/core";

/** Why markup is refused before a tree is built from it; `message` names the limit and its setting. */
export interface MarkupProblem {
  code: "too_large" | "malicious";
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
 * count and nesting depth, all by one iterative scan of the tags.
 */
export function checkXmlPart(xml: string, what: string, limits: IngestLimits): MarkupProblem | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    return {
      code: "malicious",
      message: `${what} declares a DOCTYPE or entities, which Word never writes (entity expansion and external entities are refused)`,
    };
  const size = checkMarkupSize(xml, what, limits);
  if (size) return size;
  const depth = xmlDepth(xml, limits.maxNestingDepth + 1);
  if (depth > limits.maxNestingDepth) return depthProblem(what, limits);
  return null;
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

/** Deepest element nesting of well-formed XML, up to `stopAt`; comments and CDATA hold no tags. */
function xmlDepth(xml: string, stopAt: number): number {
  const tag = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<([/?!]?)[^>]*?(\/?)>/g;
  let depth = 0;
  let max = 0;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    const lead = m[1];
    if (lead === undefined || lead === "?" || lead === "!") continue;
    if (lead === "/") depth = Math.max(0, depth - 1);
    else if (m[2] !== "/") {
      depth++;
      if (depth > max) max = depth;
      if (max >= stopAt) return max;
    }
  }
  return max;
}

function fmt(n: number): string {
  return n.toLocaleString("en-US");
}

function mb(n: number): string {
  return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
}
