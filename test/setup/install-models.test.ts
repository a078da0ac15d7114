import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "@lexnav/core";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../support/shared.ts";

describe("scripts/install-models.py when the registry cannot be reached", () => {
  const cache = mkdtempSync(join(tmpdir(), "lexnav-model-cache-"));
  afterAll(() => rmSync(cache, { recursive: true, force: true }));

  it("fails with a reason, leaves no folder that could pass for a model, and lexnav falls back", () => {
    const r = spawnSync("python3", [join(repoRoot, "scripts", "install-models.py")], {
      encoding: "utf8",
      env: {
        ...process.env,
        XDG_CACHE_HOME: cache,
        PIP_NO_CACHE_DIR: "1",
        PIP_INDEX_URL: "http://127.0.0.1:9/simple",
        PIP_RETRIES: "0",
        PIP_TIMEOUT: "1",
      },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/the embedder model was not installed \(pip could not download/);
    expect(r.stderr).toMatch(/built-in LSA embedder/);
    expect(existsSync(join(cache, "lexnav", "models"))).toBe(false);
    const config = loadConfig({ XDG_CACHE_HOME: cache });
    expect(config.embedderModelDir).toBeUndefined();
    expect(config.embedderFallback).toMatch(/no pretrained embedder is installed/);
  });
});
