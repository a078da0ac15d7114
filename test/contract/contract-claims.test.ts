import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/shared.ts";

/** The remote stores a contract suite could claim to run against, and what such a run needs. */
const REMOTE_STORES = [
  { name: "OpenSearch", client: "@opensearch-project/opensearch" },
  { name: "Qdrant", client: "@qdrant/js-client-rest" },
];

/** Every dependency any workspace package declares. */
function workspaceDependencies(): Set<string> {
  const manifests = [join(repoRoot, "package.json"), join(repoRoot, "test", "package.json")];
  for (const dir of ["packages", "services"])
    for (const name of readdirSync(join(repoRoot, dir))) manifests.push(join(repoRoot, dir, name, "package.json"));
  const deps = new Set<string>();
  for (const path of manifests) {
    let json: Record<string, Record<string, string> | undefined>;
    try {
      json = JSON.parse(readFileSync(path, "utf8"));
    } catch {
      continue;
    }
    for (const field of ["dependencies", "devDependencies", "optionalDependencies"])
      for (const dep of Object.keys(json[field] ?? {})) deps.add(dep);
  }
  return deps;
}

/** The comments of a TypeScript file (line and block), which is where a run is claimed. */
function commentsOf(source: string): string {
  return (source.match(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g) ?? []).join("\n");
}

describe("contract-suite comments claim only runs that exist", () => {
  it("a comment that says a suite runs against OpenSearch or Qdrant is backed by that store's client", () => {
    const dir = join(repoRoot, "test", "contract");
    const deps = workspaceDependencies();
    const claims: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && f !== "contract-claims.test.ts")) {
      const comments = commentsOf(readFileSync(join(dir, file), "utf8"));
      for (const store of REMOTE_STORES) {
        // "Qdrant when its URL is set", "against OpenSearch": a run claimed, not a store merely named as absent.
        const claimed = new RegExp(
          `${store.name} when its URL is set|(runs?|run) against (a real )?${store.name}`,
          "i",
        );
        if (claimed.test(comments) && !deps.has(store.client))
          claims.push(`${file} claims a run against ${store.name}, and no package depends on ${store.client}`);
      }
    }
    expect(claims).toEqual([]);
  });
});
