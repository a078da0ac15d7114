import type { CrossReference, DocumentStructure, NodeFlags, ProvisionNode, TermUse } from "@lexnav/document-model";
import { type DocumentProfile, isPartyRole, profileDocument } from "../profile/profile-document.ts";
import { createNodeLookup, extractReferences, type ReferenceContext, type ReferenceScope } from "./cross-references.ts";
import { type ContentFlags, contentFlags, createPartyMatcher } from "./flags.ts";
import { countWords, selectKeywords } from "./keywords.ts";
import { ownSegments, ownText, treeOrder } from "./own-text.ts";
import { nodeKeyWithZone } from "./reference-keys.ts";
import { createTermScanner, definitionsByTerm } from "./term-uses.ts";

/** Options for {@link enrichStructure}. */
export interface EnrichOptions {
  /** The document's profile when already computed (otherwise it is read from the text). */
  profile?: DocumentProfile;
  /** Keywords per node (default 8). */
  keywordLimit?: number;
}

const NO_CONTENT: ContentFlags = contentFlags("");

/** Flags that describe content and roll up from children to parents. */
const ROLLED_UP = ["hasMoney", "hasDate", "hasPercentage", "hasLiabilityLimit", "hasCondition", "hasParty"] as const;

/**
 * Enriches a provision tree deterministically (no model, no network) and returns new nodes:
 * - `flags`: content flags computed on each node's OWN text (its span minus its children's), then
 *   rolled up: a parent carries every content flag any descendant carries, so the planner can stop
 *   at an article or section and know something below it mentions money, dates, caps...
 *   `isDefinition`/`isTocEntry` are kept as the structure set them (not rolled up); `textLength` is
 *   the length of the node's whole span.
 * - `keywords`: up to 8 salient terms of the node's own text and title (see keywords.ts).
 * - `xrefs`: cross-references in the node's own text (none for toc / toc_entry nodes), resolved
 *   against this document's body nodes (see cross-references.ts for the rules).
 * - `termUses`: uses of this document's defined terms in the node's own text, linked to the
 *   definition node; the defining occurrence (the quoted term in its own definition node) is skipped.
 */
export function enrichStructure(
  structure: DocumentStructure,
  text: string,
  options: EnrichOptions = {},
): DocumentStructure {
  const profile = options.profile ?? profileDocument(text, structure);
  const nodes = structure.nodes;
  const segments = ownSegments(nodes);
  const ctx = referenceContext(structure, profile);
  const partyNames = [
    ...profile.parties,
    ...profile.definedParties,
    ...structure.definitions.map((d) => d.term).filter(isPartyRole),
  ];
  const partyMatcher = createPartyMatcher(partyNames);
  const definitions = definitionsByTerm(structure.definitions);
  const scanner = createTermScanner(definitions.keys());
  const scopes = referenceScopes(nodes);

  const ownFlags = new Map<string, NodeFlags>();
  const xrefsById = new Map<string, CrossReference[]>();
  const usesById = new Map<string, TermUse[]>();
  const candidates: Map<string, number>[] = [];
  for (const node of nodes) {
    const segs = segments.get(node.id) ?? [];
    const own = ownText(text, segs);
    const isToc = node.kind === "toc" || node.kind === "toc_entry" || node.flags.isTocEntry;
    // A TOC line names a provision ("7.4 Limitation of Liability"); it is not one, so it carries no
    // content flags and a planner routing on flags never lands on the table of contents.
    const content = isToc ? NO_CONTENT : contentFlags(own);
    ownFlags.set(node.id, {
      ...content,
      hasParty: !isToc && partyMatcher?.test(own) === true,
      isDefinition: node.flags.isDefinition || node.kind === "definition",
      isTocEntry: node.flags.isTocEntry || node.kind === "toc_entry",
      textLength: node.end - node.start,
    });
    const xrefs: CrossReference[] = [];
    if (!isToc) {
      for (const seg of segs) {
        for (const x of extractReferences(text, seg, scopes.get(node.id) ?? NO_SCOPE, ctx)) {
          // the node's own printed label ("Section 2.01 Commitment", "EXHIBIT A") is not a reference
          if (x.targetNodeId === node.id && x.start - node.start < 4) continue;
          xrefs.push(x);
        }
      }
    }
    xrefsById.set(node.id, xrefs);
    const uses: TermUse[] = [];
    const counts = new Map<string, number>();
    for (const seg of segs) {
      for (const match of scanner.scan(text, seg)) {
        const def = definitions.get(match.term);
        if (!def) continue;
        if (match.quoted && def.nodeId === node.id) continue;
        if (match.quoted && node.definesTerms.includes(match.term)) continue;
        uses.push({
          term: match.term,
          start: match.start,
          end: match.end,
          definitionNodeId: def.nodeId,
          definitionDocumentId: def.documentId,
        });
        if (match.term.includes(" ")) counts.set(match.term, (counts.get(match.term) ?? 0) + 1);
      }
    }
    usesById.set(node.id, uses);
    countWords(own, counts);
    if (node.title) countWords(node.title, counts, 3);
    for (const term of node.definesTerms) {
      const key = term.includes(" ") ? term : term.toLowerCase();
      counts.set(key, (counts.get(key) ?? 0) + 3);
    }
    candidates.push(counts);
  }
  const keywords = selectKeywords(candidates, options.keywordLimit ?? 8);

  // roll content flags up: children first
  const rolled = new Map<string, NodeFlags>();
  for (const [id, flags] of ownFlags) rolled.set(id, { ...flags });
  const order = treeOrder(nodes);
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i] as ProvisionNode;
    if (node.parentId === null) continue;
    const parent = rolled.get(node.parentId);
    const child = rolled.get(node.id);
    if (!parent || !child) continue;
    for (const flag of ROLLED_UP) if (child[flag]) parent[flag] = true;
  }

  const enriched = nodes.map((node, i) => ({
    ...node,
    flags: rolled.get(node.id) ?? node.flags,
    keywords: keywords[i] ?? [],
    xrefs: xrefsById.get(node.id) ?? [],
    termUses: usesById.get(node.id) ?? [],
  }));
  return { ...structure, nodes: enriched };
}

/** Own (not rolled-up) content flags of a text, for callers that need them without a tree. */
export { contentFlags } from "./flags.ts";

function referenceContext(structure: DocumentStructure, profile: DocumentProfile): ReferenceContext {
  const selfNames = new Set<string>(["this agreement"]);
  const isAmendment = profile.role === "amendment" || profile.role === "side_letter";
  if (!isAmendment && profile.title) {
    const own =
      /((?:[A-Za-z&'-]+\s+){0,3}(?:AGREEMENT|Agreement|CONTRACT|Contract|INDENTURE|Indenture|LEASE|Lease|LICENSE|License|PLAN|Plan))\s*$/.exec(
        profile.title.replace(/^AMENDED AND RESTATED\s+/i, ""),
      );
    if (own?.[1]) {
      const words = own[1].toLowerCase().split(/\s+/);
      // every tail of the title's instrument phrase means this document: "credit agreement", "agreement"
      for (let i = 0; i < words.length; i++) selfNames.add(words.slice(i).join(" "));
    }
  }
  if (isAmendment) selfNames.delete("agreement");
  const definitionNodes = new Map<string, ProvisionNode>();
  const byId = new Map(structure.nodes.map((n) => [n.id, n]));
  for (const d of structure.definitions) {
    const node = byId.get(d.nodeId);
    if (node && !definitionNodes.has(d.term)) definitionNodes.set(d.term, node);
  }
  return {
    lookup: createNodeLookup(structure.nodes, isAmendment, !isAmendment),
    selfNames,
    amendedName: isAmendment ? (profile.amendedShortName ?? "Agreement") : null,
    role: profile.role,
    definitionNodes,
  };
}

const NO_SCOPE: ReferenceScope = { containingRef: null, zone: null, definition: null };

/** For each node: the nearest enclosing (or own) section-like ref, its attachment zone, its definition node. */
function referenceScopes(nodes: readonly ProvisionNode[]): Map<string, ReferenceScope> {
  const out = new Map<string, ReferenceScope>();
  for (const node of treeOrder(nodes)) {
    const inherited = (node.parentId !== null ? out.get(node.parentId) : undefined) ?? NO_SCOPE;
    const key = nodeKeyWithZone(node);
    let scope = inherited;
    if (node.kind === "definition" || node.flags.isDefinition) scope = { ...inherited, definition: node };
    else if (key !== null) {
      const isAttachment = /^(?:schedule|exhibit|annex|appendix|attachment):/.test(key.key) && key.zone === null;
      if (isAttachment) scope = { containingRef: null, zone: key.key, definition: null };
      else if (key.key.startsWith("section:")) {
        scope = { containingRef: key.key.slice("section:".length), zone: key.zone ?? inherited.zone, definition: null };
      }
    }
    out.set(node.id, scope);
  }
  return out;
}
