import { phrasePattern } from "@lexnav/core";
import { featureWords, splitSentences } from "@lexnav/retrieval";
import type { SourceText } from "./citations.ts";
import type { EvidenceItem } from "./evidence.ts";

/**
 * A chosen sentence that names what is asked only by pointing back to the sentence before it (issue #16,
 * item 3: the answering unit quoted whole):
 * - as "such …": "Borrower expressly submits to such jurisdiction in any action commenced in any such court",
 *   asked "Which courts does the borrower submit to?", does not say which courts: the sentence before it
 *   does ("the state or federal courts located in New York City shall have exclusive jurisdiction");
 * - by a term the sentence before defines as it goes: "Recipient will use the Confidential Information only
 *   for the Permitted Use", asked what the recipient may use it for, after "… who need to know it for use in
 *   evaluating a potential business relationship (“Permitted Use”)".
 * A lawyer reads the two together, and so is the answer quoted: the sentence pointed back to is cited with it.
 */

/** How far before the chosen sentence the one it points back to may start, in characters. */
export const POINTED_BACK_MAX = 1500;

/**
 * A term defined as a text goes: capitalised words in quotation marks in brackets after what they name ("no
 * later than March 31, 2024 (the “Outside Date”)", "(collectively, “Representatives”)"). A definition that
 * says what a term means ("“Confidential Information” means …") is the definitions' to bring in, not this.
 */
const DEFINED_TERM =
  /\((?:the\s+|collectively,?\s+(?:the\s+)?|each,?\s+(?:a|an|the)\s+|hereinafter\s+(?:the\s+)?)?[“"]((?:[A-Z][\w&'’-]*)(?:\s+(?:of|and|or|the|to|for|[A-Z][\w&'’-]*)){0,5})[.,]?[”"]/g;

/**
 * The start of the sentence `text[s, e)` points back to, and the words asked that it points back by; null
 * when it points back to none. The chosen sentence points back by a word the question asks by (`asked`, as
 * `featureWords` writes it) that it names only after "such", when the sentence before names it otherwise,
 * or that is a word of a term the sentence before defines and the chosen sentence uses. That sentence runs
 * to its full stop: the reading split ends a sentence at ";" too, and such a clause may hold only its last
 * words. When the chosen sentence is itself a clause so cut, the rest of its sentence before it is read with
 * the sentence before. No blank line may part them.
 */
export function pointedBackFrom(
  text: string,
  s: number,
  e: number,
  asked: readonly string[],
): { start: number; words: string[] } | null {
  if (asked.length === 0) return null;
  const wanted = new Set(asked);
  const parts = splitSentences(text, Math.max(0, s - POINTED_BACK_MAX), s).filter((r) => r.end <= s);
  const stops = parts.flatMap((r, i) => (/\.["”’')\]]*$/.test(text.slice(r.start, r.end)) ? [i] : []));
  const begin = stops.at(-1) === parts.length - 1 ? stops.at(-2) : stops.at(-1);
  // no full stop before: the sentence opens the text, or is too long to be read back to its start
  const first = begin !== undefined ? parts[begin + 1] : s <= POINTED_BACK_MAX ? parts[0] : undefined;
  if (!first || /\n[^\S\n]*\n/.test(text.slice(first.start, s))) return null;
  const chosen = text.slice(s, e);
  const before = text.slice(first.start, s);
  const pointed = new Set<string>();
  const named = new Set<string>();
  for (const { word, such } of wordsOf(chosen)) (such ? pointed : named).add(word);
  const bySuch = [...pointed].filter((w) => wanted.has(w) && !named.has(w) && names(before, w));
  const byTerm = [...before.matchAll(DEFINED_TERM)]
    .map((m) => m[1] as string)
    .filter((term) => new RegExp(String.raw`(?<![\w])${phrasePattern(term)}(?![\w])`).test(chosen))
    .flatMap((term) => featureWords(term).filter((w) => wanted.has(w)));
  const words = [...new Set([...bySuch, ...byTerm])];
  return words.length > 0 ? { start: first.start, words } : null;
}

/** Whether a text names a word other than after "such". */
const names = (text: string, word: string): boolean => wordsOf(text).some((w) => !w.such && w.word === word);

/**
 * Each word of a text as `featureWords` writes it, and whether "such" stands just before it. "Other such"
 * ("stamp, registration and other such taxes") names a kind, not a thing said before.
 */
function wordsOf(text: string): Array<{ word: string; such: boolean }> {
  const out: Array<{ word: string; such: boolean }> = [];
  let such = false;
  let previous = "";
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)) {
    const raw = m[0];
    if (/^such$/i.test(raw)) {
      such = !/^other$/i.test(previous);
      previous = raw;
      continue;
    }
    for (const word of featureWords(raw)) out.push({ word, such });
    such = false;
    previous = raw;
  }
  return out;
}

/**
 * The sentence a quoted unit `[start, end)` of `item` points back to, as a span of an extract item (the same
 * item or a passage before it), or null when there is none or the part the extract holds does not name it.
 */
export function pointedBack(
  item: Pick<EvidenceItem, "documentId" | "version" | "start" | "end">,
  start: number,
  end: number,
  extract: readonly EvidenceItem[],
  source: SourceText,
  asked: readonly string[],
): { item: EvidenceItem; start: number; end: number } | null {
  const text = source(item.documentId, item.version);
  if (text === null) return null;
  const back = pointedBackFrom(text, start, end, asked);
  if (back === null) return null;
  // The extract may hold the sentence pointed back to in part (a passage cut at its ";"): the part held is
  // cited when it names what is asked.
  const holder = extract.find(
    (x) =>
      x.documentId === item.documentId && x.version === item.version && x.start <= back.start && back.start < x.end,
  );
  if (!holder) return null;
  const to = back.start + text.slice(back.start, Math.min(start, holder.end)).trimEnd().length;
  const held = text.slice(back.start, to);
  return back.words.some((w) => names(held, w)) ? { item: holder, start: back.start, end: to } : null;
}
