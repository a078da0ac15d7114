/** Whether a text is a question or a passage: asymmetric models embed the two differently. */
export type EmbedKind = "query" | "passage";

/**
 * The embedder port: turns texts into L2-normalised vectors of a fixed size, so a dot product is a
 * cosine similarity. `id` names the model and its exact parameters: vectors from embedders with
 * different ids are not comparable, and an index version records the id it was built with.
 */
export interface Embedder {
  readonly id: string;
  readonly dimensions: number;
  embed(texts: string[], kind: EmbedKind): Promise<Float32Array[]>;
}
