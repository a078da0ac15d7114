/**
 * The key of the deal a document is of: its transaction set, or the document itself when it is in none
 * (an instrument filed alone is a deal of its own). Two documents are of one deal when their keys are
 * equal; retrieval's routing and the answer rules compare deals by this one key.
 */
export function dealKey(documentId: string, transactionSetId: string | null | undefined): string {
  return transactionSetId ? `set:${transactionSetId}` : `document:${documentId}`;
}
