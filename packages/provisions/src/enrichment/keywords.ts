/**
 * Salient terms per node: tf in the node's own text (heading words counted three times) × idf
 * across the document's nodes, after dropping stopwords, legal boilerplate and numbers. Defined
 * terms used in the node compete as whole phrases ("Applicable Margin"). Ties break alphabetically,
 * so the output is deterministic.
 */

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other our ours out over own same she should so some such than that the their theirs them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your upon unto shall may must might whether either neither within without per via including include includes included`.split(
    /\s+/,
  ),
);

const BOILERPLATE = new Set(
  `agreement hereof herein hereto hereunder hereby thereof therein thereto thereunder thereby whereas witnesseth section sections article articles clause clauses paragraph paragraphs subsection schedule exhibit annex party parties provided provide provides pursuant respect respective respectively applicable accordance following foregoing set forth described defined term terms means meaning time times date dated made make makes make such any other certain each without limitation extent related relating thereto therefor thereon therefrom hereinafter hereinabove aforementioned said such same shall including includes otherwise however whether notwithstanding upon prior subject thereunder either less least one two three four five first second third also like well case cases following reasonable reasonably written writing will would may might must shall`.split(
    /\s+/,
  ),
);

const SKIP = new Set([...STOPWORDS, ...BOILERPLATE]);

/**
 * Counts candidate words (lower-cased) of a text into `counts`, each occurrence adding `weight`.
 * A word is a run of letters, apostrophes and hyphens that starts and ends with a letter; a hand
 * loop rather than a regex because this runs over every character of the corpus.
 */
export function countWords(text: string, counts: Map<string, number>, weight = 1): void {
  const lower = text.toLowerCase();
  const n = lower.length;
  let i = 0;
  while (i < n) {
    let c = lower.charCodeAt(i);
    if (c < 97 || c > 122) {
      i++;
      continue;
    }
    const start = i;
    let lastLetter = i;
    i++;
    while (i < n) {
      c = lower.charCodeAt(i);
      if (c >= 97 && c <= 122) lastLetter = i;
      else if (c !== 39 && c !== 45 && c !== 8217) break;
      i++;
    }
    const length = lastLetter + 1 - start;
    if (length < 3 || length > 30) continue;
    let word = lower.slice(start, lastLetter + 1);
    if (word.endsWith("'s") || word.endsWith("’s")) word = word.slice(0, -2);
    if (SKIP.has(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + weight);
  }
}

/**
 * Picks up to `limit` keywords per node from per-node candidate counts (document frequency is
 * computed over the same nodes). Candidates occurring in more than half the nodes are dropped:
 * they do not tell nodes apart.
 */
export function selectKeywords(perNode: Map<string, number>[], limit = 8): string[][] {
  const df = new Map<string, number>();
  for (const counts of perNode) for (const word of counts.keys()) df.set(word, (df.get(word) ?? 0) + 1);
  const n = perNode.length;
  const idf = new Map<string, number>();
  for (const [word, d] of df) if (n < 8 || d <= n / 2) idf.set(word, Math.log(1 + n / d));
  const better = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return perNode.map((counts) => {
    // keep the best `limit` in a small sorted array: no sort of every candidate
    const top: Array<[string, number]> = [];
    for (const [word, tf] of counts) {
      const weight = idf.get(word);
      if (weight === undefined) continue;
      const score = tf === 1 ? weight : (1 + Math.log(tf)) * weight;
      if (top.length === limit && score < (top[limit - 1] as [string, number])[1]) continue;
      const entry: [string, number] = [word, score];
      if (top.length === limit && better(entry, top[limit - 1] as [string, number]) >= 0) continue;
      let i = top.length;
      while (i > 0 && better(entry, top[i - 1] as [string, number]) < 0) i--;
      top.splice(i, 0, entry);
      if (top.length > limit) top.pop();
    }
    return top.map(([word]) => word);
  });
}
