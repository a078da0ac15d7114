/** A text as a regular expression that matches it literally: every special character escaped. */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A phrase as a regular expression that matches it literally, any run of whitespace for each of its spaces. */
export function phrasePattern(text: string): string {
  return literal(text).replace(/\s+/g, String.raw`\s+`);
}
