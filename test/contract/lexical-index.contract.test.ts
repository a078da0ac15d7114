import { randomUUID } from "node:crypto";
import { openSqliteDatabase } from "@lexnav/catalog";
import { createOpenSearchLexicalIndex, createSqliteLexicalIndex } from "@lexnav/retrieval";
import { afterAll, beforeAll, describe, it } from "vitest";
import {
  OPENSEARCH_START_TIMEOUT_MS,
  type OpenSearchHandle,
  openSearchUnavailable,
  startOpenSearch,
} from "../support/opensearch.ts";
import { describeLexicalIndexContract } from "./lexical-index-contract.ts";

describeLexicalIndexContract("sqlite fts5 (embedded)", () => createSqliteLexicalIndex(openSqliteDatabase(":memory:")));

// One OpenSearch node for this file (the one scripts/setup.sh --test builds, or OPENSEARCH_URL's), a
// fresh index prefix per case, no replicas on a single node.
const unavailable = openSearchUnavailable();
if (unavailable !== null) {
  console.log(`LexicalIndex contract: OpenSearch did not run: ${unavailable}`);
  describe(`LexicalIndex contract: OpenSearch (did not run: ${unavailable})`, () => {
    it.skip(`OpenSearch did not run: ${unavailable}`, () => {});
  });
} else {
  describe("OpenSearch node for the contract", () => {
    let node: OpenSearchHandle;
    let prefix = "";
    beforeAll(async () => {
      node = await startOpenSearch();
      console.log(`LexicalIndex contract: OpenSearch ${node.version} at ${node.url}, up in ${node.startupMs} ms`);
    }, OPENSEARCH_START_TIMEOUT_MS);
    afterAll(async () => {
      await node?.stop();
    });
    describeLexicalIndexContract(
      "OpenSearch (a real node)",
      () => {
        prefix = `lexnav-test-${randomUUID().slice(0, 8)}`;
        return createOpenSearchLexicalIndex({ node: node.url, prefix, replicas: 0 });
      },
      async () => {
        await fetch(`${node.url}/${prefix}-*?expand_wildcards=all`, { method: "DELETE" });
      },
    );
  });
}
