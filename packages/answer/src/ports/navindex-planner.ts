import type { Principal, RoutedBy } from "@lexnav/retrieval";
import type { LedgerEntry } from "../domain/ledger.ts";

/** One question to plan: who asks, and the documents the plan may name nodes of (absent: all it may read). */
export interface NavindexPlanCall {
  query: string;
  principal: Principal;
  documentIds?: readonly string[];
}

/** Where a navindex answer lies, best first, with what planned it and what it cost. */
export interface NavindexPlan {
  /** "model": a language model read the compact navigation index; "deterministic": the built-in planner. */
  planner: "model" | "deterministic";
  /** At most ten (document, provision) targets, best first, of documents the principal may read. */
  targets: ReadonlyArray<{ documentId: string; nodeId: string }>;
  /** The model calls planning made. */
  usage: LedgerEntry[];
  indexVersion: string;
  /** The documents the model's navigation index listed; empty for the deterministic planner. */
  indexedDocumentIds: readonly string[];
  /** Set when the index was scoped to the documents the question was routed to. */
  routing?: { documents: string[]; by: RoutedBy };
  /** How many ids the model named that the index does not list (ignored). */
  rejected: number;
  /**
   * Documents marked not to be sent to an external model that the index would have listed: when any is,
   * the planner sent no index to the model.
   */
  withheld: readonly string[];
}

/**
 * The navindex planner of another process (the planner service): it holds the model key, builds the
 * asker's compact navigation index from the catalog and has the model plan over it, so the asking
 * process builds no index and sends nothing to the model for the plan.
 */
export interface NavindexPlanner {
  plan(call: NavindexPlanCall): Promise<NavindexPlan>;
}
