import { instrumentMentions, typedWithoutCapitals } from "./document-names.ts";
import { instrumentKind, isInstrumentAbbreviation, isInstrumentWord, spelledOut } from "./instrument-kinds.ts";

/**
 * The kind of instrument a question asks about, as the words that say it: "the NDA" → nda; "the Heritage
 * manufacturing agreement" → manufacturing agreement; "the Intel corporate NDA" → corporate nda. Each
 * mention's words but its capitalised names (a kind or an abbreviation stays however written). A
 * mention whose words are only a kind every instrument is ("the Heritage agreement" → agreement) says no
 * kind, nor does a question typed without capitals, whose names cannot be told from its qualifiers.
 */
export function askedKinds(ask: string): string[][] {
  if (typedWithoutCapitals(ask)) return [];
  const out: string[][] = [];
  for (const mention of instrumentMentions(ask)) {
    const words = (mention.phrase.match(/[\p{L}][\p{L}\p{N}'’-]*/gu) ?? [])
      .filter((w) => w.toLowerCase() !== "the" && (!/^\p{Lu}/u.test(w) || isInstrumentWord(w)))
      .map((w) => w.toLowerCase());
    if (words.some((w) => !GENERIC.has(instrumentKind(w) ?? w))) out.push(words);
  }
  return out;
}

/** Kinds every instrument is: naming one says nothing of which. */
const GENERIC = new Set(["agreement", "contract", "instrument"]);

/** Text as its lower-case words between spaces, so a phrase is found whole (" non disclosure agreement "). */
const spaced = (text: string) => ` ${(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(" ")} `;

/**
 * Whether a name a document calls itself ("Corporate Non-Disclosure Agreement") is of the kind asked: each
 * word asked is in it, a kind by any of its spellings ("guaranty" for guarantee) and an abbreviation by it
 * or by the words it stands for ("nda": non-disclosure agreement, confidentiality agreement, …).
 */
export function isOfKind(ownName: string, asked: readonly string[]): boolean {
  const name = spaced(ownName);
  const kinds = new Set(
    name
      .trim()
      .split(" ")
      .map((w) => instrumentKind(w)),
  );
  return asked.every((w) => {
    if (isInstrumentAbbreviation(w))
      return name.includes(spaced(w)) || spelledOut(w).some((p) => name.includes(spaced(p)));
    const kind = instrumentKind(w);
    if (kind !== null) return kinds.has(kind);
    return name.includes(spaced(w));
  });
}
