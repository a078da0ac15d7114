import { literal } from "@lexnav/core";
import { instrumentMentions } from "@lexnav/retrieval";

/**
 * Instruments a question asks about (issue #16, item 3), an amendment named as where the answer lies
 * counted with what it amends. "Does Odyssey have to make a payment on the LGH note under the amendment?"
 * names the note and the amendment, yet asks one thing of one instrument: the note as the amendment has
 * it. "Is the guaranty under the same law as the credit agreement?" names two instruments and asks of
 * both. An amending instrument follows the instrument it amends with only the word that makes it the
 * source between them: "the note under the amendment", "the lease as amended by the second amendment",
 * "the licence pursuant to Amendment No. 2".
 */

/** Kinds of instrument that change another one. */
const AMENDING_KIND = /^(?:amendment|addendum|supplement|modification)s?$/i;

/** The words that make the named amendment the source of the instrument before it. */
const AS_SOURCE = String.raw`\s+(?:under|by|pursuant\s+to|as\s+(?:amended|modified|supplemented|extended)\s+by)\s+`;

/** Whether a mention names an amending instrument: "the amendment", "the second amendment", "Amendment No. 2". */
const amending = (words: readonly string[]) =>
  AMENDING_KIND.test(words.at(-1) ?? "") || (words[1] === "no" && AMENDING_KIND.test(words[0] ?? ""));

/**
 * How many instruments an ask (`parseQuestion(question).ask`) names (`instrumentMentions`), an amendment
 * that follows another instrument as its source ("the note under the amendment") counted as that one.
 */
export function askedInstrumentCount(ask: string): number {
  const text = ask.replace(/\s+/g, " ");
  const mentions = instrumentMentions(text);
  const amendments = mentions.filter((m) => amending(m.words));
  const sourced = amendments.filter((a) =>
    mentions.some(
      (other) =>
        other !== a &&
        !amending(other.words) &&
        new RegExp(`${literal(other.phrase)}${AS_SOURCE}${literal(a.phrase)}`, "i").test(text),
    ),
  );
  return mentions.length - sourced.length;
}
