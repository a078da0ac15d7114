import type { Extraction } from "@lexnav/document-model";
import { type ExtractFailure, extractDocument, type ParseInput } from "@lexnav/extract";
import type { Structured, Structurer } from "./structurer.ts";

/** One file to turn into a structured version: its bytes and the version it will be stored as. */
export interface PrepareInput extends ParseInput {
  documentId: string;
  version: string;
}

/** The extracted text and its structure, or why the file cannot be indexed. */
export type PrepareOutcome =
  | { ok: true; extraction: Extraction; structured: Structured }
  | { ok: false; error: ExtractFailure };

/** Turns one file's bytes into an extraction and its structure: the per-file work of an ingest. */
export interface DocumentPreparer {
  prepare(input: PrepareInput): Promise<PrepareOutcome>;
}

/**
 * Extract → structure, in this process. Never throws: a parser's failure, or a structurer that
 * throws, is a failure naming the file.
 */
export async function prepareDocument(input: PrepareInput, structurer: Structurer): Promise<PrepareOutcome> {
  const outcome = await extractDocument({ bytes: input.bytes, fileName: input.fileName, limits: input.limits });
  if (!outcome.ok) return outcome;
  try {
    const structured = structurer.structure({
      documentId: input.documentId,
      version: input.version,
      extraction: outcome.value,
    });
    return { ok: true, extraction: outcome.value, structured };
  } catch (cause) {
    return {
      ok: false,
      error: {
        code: "internal",
        reason: `${input.fileName}: structure detection failed`,
        detail: cause instanceof Error ? cause.message : String(cause),
      },
    };
  }
}
