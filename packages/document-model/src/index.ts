export { dealKey } from "./deal.ts";
export type {
  Access,
  AccessDeny,
  Block,
  BlockKind,
  ContentProvenance,
  ContentType,
  DocumentFacts,
  DocumentRecord,
  DocumentRole,
  DocumentVersion,
  Extraction,
  FailureReason,
  LegalHold,
  LifecycleState,
  PageAnchor,
  QualityIssue,
  QualityIssueCode,
  QualityReport,
} from "./document.ts";
export { CONTENT_TYPES, sameAccess, sameGrants } from "./document.ts";
export type { CopyIndex, Filing, FilingKey, SampledText } from "./filed-copies.ts";
export {
  COPY_SHARE,
  contentKey,
  copiesOneAgreement,
  copyIndex,
  copySample,
  filingFor,
  filingOf,
  SHINGLE,
  validDate,
  withoutFurniture,
  wordsOf,
} from "./filed-copies.ts";
export type {
  CrossReference,
  CrossReferenceKind,
  CrossReferenceStatus,
  DefinedTerm,
  DocumentStructure,
  NodeFlags,
  NodeKind,
  ProvisionNode,
  TermUse,
  TocSummary,
} from "./provision.ts";
export { citeableClause, clauseZone, emptyFlags, inAnnex } from "./provision.ts";
export { toRoman } from "./roman.ts";
export { countTokens, countTokensReference } from "./tokens.ts";
