/**
 * A name its owner writes in capitals is told from the common word it spells ("NEON" of NEON Systems from
 * "neon signs") only by its case, which the lexical indexes fold away. Asked how many documents hold such a
 * name (`LexicalIndex.documentsHolding`: routing by a name few documents hold), an index reads the passages
 * holding the phrase and counts those that write its capitals words in capitals. When none does (the asker
 * wrote "ACME" of a deal that writes "Acme"), or more passages hold the phrase than are worth reading (it is
 * common whatever its case), the lookup goes on without case, as for any other phrase.
 */

/** Most passages holding a phrase read to find those writing its capitals. */
export const CAPITALS_SCAN_LIMIT = 5000;

/** The words of a phrase written in capitals: two letters or more, none lower case ("NEON" of "NEON's"; not "D-M-E"'s). */
export function capitalsWords(phrase: string): string[] {
  const words = phrase.match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => /^\p{Lu}[\p{Lu}\p{N}]*\p{Lu}[\p{Lu}\p{N}]*$/u.test(w)))];
}

/** Whether `text` writes every one of `words` in capitals, each a word of its own ("NEON's" holds "NEON"). */
export function holdsInCapitals(text: string, words: readonly string[]): boolean {
  const held = new Set(text.match(/[\p{L}\p{N}]+/gu) ?? []);
  return words.every((w) => held.has(w));
}

/**
 * Reads, in the index's order, the passages holding a phrase with capitals words `capitals`, and tells which
 * documents to count: at most `limit`. An adapter feeds it passages until `read` says stop or the passages
 * run out, then asks `result`.
 */
export function capitalsReader(capitals: readonly string[], limit: number) {
  const writing = new Set<string>();
  const holding = new Set<string>();
  let read = 0;
  let stopped = false;
  return {
    /** Reads one passage (the text of its fields; what is not a string is passed over); false once no more need be read. */
    read(documentId: string, fields: readonly unknown[]): boolean {
      read += 1;
      if (holding.size < limit) holding.add(documentId);
      const text = fields.filter((f): f is string => typeof f === "string").join("\n");
      if (writing.size < limit && holdsInCapitals(text, capitals)) writing.add(documentId);
      stopped = writing.size >= limit || read >= CAPITALS_SCAN_LIMIT;
      return !stopped;
    },
    /**
     * The documents to count: those writing the capitals; when none does and every passage was read, those
     * holding the phrase in any case (the lookup without case, already done); null when passages were left
     * unread before `limit` documents were found, and the caller looks up without case.
     */
    result(): string[] | null {
      if (writing.size >= limit || (!stopped && writing.size > 0)) return [...writing];
      return stopped ? null : [...holding];
    },
  };
}
