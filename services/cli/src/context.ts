import type { AuditLog, Catalog } from "@lexnav/catalog";
import type { LexnavConfig, Logger } from "@lexnav/core";
import type { IngestPipeline } from "@lexnav/ingest";
import type { Searcher } from "@lexnav/retrieval";
import type { EmbeddedStack, StackModels, WrittenFiles } from "@lexnav/stack";

/** Everything a command needs, wired once by the composition root. */
export interface CliContext {
  config: LexnavConfig;
  catalog: Catalog;
  pipeline: IngestPipeline;
  searcher: Searcher;
  /** Where files written from documents' text are recorded, so a delete removes them. */
  writtenFiles: WrittenFiles;
  /** Who asked what and who used an operator view, in the same store. */
  audit: AuditLog;
  /** Places or lifts a wall, legal hold or external-model bar (the stack's, so walls reach every store). */
  changeControl: EmbeddedStack["changeControl"];
  /** The local models the config named, loaded once (stores opened by commands use them too). */
  models?: StackModels;
  logger: Logger;
  out: (text: string) => void;
  err: (text: string) => void;
  stderr: NodeJS.WriteStream;
}

/** The parts of a context that come from the store a command works on. */
export type StackParts = Pick<
  CliContext,
  "catalog" | "pipeline" | "searcher" | "writtenFiles" | "audit" | "changeControl"
>;

/** The context's store parts, taken from one embedded stack (the CLI's own, or a store a command opens). */
export function stackParts(stack: EmbeddedStack): StackParts {
  return {
    catalog: stack.catalog,
    pipeline: stack.pipeline,
    searcher: stack.searcher,
    writtenFiles: stack.writtenFiles,
    audit: stack.audit,
    changeControl: stack.changeControl,
  };
}
