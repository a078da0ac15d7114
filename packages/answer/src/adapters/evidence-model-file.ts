import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { LexnavError } from "@lexnav/core";
import { type EvidenceModel, parseEvidenceModel } from "../domain/evidence-model.ts";

/** The evidence model shipped with lexnav (trained by `lexnav train evidence`, see docs/answers/wording-model.md). */
export const DEFAULT_EVIDENCE_MODEL_PATH = fileURLToPath(new URL("../../models/evidence-v1.json", import.meta.url));

const loaded = new Map<string, EvidenceModel>();

/** Reads an evidence model file once per process; a missing or malformed file is a clear error. */
export function loadEvidenceModel(path: string = DEFAULT_EVIDENCE_MODEL_PATH): EvidenceModel {
  const hit = loaded.get(path);
  if (hit) return hit;
  let json: string;
  try {
    json = readFileSync(path, "utf8");
  } catch {
    throw new LexnavError("not_found", `evidence model ${path} cannot be read`);
  }
  let model: EvidenceModel;
  try {
    model = parseEvidenceModel(json);
  } catch (e) {
    throw new LexnavError("invalid_argument", `evidence model ${path} is not usable: ${(e as Error).message}`);
  }
  loaded.set(path, model);
  return model;
}
