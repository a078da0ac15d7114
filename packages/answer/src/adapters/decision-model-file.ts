import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { LexnavError } from "@lexnav/core";
import { type DecisionModel, parseDecisionModel } from "../domain/evidence-decision.ts";

/**
 * The evidence decision model shipped with lexnav for the pretrained sentence embedder's relevance
 * (`lexnav train evidence --answerer evidence`, docs/answers/evidence-decision.md); used when that embedder is
 * loaded.
 */
export const DEFAULT_DECISION_MODEL_PATH = fileURLToPath(new URL("../../models/decision-v1.json", import.meta.url));

/** The one shipped for the built-in lexical relevance: used when no sentence embedder is installed. */
export const BUILTIN_DECISION_MODEL_PATH = fileURLToPath(
  new URL("../../models/decision-builtin-v1.json", import.meta.url),
);

const loaded = new Map<string, DecisionModel>();

/** Reads a decision model file once per process; a missing or malformed file is a clear error. */
export function loadDecisionModel(path: string = DEFAULT_DECISION_MODEL_PATH): DecisionModel {
  const hit = loaded.get(path);
  if (hit) return hit;
  let json: string;
  try {
    json = readFileSync(path, "utf8");
  } catch {
    throw new LexnavError("not_found", `decision model ${path} cannot be read`);
  }
  let model: DecisionModel;
  try {
    model = parseDecisionModel(json);
  } catch (e) {
    throw new LexnavError("invalid_argument", `decision model ${path} is not usable: ${(e as Error).message}`);
  }
  loaded.set(path, model);
  return model;
}
