import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fitBuiltinEmbedder, loadOnnxEmbedder, splitSentences, windows } from "@lexnav/retrieval";
import { afterAll } from "vitest";
import { corpusPath } from "../support/shared.ts";
import { writeTinyModel } from "../support/tiny-model.ts";
import { describeEmbedderContract } from "./embedder-contract.ts";

const CUAD = [
  "LIMEENERGYCO_09_09_1999-EX-10-DISTRIBUTOR AGREEMENT.txt",
  "CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement.txt",
];

function cuadPassages(): string[] {
  return CUAD.flatMap((f) => {
    const text = readFileSync(corpusPath("cuad", f), "utf8");
    return windows(splitSentences(text, 0, text.length), 600).map((w) => text.slice(w.start, w.end));
  });
}

describeEmbedderContract(
  "built-in LSA (fitted on two CUAD contracts)",
  async () => fitBuiltinEmbedder(cuadPassages(), { dimensions: 32 }),
  [
    "This Agreement shall be governed by the laws of the State of New York.",
    "Distributor shall purchase the Products at the prices set out in Exhibit A.",
    "Either party may terminate this Agreement upon thirty days written notice.",
  ],
);

const dir = mkdtempSync(join(tmpdir(), "lexnav-tiny-model-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
describeEmbedderContract("local ONNX model folder (a tiny generated model)", async () => {
  writeTinyModel(dir);
  return loadOnnxEmbedder(dir);
}, ["The Borrower shall repay the Loans.", "governing law: New York", "terminates on notice, indemnification"]);
