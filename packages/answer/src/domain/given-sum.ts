import type { SourceText } from "./citations.ts";
import { dealKeyOf, type EvidenceItem, placeOf } from "./evidence.ts";

/**
 * A sum of money the question gives as known ("How much of the $300 million does each bank commit?", "the
 * $25,000 December 2021 note") names the instrument it asks about as surely as a title would: the instrument
 * states that sum. An answer from a document whose deal states it nowhere is about another instrument, however
 * well its words match. Such an answer is withheld, and the silence says why. A sum the question supposes or
 * compares ("a $2 million acquisition", "borrowings over $150 million") names no instrument and is not read.
 */

/**
 * The scale a figure may carry: a word after a space or none ("$300 million"), or a short one written onto the
 * number ("€20m", "$300mm", "US$1.5bn"; "300 m" and "20 mm" are lengths).
 */
const SCALES = String.raw`(?:\s*(?:million|billion|thousand)|(?:mm|m|bn|k))(?![\w&])`;

/**
 * A figure of money a question gives as known: after "the", "this", "its", "their" or a possessive ("Acme's"), a
 * currency sign or code, a number, and a scale.
 */
const SUM = new RegExp(
  String.raw`(?:\b(?:the|this|its|their)|['’]s?)\s+((?:[$€£]|\b(?:US\$|USD|EUR|GBP)\s?)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(${SCALES})?)`,
  "gi",
);

/** A figure in a document's text, with or without a currency sign: its number and a scale. */
const FIGURE = new RegExp(String.raw`(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(${SCALES})?`, "gi");

const SCALE: Record<string, number> = { thousand: 1e3, k: 1e3, million: 1e6, m: 1e6, mm: 1e6, billion: 1e9, bn: 1e9 };

const amountOf = (whole: string, fraction: string | undefined, scale: string | undefined): number =>
  Number(`${whole.replace(/,/g, "")}.${fraction ?? "0"}`) * (scale ? (SCALE[scale.trim().toLowerCase()] ?? 1) : 1);

/** The sums of money a question gives, each as written and as a value. */
export function givenSums(question: string): Array<{ written: string; value: number }> {
  const out: Array<{ written: string; value: number }> = [];
  for (const m of question.slice(0, 2_000).matchAll(SUM)) {
    const value = amountOf(m[2] as string, m[3], m[4]);
    if (Number.isFinite(value) && value > 0) out.push({ written: (m[1] as string).trim(), value });
  }
  return out;
}

/** Whether a text states a figure of the value ("$300,000,000", "300 million", "$300.0 million", "$300mm"). */
export function statesSum(text: string, value: number): boolean {
  for (const m of text.matchAll(FIGURE)) {
    const v = amountOf(m[1] as string, m[2], m[3]);
    if (Math.abs(v - value) <= value * 1e-9) return true;
  }
  return false;
}

/**
 * The sum a question gives that none of the documents an answer would rest on states, with those documents'
 * names; null when every sum given is stated, or the question gives none. The documents an answer rests on are
 * those of its sentences and the other documents of their deals in the extract (an amendment's answer about
 * the facility its credit agreement sizes).
 */
export function sumNotStated(
  question: string,
  picked: ReadonlyArray<{ item: EvidenceItem }>,
  extract: readonly EvidenceItem[],
  source: SourceText,
): { written: string; documents: string[] } | null {
  const sums = givenSums(question);
  if (sums.length === 0 || picked.length === 0) return null;
  const deals = new Set(picked.map((s) => dealKeyOf(s.item)));
  const documents = new Map<string, EvidenceItem>();
  for (const x of [...picked.map((s) => s.item), ...extract])
    if (deals.has(dealKeyOf(x)) && !documents.has(`${x.documentId}@${x.version}`))
      documents.set(`${x.documentId}@${x.version}`, x);
  // a document whose text is gone says nothing either way: it is not read
  const texts = [...documents.values()].flatMap((x) => source(x.documentId, x.version) ?? []);
  if (texts.length === 0) return null;
  const missing = sums.find((sum) => !texts.some((t) => statesSum(t, sum.value)));
  if (!missing) return null;
  const names = [...new Set(picked.map((s) => placeOf({ ...s.item, clauseRef: null })))];
  return { written: missing.written, documents: names };
}

/** Why an answer resting on a deal that does not state the sum given is withheld, as the silence says it. */
export function unstatedSumReason(unstated: { written: string; documents: readonly string[] }): string {
  const verb = unstated.documents.length > 1 ? "state" : "states";
  return `the question names ${unstated.written}, and ${unstated.documents.join(" and ")}, which the answer would rest on, ${verb} no such sum: the question is about another instrument`;
}
