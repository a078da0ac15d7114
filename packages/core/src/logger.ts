/**
 * Structured logger: one JSON object per line on stderr. Library code logs through this only.
 * A log line carries ids, codes and counts: never a document's text, a question, a title, or a file
 * name or path (file names are confidential to the document's readers, and logs are read by operators).
 */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

export function createLogger(
  level: keyof typeof LEVELS = "info",
  sink: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Logger {
  const min = LEVELS[level];
  const emit = (lvl: Exclude<keyof typeof LEVELS, "silent">, msg: string, fields?: Record<string, unknown>) => {
    if (LEVELS[lvl] < min) return;
    sink(JSON.stringify({ ts: new Date().toISOString(), level: lvl, msg, ...fields }));
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
  };
}

export const silentLogger: Logger = createLogger("silent");

/**
 * `text` (an error's message, bound for a log) with every occurrence of the given names (a document's
 * source path, its file name) replaced by `<file>`: a system error names the file it failed on.
 */
export function withoutNames(text: string, names: readonly (string | null | undefined)[]): string {
  let out = text;
  // Longest first, so a path is replaced whole before the file name inside it.
  const sorted = names
    .filter((n): n is string => typeof n === "string" && n.length > 0)
    .sort((a, b) => b.length - a.length);
  for (const n of sorted) out = out.split(n).join("<file>");
  return out;
}
