import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeTinyModel } from "../../../../test/support/tiny-model.ts";
import { openOnnxSession } from "./onnx-session.ts";

const dir = mkdtempSync(join(tmpdir(), "lexnav-onnx-session-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("openOnnxSession", () => {
  it("starts the runtime with its telemetry off (test/cli/ingest-many-files.test.ts shows why)", async () => {
    writeTinyModel(dir);
    const { session } = await openOnnxSession(join(dir, "model.onnx"));
    expect(session.inputNames).toContain("input_ids");
    expect(process.env.ORT_DISABLE_TELEMETRY).toBe("1");
  });
});
