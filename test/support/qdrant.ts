import { randomUUID } from "node:crypto";
import { createQdrantVectorStore } from "@lexnav/retrieval";

/**
 * A Qdrant server for the live suites, named by `QDRANT_URL`. No registry this machine reaches ships
 * a Qdrant server and docker has no engine here, so the tests cannot start one as they start
 * nats-server: they run against a server someone else started, and skip, saying why, without one.
 */
export function qdrantUrl(): string | null {
  const url = process.env.QDRANT_URL;
  return url !== undefined && url !== "" ? url : null;
}

/** What a suite prints and names its skipped test when it cannot reach a Qdrant server. */
export const QDRANT_DID_NOT_RUN = "Qdrant did not run: QDRANT_URL not set";

/** A prefix no other run uses, so suites (and several runs against one server) never share collections. */
export function uniqueQdrantPrefix(): string {
  return `lexnav-test-${randomUUID().slice(0, 8)}`;
}

/**
 * A store on a fresh prefix of the server at `url`, for a contract suite's `make`, with `drop` to
 * remove every alias and collection under the prefix afterwards.
 */
export function makeQdrantVectorStore(url: string) {
  const prefix = uniqueQdrantPrefix();
  return { store: createQdrantVectorStore({ url, prefix }), prefix, drop: () => dropQdrantPrefix(url, prefix) };
}

/** Removes the alias `prefix` and every collection named `prefix` or `prefix-*` (REST, no client needed). */
export async function dropQdrantPrefix(url: string, prefix: string): Promise<void> {
  const base = url.replace(/\/+$/, "");
  await fetch(`${base}/collections/aliases`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ actions: [{ delete_alias: { alias_name: prefix } }] }),
  });
  const listed = (await (await fetch(`${base}/collections`)).json()) as {
    result: { collections: Array<{ name: string }> };
  };
  for (const { name } of listed.result.collections) {
    if (name === prefix || name.startsWith(`${prefix}-`))
      await fetch(`${base}/collections/${encodeURIComponent(name)}`, { method: "DELETE" });
  }
}
