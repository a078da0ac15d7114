import { citeableClause, type DocumentRecord, type PageAnchor, type ProvisionNode } from "@lexnav/document-model";
import { type Citation, plain, readableTitle } from "./evidence.ts";
import type { Awaitable } from "./extract.ts";

/** What locating a citation reads from the catalog. */
export interface CitationLocationDeps {
  document: (documentId: string) => Awaitable<DocumentRecord | null>;
  node: (documentId: string, version: string, nodeId: string) => Awaitable<ProvisionNode | null>;
  /** The page anchors of a stored version; empty when the source has no pages. */
  pages?: (documentId: string, version: string) => Awaitable<readonly PageAnchor[]>;
}

/** Where a cited span sits, in the terms a lawyer checks it by. */
export interface CitationLocation {
  /** The document's title ("Amendment No. 3 to Amended and Restated Credit Agreement"), else its file stem. */
  title: string;
  /** The section path from the top: ["Article X", "Section 10.6(a)"]; empty when the provision has no reference. */
  path: string[];
  /** The printed page label, else the page number, where the span starts; null when the source has no pages. */
  page: string | null;
}

/**
 * Locates a verified citation: the document's title (a file name is not how a lawyer names an
 * instrument), the section path from the enclosing article down to the cited provision, and the page
 * the span starts on. The page is only given when the source has more than one page: a single page says
 * nothing a reader can look up.
 */
export async function locateCitation(
  c: Pick<Citation, "documentId" | "version" | "nodeId" | "start">,
  deps: CitationLocationDeps,
): Promise<CitationLocation> {
  const doc = await deps.document(c.documentId);
  const title = readableTitle(doc?.title ?? null) ?? stem(doc?.fileName ?? null) ?? c.documentId;
  const chain: ProvisionNode[] = [];
  const seen = new Set<string>();
  for (
    let n = c.nodeId ? await deps.node(c.documentId, c.version, c.nodeId) : null;
    n !== null && !seen.has(n.id);
    n = n.parentId ? await deps.node(c.documentId, c.version, n.parentId) : null
  ) {
    seen.add(n.id);
    chain.unshift(n);
  }
  const pages = (await deps.pages?.(c.documentId, c.version)) ?? [];
  return { title, path: sectionPath(chain), page: pageOf(c.start, pages) };
}

/** "Credit Agreement, Article X, Section 10.6(a), page 45": one line, the form a citation is shown in. */
export function formatLocation(l: CitationLocation): string {
  return [l.title, ...l.path, ...(l.page !== null ? [`page ${l.page}`] : [])].join(", ");
}

/**
 * The citeable path of a provision given its ancestors (root first): the enclosing article, then the
 * nearest provision with a full reference ("Section 10.6(a)", which already names its section), then
 * the parts below it that have only a label of their own (a definition, a lettered clause inside it).
 */
function sectionPath(chain: readonly ProvisionNode[]): string[] {
  const path: string[] = [];
  const article = chain.find((n) => n.kind === "article");
  let anchor = -1;
  for (let i = chain.length - 1; i >= 0; i--)
    if ((chain[i] as ProvisionNode).fullRef) {
      anchor = i;
      break;
    }
  const anchorNode = anchor >= 0 ? (chain[anchor] as ProvisionNode) : null;
  if (article && article !== anchorNode) {
    // "ARTICLE X" as printed reads "Article X" in a citation
    const ref = citeableClause(article)?.replace(/^ARTICLE\b/i, "Article");
    if (ref) path.push(ref);
  }
  if (anchorNode) {
    const ref = citeableClause(anchorNode);
    if (ref) path.push(ref);
  }
  for (const n of chain.slice(anchor + 1)) {
    if (n.kind === "document" || n.kind === "article") continue;
    const ref = n.clauseRef?.trim();
    if (ref) path.push(n.kind === "definition" && !/^definition\b/i.test(ref) ? `Definition "${ref}"` : ref);
  }
  return path.map(plain);
}

function pageOf(offset: number, pages: readonly PageAnchor[]): string | null {
  if (pages.length < 2) return null;
  const p = pages.find((a) => a.start <= offset && offset < a.end) ?? null;
  if (!p) return null;
  return plain(p.label ?? "") || String(p.page);
}

function stem(fileName: string | null): string | null {
  const s = plain((fileName ?? "").replace(/\.[A-Za-z0-9]+$/, ""));
  return s === "" ? null : s;
}
