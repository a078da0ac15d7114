import { phrasePattern } from "@lexnav/core";
import { featureWords, isInstrumentWord, splitSentences } from "@lexnav/retrieval";
import type { SourceText } from "./citations.ts";
import type { EvidenceItem } from "./evidence.ts";

/**
 * A chosen sentence that names what is asked only by pointing back to the sentence before it:
 * - as "such …": "Borrower expressly submits to such jurisdiction in any action commenced in any such court",
 *   asked "Which courts does the borrower submit to?", does not say which courts: the sentence before it
 *   does ("the state or federal courts located in New York City shall have exclusive jurisdiction");
 * - by a term the sentence before defines as it goes: "Recipient will use the Confidential Information only
 *   for the Permitted Use", asked what the recipient may use it for, after "… who need to know it for use in
 *   evaluating a potential business relationship (“Permitted Use”)".
 * A lawyer reads the two together, and so is the answer quoted: the sentence pointed back to is cited with it.
 */

/**
 * How far before the chosen sentence the one it points back to may start, in characters: about two long
 * sentences of a filing (Figgie's forum sentence, three clauses cut at ";", is 860).
 */
export const POINTED_BACK_MAX = 1500;

/**
 * A term defined as a text goes: capitalised words in quotation marks in brackets after what they name ("no
 * later than March 31, 2024 (the “Outside Date”)", "(collectively, “Representatives”)"). A definition that
 * says what a term means ("“Confidential Information” means …") is the definitions' to bring in, not this.
 */
const DEFINED_TERM =
  /\((?:the\s+|collectively,?\s+(?:the\s+)?|each,?\s+(?:a|an|the)\s+|hereinafter\s+(?:the\s+)?)?[“"]((?:[A-Z][\w&'’-]*)(?:\s+(?:of|and|or|the|to|for|[A-Z][\w&'’-]*)){0,5})[.,]?[”"]/g;

/**
 * A party's designation: the bracket follows a company's legal form, maybe with its kind and place of organisation
 * ("Acme Holdings, Inc., a Delaware corporation (the “Company”)", "Beta LLC (“Beta”)"). A party's name is no
 * statement of what is asked.
 */
const AFTER_ENTITY =
  /\b(?:Inc|LLC|L\.L\.C|Ltd|Corp|Co|N\.A|L\.?P|LLP|plc|PLC|GmbH|AG|S\.A|B\.V)\.?,?(?:\s+an?\s+[^(),;]{0,60}?\b(?:corporation|company|partnership|association|bank))?,?\s*$/;

/**
 * The start of the sentence `text[s, e)` points back to, and the words asked that it points back by; null
 * when it points back to none. The chosen sentence points back by a word the question asks by (`asked`, as
 * `featureWords` writes it) that it names only after "such", when the sentence before names it otherwise,
 * or that is a word of a term the sentence before defines and the chosen sentence uses (not an instrument's
 * name nor a party's). The sentence before runs to its full stop: the reading split ends a sentence at ";"
 * too, and such a clause may hold only its last words. When the chosen sentence is itself a clause so cut,
 * the clauses of its sentence before it are read first, then with the sentence before them. No blank line may
 * part them.
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
  // where a sentence starts: after a part that ends at a full stop, or at the text's start when it is in reach
  const startAfter = (stop: number | undefined) =>
    stop !== undefined ? parts[stop + 1] : s <= POINTED_BACK_MAX ? parts[0] : undefined;
  const clause = stops.at(-1) !== parts.length - 1;
  const starts = clause ? [startAfter(stops.at(-1)), startAfter(stops.at(-2))] : [startAfter(stops.at(-2))];
  const chosen = text.slice(s, e);
  const pointed = new Set<string>();
  const named = new Set<string>();
  for (const { word, such } of wordsOf(chosen)) (such ? pointed : named).add(word);
  for (const first of starts) {
    if (!first || first.start >= s || /\n[^\S\n]*\n/.test(text.slice(first.start, s))) return null;
    const before = text.slice(first.start, s);
    const bySuch = [...pointed].filter((w) => wanted.has(w) && !named.has(w) && names(before, w));
    const byTerm = [...before.matchAll(DEFINED_TERM)]
      .filter((m) => !AFTER_ENTITY.test(before.slice(Math.max(0, (m.index ?? 0) - 120), m.index)))
      .map((m) => m[1] as string)
      .filter((term) => new RegExp(String.raw`(?<![\w])${phrasePattern(term)}(?![\w])`, "i").test(chosen))
      // an instrument's name ("the “Credit Agreement”") states nothing asked either
      .filter((term) => !isInstrumentWord(term.split(/\s+/).at(-1) ?? ""))
      .flatMap((term) => featureWords(term).filter((w) => wanted.has(w)));
    const words = [...new Set([...bySuch, ...byTerm])];
    if (words.length > 0) return { start: first.start, words };
  }
  return null;
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
  // The chosen sentence's own passage when it holds the sentence pointed back to, else one before it. That one
  // may hold it in part (a passage cut at its ";"): the part held is cited when it names what is asked.
  const holds = (x: EvidenceItem) =>
    x.documentId === item.documentId && x.version === item.version && x.start <= back.start && back.start < x.end;
  const own = extract.find((x) => x.documentId === item.documentId && x.start === item.start && x.end === item.end);
  const holder = own && holds(own) ? own : extract.find(holds);
  if (!holder) return null;
  const to = back.start + text.slice(back.start, Math.min(start, holder.end)).trimEnd().length;
  const held = text.slice(back.start, to);
  return back.words.some((w) => names(held, w)) ? { item: holder, start: back.start, end: to } : null;
}
