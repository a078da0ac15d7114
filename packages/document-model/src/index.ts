export type {
  Access,
  AccessDeny,
  Block,
  BlockKind,
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
export { CONTENT_TYPES } from "./document.ts";
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
