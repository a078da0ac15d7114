// Public API of @lexnav/stack: the embedded wiring (every store on one SQLite file) and the ask use
// case over it, composed by the CLI and by the query-path services.

export type { AskWiring } from "./ask.ts";
export { configuredDecisionModel, configuredModel, createStackAsk, loadNavIndex } from "./ask.ts";
export { type CopyGroup, readableCopyGroups } from "./copy-groups.ts";
export type { NavPlan, NavPlanner, NavPlanRequest } from "./navindex-planner.ts";
export { createNavPlanner, MAX_PLAN_TARGETS } from "./navindex-planner.ts";
export { PLANNER_INDEX_TOKENS, type PlannerIndex, plannerIndexFor } from "./planner-index.ts";
export {
  mayView,
  mayViewAnswer,
  type Reader,
  readableDocument,
  readableDocuments,
  withoutForeignLinks,
} from "./readable.ts";
export { requestScope } from "./scope.ts";
export { derivedSetName, resolveSetId, setNameFor } from "./set-names.ts";
export type { EmbeddedStack, EmbeddedStackOptions, StackModels } from "./stack.ts";
export {
  createAnswerRecordErasure,
  createEmbeddedStack,
  loadRelevanceEmbedder,
  loadStackModels,
  loadStackReranker,
  modelFallbackNotice,
  searchOptionsOf,
} from "./stack.ts";
export type { WrittenFiles } from "./written-files.ts";
