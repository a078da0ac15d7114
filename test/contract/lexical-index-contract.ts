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
 * The contract every LexicalIndex adapter meets: the embedded FTS5 index, and the OpenSearch index.
 * `make` opens an index on fresh, empty storage for each case; `dispose`, when given, removes that
 * storage after the index is closed (a server's indexes outlive the client).
 */
export function describeLexicalIndexContract(
  name: string,
  make: () => LexicalIndex | Promise<LexicalIndex>,
  dispose?: () => Promise<void>,
): void {
  describe(`LexicalIndex contract: ${name}`, () => {
    let index: LexicalIndex;
    let v: string;
    beforeEach(async () => {
      index = await make();
      v = await index.createVersion();
      await index.activate(v);
    });
    afterEach(async () => {
      await index.close();
      await dispose?.();
    });

    it("ranks by BM25 with the heading field weighing in", async () => {
      await index.putDocument(v, "d1", DEAL, [
        passage("d1", 1, "The Borrower shall repay the Loans on the Maturity Date.", "Section 2.05 Repayment"),
        passage("d1", 2, "This Agreement is governed by the laws of New York.", "Section 9.09 Governing Law"),
      ]);
      const r = await index.search({ text: "governing law", principal: alice, k: 5 });
      expect(r.hits[0]?.nodeId).toBe("d1-n2");
      expect(r.indexVersion).toBe(v);
    });

    it("filters inside the search: restricted best matches never crowd out permitted ones", async () => {
      const restricted = Array.from({ length: 30 }, (_, i) =>
        passage("secret", i, "indemnification indemnification indemnification cap on indemnification"),
      );
      await index.putDocument(v, "secret", SECRET, restricted);
      await index.putDocument(v, "open", DEAL, [
        passage("open", 1, "Seller shall indemnify Buyer; the indemnification cap is ten percent."),
        passage("open", 2, "Indemnification survives closing for eighteen months."),
        passage("open", 3, "Nothing here is relevant."),
      ]);
      const r = await index.search({ text: "indemnification cap", principal: alice, k: 2 });
      expect(r.hits.map((h) => h.documentId)).toEqual(["open", "open"]);
      expect(r.hits).toHaveLength(2);
      expect(JSON.stringify(r)).not.toContain("secret");
      const gc = await index.search({ text: "indemnification cap", principal: { id: "gc", groups: [] }, k: 2 });
      expect(gc.hits.every((h) => h.documentId === "secret")).toBe(true);
    });

    it("lists every permitted passage in document order, the permission filter inside the query (inject)", async () => {
      await index.putDocument(v, "secret", SECRET, [passage("secret", 1, "The secret side letter.")]);
      // Written out of order: the listing orders by document, then offset.
      await index.putDocument(v, "b-open", DEAL, [passage("b-open", 3, "Third."), passage("b-open", 1, "First.")]);
      await index.putDocument(v, "a-open", DEAL, [passage("a-open", 2, "Only passage.")]);
      const r = await index.listPassages({ principal: alice });
      expect(r.indexVersion).toBe(v);
      expect(r.hits.map((h) => h.nodeId)).toEqual(["a-open-n2", "b-open-n1", "b-open-n3"]);
      expect(r.hits[1]).toMatchObject({ documentId: "b-open", version: "v1", start: 1000, end: 1006 });
      expect(JSON.stringify(r)).not.toContain("secret");
      const gc = await index.listPassages({ principal: { id: "gc", groups: [] } });
      expect(gc.hits.map((h) => h.documentId)).toEqual(["secret"]);
      await index.setAccess("a-open", SECRET);
      expect((await index.listPassages({ principal: alice })).hits.map((h) => h.documentId)).toEqual([
        "b-open",
        "b-open",
      ]);
    });

    it("keeps a query to the documents it is scoped to, in search, routing and the listing, inside the permission filter", async () => {
      await index.putDocument(
        v,
        "loan",
        DEAL,
        [passage("loan", 1, "Interest accrues at the Base Rate plus the Margin.")],
        {
          text: "LOAN AGREEMENT between Acme Corp and First Bank",
        },
      );
      await index.putDocument(v, "notes", DEAL, [passage("notes", 1, "Interest accrues at eight percent per annum.")], {
        text: "NOTE PURCHASE AGREEMENT between Acme Corp and the Purchasers",
      });
      await index.putDocument(v, "secret", SECRET, [passage("secret", 1, "Interest accrues at the default rate.")], {
        text: "FEE LETTER between Acme Corp and First Bank",
      });
      const only = (documentIds: string[]) => ({ principal: alice, documentIds });
      const ids = (hits: Array<{ documentId: string }>) => hits.map((h) => h.documentId);
      expect(ids((await index.search({ text: "interest accrues", k: 5, ...only(["notes"]) })).hits)).toEqual(["notes"]);
      expect(ids((await index.searchDocuments({ text: "Acme Corp agreement", k: 5, ...only(["loan"]) })).hits)).toEqual(
        ["loan"],
      );
      expect(ids((await index.listPassages(only(["notes"]))).hits)).toEqual(["notes"]);
      // a document the principal may not read stays out however it is scoped
      expect(ids((await index.search({ text: "interest accrues", k: 5, ...only(["secret", "loan"]) })).hits)).toEqual([
        "loan",
      ]);
      expect(ids((await index.listPassages(only(["secret"]))).hits)).toEqual([]);
      // an empty scope reads nothing
      expect((await index.search({ text: "interest accrues", k: 5, ...only([]) })).hits).toEqual([]);
      expect((await index.searchDocuments({ text: "Acme Corp", k: 5, ...only([]) })).hits).toEqual([]);
    });

    it("finds the documents holding a phrase whole, at most a limit, inside the permission filter and the scope", async () => {
      const holding = index.documentsHolding?.bind(index);
      expect(holding, "documentsHolding").toBeDefined();
      if (!holding) return;
      await index.putDocument(v, "amendment", DEAL, [
        passage("amendment", 1, "Cincinnati Milacron Inc. may acquire D-M-E Company."),
        passage("amendment", 2, "The Updated Supply Plan replaces the forecast."),
      ]);
      await index.putDocument(v, "credit", DEAL, [passage("credit", 1, "Milacron's Eurodollar Rate loans.")]);
      await index.putDocument(v, "supply", DEAL, [passage("supply", 1, "The supply plan is updated monthly.")]);
      await index.putDocument(v, "secret", SECRET, [passage("secret", 1, "Milacron side letter.")]);
      const ids = async (text: string, limit = 5, documentIds?: string[]) =>
        (await holding({ text, principal: alice, limit, ...(documentIds ? { documentIds } : {}) })).documentIds.sort();
      expect(await ids("Milacron")).toEqual(["amendment", "credit"]);
      // the words in a row, whatever the punctuation between them; the same words apart do not hold it
      expect(await ids("D-M-E")).toEqual(["amendment"]);
      expect(await ids("Updated Supply Plan")).toEqual(["amendment"]);
      expect(await ids("Milacron", 1)).toHaveLength(1);
      expect(await ids("Milacron", 5, ["credit", "secret"])).toEqual(["credit"]);
      expect(await ids("Zorblax")).toEqual([]);
      expect(await ids("—")).toEqual([]);
      const gc = await holding({ text: "Milacron", principal: { id: "gc", groups: [] }, limit: 5 });
      expect(gc.documentIds).toEqual(["secret"]);
      expect(gc.indexVersion).toBe(v);
    });

    it("counts a word asked in capitals only where a passage writes it in capitals, unless none does", async () => {
      const holding = index.documentsHolding?.bind(index);
      expect(holding, "documentsHolding").toBeDefined();
      if (!holding) return;
      await index.putDocument(v, "distributor", DEAL, [
        passage("distributor", 1, "NEON Systems, Inc. appoints Peregrine/Bridge as its distributor."),
      ]);
      await index.putDocument(v, "signs", DEAL, [passage("signs", 1, "Tenant may hang neon signs in the windows.")]);
      await index.putDocument(v, "lamps", DEAL, [passage("lamps", 1, "Neon lamps are excluded from the inventory.")]);
      await index.putDocument(v, "acme", DEAL, [passage("acme", 1, "Acme Corp shall deliver the Goods.")]);
      const ids = async (text: string, limit = 5) =>
        (await holding({ text, principal: alice, limit })).documentIds.sort();
      // the name in capitals singles out the document that writes it so
      expect(await ids("NEON")).toEqual(["distributor"]);
      // asked without capitals, every document holding the word counts
      expect(await ids("Neon")).toEqual(["distributor", "lamps", "signs"]);
      // no document writes it in capitals: the lookup goes on without case
      expect(await ids("ACME")).toEqual(["acme"]);
      // the permission filter holds on the capitals reading too
      const gc = await holding({ text: "NEON", principal: { id: "gc", groups: [] }, limit: 5 });
      expect(gc.documentIds).toEqual([]);
      // the document writing it, made unreadable and then deleted, is never counted: the others are, without case
      await index.setAccess("distributor", SECRET);
      expect(await ids("NEON")).toEqual(["lamps", "signs"]);
      await index.setAccess("distributor", DEAL);
      await index.removeDocument("distributor");
      expect(await ids("NEON")).toEqual(["lamps", "signs"]);
    });

    it("applies permission changes and deletes immediately", async () => {
      // the phrase lookup routing uses (`documentsHolding`) forgets a document as the search does
      const holders = async () =>
        (await index.documentsHolding?.({ text: "purchase price", principal: alice, limit: 5 }))?.documentIds ?? [];
      await index.putDocument(v, "d1", DEAL, [passage("d1", 1, "The purchase price is $10,000,000.")]);
      expect((await index.search({ text: "purchase price", principal: alice, k: 5 })).hits).toHaveLength(1);
      expect(await holders()).toEqual(index.documentsHolding ? ["d1"] : []);
      await index.setAccess("d1", SECRET);
      expect((await index.search({ text: "purchase price", principal: alice, k: 5 })).hits).toHaveLength(0);
      expect(await holders()).toEqual([]);
      await index.setAccess("d1", DEAL);
      expect(await index.removeDocument("d1")).toBe(1);
      expect((await index.search({ text: "purchase price", principal: alice, k: 5 })).hits).toHaveLength(0);
      expect(await holders()).toEqual([]);
      expect(await index.removeDocument("d1")).toBe(0);
    });

    it("compacts without changing what a search finds", async () => {
      await index.putDocument(v, "d1", DEAL, [passage("d1", 1, "The purchase price is $10,000,000.")]);
      await index.putDocument(v, "d2", DEAL, [passage("d2", 1, "The purchase price is adjusted at closing.")]);
      await index.removeDocument("d1");
      await index.compact();
      expect(
        (await index.search({ text: "purchase price", principal: alice, k: 5 })).hits.map((h) => h.documentId),
      ).toEqual(["d2"]);
    });

    it("keeps a walled principal or group out inside the search, whatever its grants; the wall lifts with access", async () => {
      const walled: Access = { ...DEAL, principals: ["alice"], deny: { principals: [], groups: ["deal-team"] } };
      await index.putDocument(v, "d1", walled, [passage("d1", 1, "The purchase price is $10,000,000.")], {
        text: "Acme Corp purchase agreement",
      });
      const bob = { id: "bob", groups: ["deal-team", "board"] };
      for (const who of [alice, bob]) {
        expect((await index.search({ text: "purchase price", principal: who, k: 5 })).hits).toEqual([]);
        expect((await index.searchDocuments({ text: "Acme Corp", principal: who, k: 5 })).hits).toEqual([]);
      }
      // a wall on one principal leaves the rest of the group in
      await index.setAccess("d1", { ...DEAL, deny: { principals: ["alice"], groups: [] } });
      expect((await index.search({ text: "purchase price", principal: alice, k: 5 })).hits).toEqual([]);
      expect((await index.search({ text: "purchase price", principal: bob, k: 5 })).hits).toHaveLength(1);
      await index.setAccess("d1", DEAL);
      expect((await index.search({ text: "purchase price", principal: alice, k: 5 })).hits).toHaveLength(1);
    });

    it("keeps the previous index version queryable until the new one is switched in", async () => {
      await index.putDocument(v, "d1", DEAL, [passage("d1", 1, "Termination for convenience on thirty days notice.")]);
      const next = await index.createVersion();
      await index.putDocument(next, "d1", DEAL, [passage("d1", 2, "Termination for cause only.")]);
      expect((await index.search({ text: "termination", principal: alice, k: 5 })).hits.map((h) => h.nodeId)).toEqual([
        "d1-n1",
      ]);
      expect(
        (await index.search({ text: "termination", principal: alice, k: 5, indexVersion: next })).hits.map(
          (h) => h.nodeId,
        ),
      ).toEqual(["d1-n2"]);
      await index.activate(next);
      expect((await index.search({ text: "termination", principal: alice, k: 5 })).hits.map((h) => h.nodeId)).toEqual([
        "d1-n2",
      ]);
      await expect(index.dropVersion(next)).rejects.toThrow(/active/);
      // an access change reaches every version, the inactive one too
      await index.setAccess("d1", SECRET);
      expect((await index.search({ text: "termination", principal: alice, k: 5, indexVersion: v })).hits).toEqual([]);
      await index.dropVersion(v);
      // a dropped version is not an empty one: reading it is refused
      await expect(index.search({ text: "termination", principal: alice, k: 5, indexVersion: v })).rejects.toThrow(
        /is not there/,
      );
    });

    it("routes a question to the documents its card names, inside the permission filter", async () => {
      await index.putDocument(v, "nda", DEAL, [passage("nda", 1, "Confidential Information excludes public data.")], {
        text: "MUTUAL NONDISCLOSURE AGREEMENT between Acme Corp and Beta LLC",
      });
      await index.putDocument(v, "supply", DEAL, [passage("supply", 1, "Prices are fixed.")], {
        text: "SUPPLY AGREEMENT between Gamma Inc and Delta Ltd",
      });
      await index.putDocument(v, "secret", SECRET, [passage("secret", 1, "x")], {
        text: "SUPPLY AGREEMENT between Gamma Inc and Delta Ltd, amended",
      });
      const r = await index.searchDocuments({
        text: "Consider the Supply Agreement between Gamma and Delta; what are the prices?",
        principal: alice,
        k: 5,
      });
      expect(r.hits.map((h) => h.documentId)).toEqual(["supply"]);
      await index.removeDocument("supply");
      expect((await index.searchDocuments({ text: "supply agreement gamma", principal: alice, k: 5 })).hits).toEqual(
        [],
      );
    });

    it("routes a question quoting a filed name whole to that document, the longest nested name, only if permitted", async () => {
      const nda = async (id: string, name: string, access: Access = DEAL) =>
        await index.putDocument(v, id, access, [passage(id, 1, "Confidential Information excludes public data.")], {
          text: `MUTUAL CONFIDENTIALITY AGREEMENT ${id}`,
          name,
        });
      await nda("short", "Confidentiality");
      await nda("long", "Confidentiality_and_Non-Disclosure_Agreement");
      await nda("escaped", "Confidentiality%20and%20Non-Disclosure%20Agreement");
      await nda("mnda", "MNDA");
      await nda("generic", "Non-Disclosure Agreement");
      await nda("secret", "Side Letter 7", SECRET);
      const named = async (text: string, principal = alice) =>
        (await index.searchDocuments({ text, principal, k: 10 })).hits
          .filter((h) => h.named)
          .map((h) => h.documentId)
          .sort();
      expect(await named("In the non-disclosure agreement Confidentiality")).toEqual(["short"]);
      expect(await named("In the non-disclosure agreement Confidentiality_and_Non-Disclosure_Agreement")).toEqual([
        "escaped",
        "long",
      ]);
      expect(await named("In the non-disclosure agreement MNDA")).toEqual(["mnda"]);
      // A name made only of words every such question uses names no one document.
      expect(await named("In the non-disclosure agreement between Acme and Beta")).toEqual([]);
      // Part of a name is not the name.
      expect(await named("In the side letter of the fund")).toEqual([]);
      expect(await named("In Side Letter 7")).toEqual([]);
      expect(await named("In Side Letter 7", { id: "gc", groups: [] })).toEqual(["secret"]);
      await index.removeDocument("mnda");
      expect(await named("In the non-disclosure agreement MNDA")).toEqual([]);
    });

    it("lists documents whose cards carry no filed name, and takes the name later for every version", async () => {
      const body = [passage("old", 1, "Confidential Information excludes public data.")];
      await index.putDocument(v, "old", DEAL, body, { text: "MUTUAL CONFIDENTIALITY AGREEMENT" });
      await index.putDocument(v, "new", DEAL, body, { text: "MUTUAL CONFIDENTIALITY AGREEMENT", name: "Acme NDA" });
      await index.putDocument(v, "nameless", DEAL, body, { text: "AGREEMENT", name: null });
      const next = await index.createVersion();
      await index.putDocument(next, "old", DEAL, body, { text: "MUTUAL CONFIDENTIALITY AGREEMENT" });
      expect(await index.unnamedDocuments()).toEqual(["old"]);
      const named = async (indexVersion: string) =>
        (
          await index.searchDocuments({
            text: "In the non-disclosure agreement MNDA",
            principal: alice,
            k: 5,
            indexVersion,
          })
        ).hits
          .filter((h) => h.named)
          .map((h) => h.documentId);
      expect(await named(v)).toEqual([]);
      await index.setDocumentName("old", "MNDA");
      expect(await index.unnamedDocuments()).toEqual([]);
      expect(await named(v)).toEqual(["old"]);
      expect(await named(next)).toEqual(["old"]);
    });

    it("treats query syntax as words and returns nothing for a query of stopwords", async () => {
      await index.putDocument(v, "d1", DEAL, [passage("d1", 1, "Notices shall be in writing.")]);
      await expect(index.search({ text: 'notices" OR body:* AND (', principal: alice, k: 5 })).resolves.toBeDefined();
      expect((await index.search({ text: "what is the", principal: alice, k: 5 })).hits).toEqual([]);
    });
  });
}
