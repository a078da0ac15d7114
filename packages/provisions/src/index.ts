// Public API of @lexnav/provisions: the provision tree, enrichment and the navindex files.

export type {
  AmendmentEdit,
  AmendmentEditKind,
  EditTarget,
  OperativeClause,
  ProvisionInForce,
} from "./enrichment/amendment-edits.ts";
export { amendmentEdits, parseOperativeClauses, provisionsInForce } from "./enrichment/amendment-edits.ts";
export type { EnrichOptions } from "./enrichment/enrich-structure.ts";
export { enrichStructure } from "./enrichment/enrich-structure.ts";
export type { ContentFlags } from "./enrichment/flags.ts";
export { contentFlags } from "./enrichment/flags.ts";
export type { Segment } from "./enrichment/own-text.ts";
export { ownSegments, ownText } from "./enrichment/own-text.ts";
export { nodeKey, normaliseSectionRef } from "./enrichment/reference-keys.ts";
export type { TermMatch, TermScanner } from "./enrichment/term-uses.ts";
export { createTermScanner } from "./enrichment/term-uses.ts";
export { transactionMemberFromText } from "./enrichment/text-member.ts";
export type {
  FiledCandidate,
  GroupingCandidate,
  ProposedTransactionSet,
  TransactionMember,
} from "./enrichment/transaction-set.ts";
export {
  fileIntoSet,
  fileNameKey,
  groupTransactionSets,
  instrumentName,
  linkTransactionSet,
  someReaderOfAll,
  transactionPartners,
} from "./enrichment/transaction-set.ts";
export type {
  NavDocument,
  NavEdge,
  NavFlag,
  NavIndex,
  NavIndexInput,
  NavNode,
  ProvisionStore,
  StoredProvision,
} from "./navindex/nav-index.ts";
export { buildNavDocument, buildNavIndex, buildProvisionStore } from "./navindex/nav-index.ts";
export {
  COMPACT_LEGEND,
  compactNavIndexView,
  navHandle,
  parseNavIndexCompact,
  resolveNavHandle,
  serializeNavIndex,
  serializeNavIndexCompact,
} from "./navindex/serialize.ts";
export { COMMON_CAPITALISED_WORDS } from "./profile/common-words.ts";
export { parseDateAt } from "./profile/dates.ts";
export type { DocumentProfile } from "./profile/profile-document.ts";
export { PROFILE_READER, profileDocument } from "./profile/profile-document.ts";
export type { ProvisionTreeInput, ProvisionTreeOptions } from "./structure/build-provision-tree.ts";
export { buildProvisionTree } from "./structure/build-provision-tree.ts";
