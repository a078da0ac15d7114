/** A stretch of one document in its stored coordinates. */
export interface DocumentSpan {
  documentId: string;
  start: number;
  end: number;
}

/**
 * A provision an amending clause of its deal replaced or deleted (`whole`), or amended in part, with
 * where that clause stands: its own words and the new text it brings (either, cited, says the provision
 * is read with its amendment).
 */
export interface ReplacedProvision {
  replaced: DocumentSpan;
  by: readonly DocumentSpan[];
  /** Replaced or deleted as a whole: none of its text is in force. False: amended in part. */
  whole: boolean;
}

const within = (c: DocumentSpan, p: DocumentSpan) =>
  c.documentId === p.documentId && p.start <= c.start && c.end <= p.end && c.start < c.end;
const overlaps = (a: DocumentSpan, b: DocumentSpan) =>
  a.documentId === b.documentId && a.start < b.end && b.start < a.end;

/**
 * Whether an answer cites superseded text as current: one of its citations lies in a provision that an
 * amending clause of the deal replaced or deleted, and the answer cites none of the clauses that
 * replaced that provision (nor their new text). Citing the old text beside its amending clause is
 * reading the two together, not taking the old text for the one in force.
 */
export function citesSupersededAsCurrent(
  cited: readonly DocumentSpan[],
  replaced: readonly ReplacedProvision[],
): boolean {
  return citesWithoutItsAmendment(
    cited,
    replaced.filter((r) => r.whole),
  );
}

/**
 * Whether an answer cites a provision its deal amended (as a whole or in part) without any clause that
 * amended it: the looser reading, where the sentence cited may be one the partial amendment left alone.
 */
export function citesWithoutItsAmendment(
  cited: readonly DocumentSpan[],
  amended: readonly ReplacedProvision[],
): boolean {
  return cited.some((c) => {
    const holding = amended.filter((r) => within(c, r.replaced));
    return holding.length > 0 && !holding.some((r) => r.by.some((b) => cited.some((x) => overlaps(x, b))));
  });
}
