import type { NodeFlags } from "@lexnav/document-model";

/** A candidate passage as a reranker sees it: its words and where it sits in its document. */
export interface RerankCandidate {
  id: string;
  /** The passage's own text (verbatim). */
  text: string;
  /** Heading path and title of the provision it belongs to. */
  heading: string;
  flags: NodeFlags | null;
}

/**
 * The reranker port: scores each candidate for a question, higher is better, in the order given.
 * The built-in one is a deterministic scorer; a local cross-encoder would implement the same port.
 */
export interface Reranker {
  readonly id: string;
  rerank(query: string, candidates: RerankCandidate[]): number[];
}

/**
 * The asynchronous variant of the reranker port, for scorers that run a model (a local ONNX
 * cross-encoder): same contract, one score per candidate in the order given, higher is better.
 * The searcher's `searchAsync` calls it for navembed-r4 (`search`, synchronous, uses a `Reranker`).
 */
export interface AsyncReranker {
  readonly id: string;
  rerankAsync(query: string, candidates: RerankCandidate[]): Promise<number[]>;
}
