import type { Access } from "@lexnav/document-model";
import type { LexicalIndex, Passage } from "@lexnav/retrieval";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const DEAL: Access = { principals: [], groups: ["deal-team"] };
const SECRET: Access = { principals: ["gc"], groups: [] };
const alice = { id: "alice", groups: ["deal-team"] };

function passage(documentId: string, n: number, body: string, heading = ""): Passage {
  return {
    id: `${documentId}-n${n}:0`,
    documentId,
    version: "v1",
    nodeId: `${documentId}-n${n}`,
    start: n * 1000,
    end: n * 1000 + body.length,
    heading,
    clauseRef: "",
    terms: "",
    body,
  };
}

/**
 * The contract every LexicalIndex adapter meets. Only the embedded FTS5 adapter exists and is
 * registered (`lexical-index.contract.test.ts`); no OpenSearch adapter or OpenSearch run exists yet.
 */
export function describeLexicalIndexContract(name: string, make: () => LexicalIndex): void {
  describe(`LexicalIndex contract: ${name}`, () => {
    let index: LexicalIndex;
    let v: string;
    beforeEach(() => {
      index = make();
      v = index.createVersion();
      index.activate(v);
    });
    afterEach(() => index.close());

    it("ranks by BM25 with the heading field weighing in", () => {
      index.putDocument(v, "d1", DEAL, [
        passage("d1", 1, "The Borrower shall repay the Loans on the Maturity Date.", "Section 2.05 Repayment"),
        passage("d1", 2, "This Agreement is governed by the laws of New York.", "Section 9.09 Governing Law"),
      ]);
      const r = index.search({ text: "governing law", principal: alice, k: 5 });
      expect(r.hits[0]?.nodeId).toBe("d1-n2");
      expect(r.indexVersion).toBe(v);
    });

    it("filters inside the search: restricted best matches never crowd out permitted ones", () => {
      const restricted = Array.from({ length: 30 }, (_, i) =>
        passage("secret", i, "indemnification indemnification indemnification cap on indemnification"),
      );
      index.putDocument(v, "secret", SECRET, restricted);
      index.putDocument(v, "open", DEAL, [
        passage("open", 1, "Seller shall indemnify Buyer; the indemnification cap is ten percent."),
        passage("open", 2, "Indemnification survives closing for eighteen months."),
        passage("open", 3, "Nothing here is relevant."),
      ]);
      const r = index.search({ text: "indemnification cap", principal: alice, k: 2 });
      expect(r.hits.map((h) => h.documentId)).toEqual(["open", "open"]);
      expect(r.hits).toHaveLength(2);
      expect(JSON.stringify(r)).not.toContain("secret");
      const gc = index.search({ text: "indemnification cap", principal: { id: "gc", groups: [] }, k: 2 });
      expect(gc.hits.every((h) => h.documentId === "secret")).toBe(true);
    });

    it("lists every permitted passage in document order, the permission filter inside the query (inject)", () => {
      index.putDocument(v, "secret", SECRET, [passage("secret", 1, "The secret side letter.")]);
      // Written out of order: the listing orders by document, then offset.
      index.putDocument(v, "b-open", DEAL, [passage("b-open", 3, "Third."), passage("b-open", 1, "First.")]);
      index.putDocument(v, "a-open", DEAL, [passage("a-open", 2, "Only passage.")]);
      const r = index.listPassages({ principal: alice });
      expect(r.indexVersion).toBe(v);
      expect(r.hits.map((h) => h.nodeId)).toEqual(["a-open-n2", "b-open-n1", "b-open-n3"]);
      expect(r.hits[1]).toMatchObject({ documentId: "b-open", version: "v1", start: 1000, end: 1006 });
      expect(JSON.stringify(r)).not.toContain("secret");
      const gc = index.listPassages({ principal: { id: "gc", groups: [] } });
      expect(gc.hits.map((h) => h.documentId)).toEqual(["secret"]);
      index.setAccess("a-open", SECRET);
      expect(index.listPassages({ principal: alice }).hits.map((h) => h.documentId)).toEqual(["b-open", "b-open"]);
    });

    it("keeps a query to the documents it is scoped to, in search, routing and the listing, inside the permission filter", () => {
      index.putDocument(v, "loan", DEAL, [passage("loan", 1, "Interest accrues at the Base Rate plus the Margin.")], {
        text: "LOAN AGREEMENT between Acme Corp and First Bank",
      });
      index.putDocument(v, "notes", DEAL, [passage("notes", 1, "Interest accrues at eight percent per annum.")], {
        text: "NOTE PURCHASE AGREEMENT between Acme Corp and the Purchasers",
      });
      index.putDocument(v, "secret", SECRET, [passage("secret", 1, "Interest accrues at the default rate.")], {
        text: "FEE LETTER between Acme Corp and First Bank",
      });
      const only = (documentIds: string[]) => ({ principal: alice, documentIds });
      const ids = (hits: Array<{ documentId: string }>) => hits.map((h) => h.documentId);
      expect(ids(index.search({ text: "interest accrues", k: 5, ...only(["notes"]) }).hits)).toEqual(["notes"]);
      expect(ids(index.searchDocuments({ text: "Acme Corp agreement", k: 5, ...only(["loan"]) }).hits)).toEqual([
        "loan",
      ]);
      expect(ids(index.listPassages(only(["notes"])).hits)).toEqual(["notes"]);
      // a document the principal may not read stays out however it is scoped
      expect(ids(index.search({ text: "interest accrues", k: 5, ...only(["secret", "loan"]) }).hits)).toEqual(["loan"]);
      expect(ids(index.listPassages(only(["secret"])).hits)).toEqual([]);
      // an empty scope reads nothing
      expect(index.search({ text: "interest accrues", k: 5, ...only([]) }).hits).toEqual([]);
      expect(index.searchDocuments({ text: "Acme Corp", k: 5, ...only([]) }).hits).toEqual([]);
    });

    it("applies permission changes and deletes immediately", () => {
      index.putDocument(v, "d1", DEAL, [passage("d1", 1, "The purchase price is $10,000,000.")]);
      expect(index.search({ text: "purchase price", principal: alice, k: 5 }).hits).toHaveLength(1);
      index.setAccess("d1", SECRET);
      expect(index.search({ text: "purchase price", principal: alice, k: 5 }).hits).toHaveLength(0);
      index.setAccess("d1", DEAL);
      expect(index.removeDocument("d1")).toBe(1);
      expect(index.search({ text: "purchase price", principal: alice, k: 5 }).hits).toHaveLength(0);
      expect(index.removeDocument("d1")).toBe(0);
    });

    it("compacts without changing what a search finds", () => {
      index.putDocument(v, "d1", DEAL, [passage("d1", 1, "The purchase price is $10,000,000.")]);
      index.putDocument(v, "d2", DEAL, [passage("d2", 1, "The purchase price is adjusted at closing.")]);
      index.removeDocument("d1");
      index.compact();
      expect(index.search({ text: "purchase price", principal: alice, k: 5 }).hits.map((h) => h.documentId)).toEqual([
        "d2",
      ]);
    });

    it("keeps a walled principal or group out inside the search, whatever its grants; the wall lifts with access", () => {
      const walled: Access = { ...DEAL, principals: ["alice"], deny: { principals: [], groups: ["deal-team"] } };
      index.putDocument(v, "d1", walled, [passage("d1", 1, "The purchase price is $10,000,000.")], {
        text: "Acme Corp purchase agreement",
      });
      const bob = { id: "bob", groups: ["deal-team", "board"] };
      for (const who of [alice, bob]) {
        expect(index.search({ text: "purchase price", principal: who, k: 5 }).hits).toEqual([]);
        expect(index.searchDocuments({ text: "Acme Corp", principal: who, k: 5 }).hits).toEqual([]);
      }
      // a wall on one principal leaves the rest of the group in
      index.setAccess("d1", { ...DEAL, deny: { principals: ["alice"], groups: [] } });
      expect(index.search({ text: "purchase price", principal: alice, k: 5 }).hits).toEqual([]);
      expect(index.search({ text: "purchase price", principal: bob, k: 5 }).hits).toHaveLength(1);
      index.setAccess("d1", DEAL);
      expect(index.search({ text: "purchase price", principal: alice, k: 5 }).hits).toHaveLength(1);
    });

    it("keeps the previous index version queryable until the new one is switched in", () => {
      index.putDocument(v, "d1", DEAL, [passage("d1", 1, "Termination for convenience on thirty days notice.")]);
      const next = index.createVersion();
      index.putDocument(next, "d1", DEAL, [passage("d1", 2, "Termination for cause only.")]);
      expect(index.search({ text: "termination", principal: alice, k: 5 }).hits.map((h) => h.nodeId)).toEqual([
        "d1-n1",
      ]);
      expect(
        index.search({ text: "termination", principal: alice, k: 5, indexVersion: next }).hits.map((h) => h.nodeId),
      ).toEqual(["d1-n2"]);
      index.activate(next);
      expect(index.search({ text: "termination", principal: alice, k: 5 }).hits.map((h) => h.nodeId)).toEqual([
        "d1-n2",
      ]);
      expect(() => index.dropVersion(next)).toThrow(/active/);
      index.dropVersion(v);
      // a dropped version is not an empty one: reading it is refused
      expect(() => index.search({ text: "termination", principal: alice, k: 5, indexVersion: v })).toThrow(
        /is not there/,
      );
    });

    it("routes a question to the documents its card names, inside the permission filter", () => {
      index.putDocument(v, "nda", DEAL, [passage("nda", 1, "Confidential Information excludes public data.")], {
        text: "MUTUAL NONDISCLOSURE AGREEMENT between Acme Corp and Beta LLC",
      });
      index.putDocument(v, "supply", DEAL, [passage("supply", 1, "Prices are fixed.")], {
        text: "SUPPLY AGREEMENT between Gamma Inc and Delta Ltd",
      });
      index.putDocument(v, "secret", SECRET, [passage("secret", 1, "x")], {
        text: "SUPPLY AGREEMENT between Gamma Inc and Delta Ltd, amended",
      });
      const r = index.searchDocuments({
        text: "Consider the Supply Agreement between Gamma and Delta; what are the prices?",
        principal: alice,
        k: 5,
      });
      expect(r.hits.map((h) => h.documentId)).toEqual(["supply"]);
      index.removeDocument("supply");
      expect(index.searchDocuments({ text: "supply agreement gamma", principal: alice, k: 5 }).hits).toEqual([]);
    });

    it("routes a question quoting a filed name whole to that document, the longest nested name, only if permitted", () => {
      const nda = (id: string, name: string, access: Access = DEAL) =>
        index.putDocument(v, id, access, [passage(id, 1, "Confidential Information excludes public data.")], {
          text: `MUTUAL CONFIDENTIALITY AGREEMENT ${id}`,
          name,
        });
      nda("short", "Confidentiality");
      nda("long", "Confidentiality_and_Non-Disclosure_Agreement");
      nda("escaped", "Confidentiality%20and%20Non-Disclosure%20Agreement");
      nda("mnda", "MNDA");
      nda("generic", "Non-Disclosure Agreement");
      nda("secret", "Side Letter 7", SECRET);
      const named = (text: string, principal = alice) =>
        index
          .searchDocuments({ text, principal, k: 10 })
          .hits.filter((h) => h.named)
          .map((h) => h.documentId)
          .sort();
      expect(named("In the non-disclosure agreement Confidentiality")).toEqual(["short"]);
      expect(named("In the non-disclosure agreement Confidentiality_and_Non-Disclosure_Agreement")).toEqual([
        "escaped",
        "long",
      ]);
      expect(named("In the non-disclosure agreement MNDA")).toEqual(["mnda"]);
      // A name made only of words every such question uses names no one document.
      expect(named("In the non-disclosure agreement between Acme and Beta")).toEqual([]);
      // Part of a name is not the name.
      expect(named("In the side letter of the fund")).toEqual([]);
      expect(named("In Side Letter 7")).toEqual([]);
      expect(named("In Side Letter 7", { id: "gc", groups: [] })).toEqual(["secret"]);
      index.removeDocument("mnda");
      expect(named("In the non-disclosure agreement MNDA")).toEqual([]);
    });

    it("lists documents whose cards carry no filed name, and takes the name later for every version", () => {
      const body = [passage("old", 1, "Confidential Information excludes public data.")];
      index.putDocument(v, "old", DEAL, body, { text: "MUTUAL CONFIDENTIALITY AGREEMENT" });
      index.putDocument(v, "new", DEAL, body, { text: "MUTUAL CONFIDENTIALITY AGREEMENT", name: "Acme NDA" });
      index.putDocument(v, "nameless", DEAL, body, { text: "AGREEMENT", name: null });
      const next = index.createVersion();
      index.putDocument(next, "old", DEAL, body, { text: "MUTUAL CONFIDENTIALITY AGREEMENT" });
      expect(index.unnamedDocuments()).toEqual(["old"]);
      const named = (indexVersion: string) =>
        index
          .searchDocuments({ text: "In the non-disclosure agreement MNDA", principal: alice, k: 5, indexVersion })
          .hits.filter((h) => h.named)
          .map((h) => h.documentId);
      expect(named(v)).toEqual([]);
      index.setDocumentName("old", "MNDA");
      expect(index.unnamedDocuments()).toEqual([]);
      expect(named(v)).toEqual(["old"]);
      expect(named(next)).toEqual(["old"]);
    });

    it("treats query syntax as words and returns nothing for a query of stopwords", () => {
      index.putDocument(v, "d1", DEAL, [passage("d1", 1, "Notices shall be in writing.")]);
      expect(() => index.search({ text: 'notices" OR body:* AND (', principal: alice, k: 5 })).not.toThrow();
      expect(index.search({ text: "what is the", principal: alice, k: 5 }).hits).toEqual([]);
    });
  });
}
