export type { IngestPipeline, IngestRequest, IngestResult, IngestStatus } from "./pipeline.ts";
