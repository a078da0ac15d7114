import type { ProvisionNode } from "@lexnav/document-model";
import { asksOfClose, isClosePassage, MAX_TREE_DEPTH, opensWithSignature, parseQuestion } from "@lexnav/retrieval";
import type { Candidate } from "./evidence-model.ts";
import type { Awaitable } from "./extract.ts";

/**
 * Whether a passage lies in its instrument's close: its provision is in a signature block, or the
 * passage opens with the testimonium or a signature (`isClosePassage`). Reads the provision's
 * ancestors one by one, as the extract reads provisions.
 */
export async function liesInClose(
  node: ProvisionNode,
  body: string,
  nodeOf: (id: string) => Awaitable<ProvisionNode | null>,
): Promise<boolean> {
  const ancestors = new Map<string, ProvisionNode>();
  let n: ProvisionNode | null = node;
  for (let i = 0; n?.parentId && i < MAX_TREE_DEPTH && !ancestors.has(n.parentId); i++) {
    n = await nodeOf(n.parentId);
    if (n) ancestors.set(n.id, n);
  }
  return isClosePassage(node, body, (id) => ancestors.get(id));
}

/**
 * The candidates a question may be answered from. The close of an instrument (its testimonium and
 * signature blocks: a passage the extract marks `signatureBlock`, a sentence that reads as a signature)
 * states no provision, yet it repeats the parties' names and the roles they sign under, so it matches
 * a question about a role or a party by words. It answers only a question about the close itself
 * (`asksOfClose`: signing, capacity, the parties, an address, notices). A sentence that only runs on
 * into the testimonium (a clause the splitter did not end before "IN WITNESS WHEREOF") stays.
 */
export function apartFromClose<T extends Candidate>(question: string, candidates: T[]): T[] {
  if (asksOfClose(parseQuestion(question).ask)) return candidates;
  return candidates.filter((c) => c.item.signatureBlock !== true && !opensWithSignature(c.text));
}
