export { changeControl, documentsUnder, walledSearchIndex } from "./controls.ts";
export { recordCopiesOf, recordMissingCopies } from "./copy-record.ts";
export type { IngestPipelineDeps } from "./create-ingest-pipeline.ts";
export { canonicalSource, createIngestPipeline, documentIdFor } from "./create-ingest-pipeline.ts";
export type { IndexedDocument } from "./indexed-documents.ts";
export { loadIndexedDocument, loadIndexedDocuments } from "./indexed-documents.ts";
export type {
  DocumentPreparer,
  IsolatedPreparer,
  PrepareInput,
  PrepareOutcome,
} from "./isolation/isolated-preparer.ts";
export { createIsolatedPreparer } from "./isolation/isolated-preparer.ts";
export type {
  DerivedArtefacts,
  ErasureReport,
  IngestPipeline,
  IngestRequest,
  IngestResult,
  IngestStatus,
  SearchIndexSink,
} from "./pipeline.ts";
export type {
  ProfileChange,
  ProfileFieldChange,
  ProfileReader,
  ProfileRereadReport,
  RegroupProposal,
} from "./reread-profiles.ts";
export { profilesOfOtherReaders, rereadOlderProfiles, rereadProfiles } from "./reread-profiles.ts";
export type { Structured, Structurer } from "./structurer.ts";
export { createStructurer } from "./structurer.ts";
export {
  assignTransactionSets,
  createTransactionSetEdits,
  fileIntoTransactionSet,
  relinkTransactionSet,
  transactionSetEdits,
} from "./transaction-sets.ts";
