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
 * documents write them: at most `limit`.
 */
export function capitalsReader(capitals: readonly string[], limit: number) {
  const documentIds = new Set<string>();
  let read = 0;
  return {
    /** Reads one passage (its fields' text joined); false once no more need be read. */
    read(documentId: string, text: string): boolean {
      read += 1;
      if (documentIds.size < limit && holdsInCapitals(text, capitals)) documentIds.add(documentId);
      return documentIds.size < limit && read < CAPITALS_SCAN_LIMIT;
    },
    /**
     * The documents writing the capitals, or null when the lookup goes on without case: none writes them, or
     * passages holding the phrase were left unread (`allRead` false) before `limit` documents were found.
     */
    result(allRead: boolean): string[] | null {
      if (documentIds.size >= limit || (allRead && documentIds.size > 0)) return [...documentIds];
      return null;
    },
  };
}
