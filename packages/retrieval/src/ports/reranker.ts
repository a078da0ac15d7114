import type { NodeFlags } from "@lexnav/document-model";

/** A candidate passage as a reranker sees it: its words and where it sits in its document. */
export interface RerankCandidate {
  id: string;
  /** The passage's own text (verbatim). */
  text: string;
  /** Heading path and title of the provision it belongs to. */
  heading: string;
  flags: NodeFlags | null;
  /**
   * The retrieval stages that ranked it before fusion ("lexical", "dense", "corpus", "corpus-dense"), with
   * its rank and score in each; absent when the caller does not say.
   */
  stages?: ReadonlyArray<{ stage: string; score: number; rank: number }>;
}

/**
 * The reranker port: scores each candidate for a question, higher is better, in the order given.
 * The built-in one is a deterministic scorer; a model (a local ONNX cross-encoder, a rerank service)
 * implements the same port, so it is asynchronous.
 */
export interface Reranker {
  readonly id: string;
  rerank(query: string, candidates: RerankCandidate[]): Promise<number[]>;
}
