import type { Result } from "@lexnav/core";
import { isModelInstruction } from "@lexnav/retrieval";

/** Longest question lexnav accepts (characters); a 50 KB paste is refused, not truncated. */
export const MAX_QUESTION_CHARS = 4000;

export interface CheckedQuestion {
  question: string;
  /** "en" or "other": the offline answerer reads English only; the model may answer either. */
  language: "en" | "other";
}

export interface QuestionProblem {
  code: "empty" | "too_large";
  reason: string;
}

const ENGLISH = new Set(
  "the of and to in is a what which does under who when may shall be for any by or are must how".split(" "),
);
const OTHER = new Set(
  "der die das und ist ein eine nicht welche wer wann le la les des est une qui quelle quel pour dans el los las del que una cual cuál es para con il che della per sono".split(
    " ",
  ),
);

/** Checks a question before any retrieval: empty and oversized questions are refused with a reason. */
export function checkQuestion(raw: string): Result<CheckedQuestion, QuestionProblem> {
  const question = raw.replace(/\s+/g, " ").trim();
  if (question === "")
    return { ok: false, error: { code: "empty", reason: "the question is empty: ask something about the documents" } };
  if (question.length > MAX_QUESTION_CHARS)
    return {
      ok: false,
      error: {
        code: "too_large",
        reason: `the question is ${question.length} characters; at most ${MAX_QUESTION_CHARS} are accepted — ask it in a sentence or two`,
      },
    };
  return { ok: true, value: { question, language: languageOf(question) } };
}

/** A coarse English test: mostly Latin letters, and English function words outnumber common foreign ones. */
export function languageOf(text: string): "en" | "other" {
  const letters = [...text].filter((ch) => /\p{L}/u.test(ch));
  if (letters.length === 0) return "other";
  const latin = letters.filter((ch) => /[A-Za-z]/.test(ch)).length;
  if (latin / letters.length < 0.7) return "other";
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const en = words.filter((w) => ENGLISH.has(w)).length;
  const other = words.filter((w) => OTHER.has(w)).length;
  return other > en ? "other" : "en";
}

/**
 * Whether document text contains words aimed at a model: recorded as a warning; the text stays quoted
 * data. The same rule that keeps such sentences from being cited (`isModelInstruction`).
 */
export function looksLikeInstructions(text: string): boolean {
  return isModelInstruction(text);
}
