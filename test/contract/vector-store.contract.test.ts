import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteDatabase } from "@lexnav/catalog";
import { createQdrantVectorStore, createSqliteVectorStore } from "@lexnav/retrieval";
import { describe, expect, it } from "vitest";
import { dropQdrantPrefix, QDRANT_DID_NOT_RUN, qdrantUrl, uniqueQdrantPrefix } from "../support/qdrant.ts";
import { createQdrantModel } from "../support/qdrant-model.ts";
import { describeVectorStoreContract } from "./vector-store-contract.ts";

describeVectorStoreContract("sqlite (embedded, in-memory exact scan)", () =>
  createSqliteVectorStore(openSqliteDatabase(":memory:")),
);
describeVectorStoreContract("sqlite-vec (embedded, SQL exact scan)", () =>
  createSqliteVectorStore(openSqliteDatabase(":memory:"), { scan: "sql" }),
);

// The Qdrant adapter's requests and multi-request flows, over a model of Qdrant's semantics: this is
// not a Qdrant server and says nothing about whether Qdrant agrees (the live registration below does).
describeVectorStoreContract("Qdrant adapter over an in-memory model of Qdrant (not a server)", () =>
  createQdrantVectorStore({ client: createQdrantModel(), prefix: uniqueQdrantPrefix() }),
);

const qdrant = qdrantUrl();
if (qdrant === null) {
  console.log(`VectorStore contract: ${QDRANT_DID_NOT_RUN}`);
  describe(`VectorStore contract: Qdrant server (${QDRANT_DID_NOT_RUN})`, () => {
    it.skip(QDRANT_DID_NOT_RUN, () => {});
  });
} else {
  // A fresh prefix per case, its collections and alias dropped after it.
  let prefix = "";
  describeVectorStoreContract(
    `Qdrant server at ${qdrant}`,
    () => {
      prefix = uniqueQdrantPrefix();
      return createQdrantVectorStore({ url: qdrant, prefix });
    },
    () => dropQdrantPrefix(qdrant, prefix),
  );
}

describe("sqlite vector store: another connection's writes", () => {
  it("are seen by the next query (the in-memory scan re-reads after any commit)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lexnav-vec-"));
    try {
      const path = join(dir, "store.sqlite");
      const reader = createSqliteVectorStore(openSqliteDatabase(path));
      const writer = createSqliteVectorStore(openSqliteDatabase(path));
      const v = await writer.createVersion(2, "e");
      await writer.activate(v);
      const access = { principals: [], groups: ["g"] };
      const item = (n: number, vector: number[]) => ({
        passageId: `p${n}`,
        nodeId: `n${n}`,
        version: "v1",
        start: 0,
        end: 1,
        vector: Float32Array.from(vector),
      });
      await writer.putDocument(v, "d1", access, [item(1, [1, 0])]);
      const q = { vector: Float32Array.from([1, 0]), principal: { id: "x", groups: ["g"] }, k: 5 };
      expect((await reader.search(q)).hits.map((h) => h.passageId)).toEqual(["p1"]);
      await writer.putDocument(v, "d1", access, [item(2, [0, 1])]);
      expect((await reader.search(q)).hits.map((h) => h.passageId)).toEqual(["p2"]);
      await writer.setAccess("d1", { principals: [], groups: ["other"] });
      expect((await reader.search(q)).hits).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
