import { toRoman as toRomanUpper } from "@lexnav/document-model";

/** Numbering styles and the plausibility rules that keep stray numbers from becoming structure. */

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };

/** Value of a lower- or upper-case roman numeral up to c (100), or null when it is not one. */
export function romanValue(label: string): number | null {
  const s = label.toLowerCase();
  if (!/^[ivxlc]+$/.test(s)) return null;
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const v = ROMAN[s[i] as string] as number;
    const next = i + 1 < s.length ? (ROMAN[s[i + 1] as string] as number) : 0;
    total += v < next ? -v : v;
  }
  // Reject non-canonical forms such as "iiii" or "vv": they are words or letters, not numerals.
  return toRoman(total) === s ? total : null;
}

/** Lower-case roman numeral, as clause labels print it ("iv"). */
export function toRoman(n: number): string {
  return toRomanUpper(n).toLowerCase();
}

const NUMBER_WORDS = [
  "ONE",
  "TWO",
  "THREE",
  "FOUR",
  "FIVE",
  "SIX",
  "SEVEN",
  "EIGHT",
  "NINE",
  "TEN",
  "ELEVEN",
  "TWELVE",
  "THIRTEEN",
  "FOURTEEN",
  "FIFTEEN",
  "SIXTEEN",
  "SEVENTEEN",
  "EIGHTEEN",
  "NINETEEN",
  "TWENTY",
];

/** Article number from "V", "5" or "FIVE"; null when unreadable. */
export function articleNumber(label: string): number | null {
  if (/^\d+$/.test(label)) return Number(label);
  const word = NUMBER_WORDS.indexOf(label.toUpperCase());
  if (word >= 0) return word + 1;
  return romanValue(label);
}

/** Ordinal of a single-letter label: a → 1, b → 2 (also for doubled letters "aa" → 27). */
export function letterValue(label: string): number | null {
  const s = label.toLowerCase();
  if (/^[a-z]$/.test(s)) return s.charCodeAt(0) - 96;
  if (/^([a-z])\1$/.test(s)) return s.charCodeAt(0) - 96 + 26;
  return null;
}

/**
 * Style of a label: siblings share a style; a label of another style opens a deeper level.
 * "dot:N" are dotted numbers with N components, "sec:N" the same printed with the word Section.
 */
export type LabelStyle =
  | "article"
  | `dot:${number}`
  | `sec:${number}`
  | "paren-lower"
  | "paren-roman"
  | "paren-upper"
  | "paren-upper-roman"
  | "paren-digit"
  | "letter-dot-upper"
  | "letter-dot-lower"
  | "roman-dot-upper"
  | "roman-dot-lower"
  | "recital-letter";

/** Whether `next` can follow `prev` as the next sibling; small gaps are tolerated for numbers only. */
export function isSuccessor(prev: number, next: number, allowGap: boolean): boolean {
  return next === prev + 1 || (allowGap && next > prev && next <= prev + 3);
}
