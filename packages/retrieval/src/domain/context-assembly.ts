import { featureWords } from "../embedders/text-features.ts";
import { splitSentences } from "./sentences.ts";

/**
 * Tightens a passage to the sentences that carry the question's words: the run from the first to the
 * last sentence with a question word. A passage with none, or with a single sentence, stays whole.
 * Precision counts every character handed on, so sentences around the evidence cost without helping.
 */
export function tightenToEvidence(
  text: string,
  start: number,
  end: number,
  terms: ReadonlySet<string>,
): { start: number; end: number } {
  if (terms.size === 0) return { start, end };
  const sentences = splitSentences(text, start, end);
  if (sentences.length < 2) return { start, end };
  let first = -1;
  let last = -1;
  sentences.forEach((s, i) => {
    if (featureWords(text.slice(s.start, s.end)).some((w) => terms.has(w))) {
      if (first < 0) first = i;
      last = i;
    }
  });
  if (first < 0) return { start, end };
  return { start: (sentences[first] as { start: number }).start, end: (sentences[last] as { end: number }).end };
}
