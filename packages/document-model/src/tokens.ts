import { getEncoding, type Tiktoken } from "js-tiktoken";

let encoder: Tiktoken | null = null;

/**
 * Token count under cl100k_base (the tokenizer shipped inside js-tiktoken, no download). Used for
 * budgets and reports; Claude's own tokenizer differs by a few percent.
 */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  encoder ??= getEncoding("cl100k_base");
  return encoder.encode(text).length;
}
