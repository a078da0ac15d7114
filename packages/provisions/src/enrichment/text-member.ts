import type { Extraction } from "@lexnav/document-model";
import { profileDocument } from "../profile/profile-document.ts";
import { buildProvisionTree } from "../structure/build-provision-tree.ts";
import { enrichStructure } from "./enrich-structure.ts";
import type { TransactionMember } from "./transaction-set.ts";

/**
 * A transaction-set member read from plain text alone (structure, enrichment and profile, as ingest
 * reads a `.txt` file), for code that works on texts outside a store: corpus tests and benches.
 * Tokens are estimated at four characters each unless `countTokens` is given.
 */
export function transactionMemberFromText(
  documentId: string,
  text: string,
  countTokens: (s: string) => number = (s) => Math.ceil(s.length / 4),
): TransactionMember {
  const extraction: Extraction = {
    contentType: "text/plain",
    text,
    blocks: [],
    pages: [],
    furniture: [],
    quality: { status: "ok", issues: [], pageCount: 1, charCount: text.length },
  };
  const tree = buildProvisionTree({ documentId, version: "v", extraction }, { countTokens });
  const profile = profileDocument(text, tree);
  return {
    documentId,
    profile,
    effectiveDate: profile.effectiveDate,
    structure: enrichStructure(tree, text, { profile }),
    text,
  };
}
