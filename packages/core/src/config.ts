import { z } from "zod";

/**
 * Configuration read once from the environment. Nothing else in lexnav reads `process.env`:
 * the parsed value is passed down.
 */
export const configSchema = z.object({
  LEXNAV_DB: z.string().default(".lexnav/lexnav.sqlite"),
  LEXNAV_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  LEXNAV_MAX_LINE_CHARS: z.coerce.number().int().positive().default(200_000),
  LEXNAV_MAX_DOCX_EXPANDED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  LEXNAV_SHARED_DIR: z.string().default("../shared"),
  NATS_URL: z.string().default("nats://127.0.0.1:4222"),
  LEXNAV_LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export interface LexnavConfig {
  dbPath: string;
  limits: IngestLimits;
  sharedDir: string;
  natsUrl: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
}

/** Limits that make bad input fail alone with a clear reason instead of exhausting the process. */
export interface IngestLimits {
  maxFileBytes: number;
  maxLineChars: number;
  maxDocxExpandedBytes: number;
}

export const DEFAULT_LIMITS: IngestLimits = {
  maxFileBytes: 50 * 1024 * 1024,
  maxLineChars: 200_000,
  maxDocxExpandedBytes: 200 * 1024 * 1024,
};

export function loadConfig(env: Record<string, string | undefined>): LexnavConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`invalid lexnav configuration: ${issues}`);
  }
  const e = parsed.data;
  return {
    dbPath: e.LEXNAV_DB,
    limits: {
      maxFileBytes: e.LEXNAV_MAX_FILE_BYTES,
      maxLineChars: e.LEXNAV_MAX_LINE_CHARS,
      maxDocxExpandedBytes: e.LEXNAV_MAX_DOCX_EXPANDED_BYTES,
    },
    sharedDir: e.LEXNAV_SHARED_DIR,
    natsUrl: e.NATS_URL,
    logLevel: e.LEXNAV_LOG_LEVEL,
  };
}
