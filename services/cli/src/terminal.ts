/**
 * Output that reaches a terminal carries no control the terminal would obey. File names, titles,
 * document text and questions are data: an ESC in a file name must not recolour or rewrite the screen,
 * a BEL must not ring, a bidi override must not reorder what follows, and a newline in a name must not
 * forge a line of output. Such characters are written as `\uXXXX`, which also keeps JSON output valid
 * JSON that parses to the same value (the characters can only stand inside its strings).
 */

// C0 and C1 controls and DEL (Cc), format characters (Cf: bidi embeddings, overrides and isolates,
// zero-width characters, the BOM), and the Unicode line and paragraph separators.
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
const LAYOUT = new Set(["\n", "\t"]);

const escaped = (c: string): string => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, "0")}`;

/** A block of output with its own line breaks and tabs kept and every other control escaped. */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (c) => (LAYOUT.has(c) ? c : escaped(c)));
}

/** A value shown inside one line (a file name, a title, a question): every control escaped, line breaks too. */
export function inline(text: string): string {
  return text.replace(CONTROL, escaped);
}
