import { type DocumentRecord, emptyFlags, type PageAnchor, type ProvisionNode } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { formatLocation, locateCitation } from "./citation-location.ts";

const doc = (over: Partial<DocumentRecord> = {}): DocumentRecord => ({
  id: "doc_1",
  source: "/deal/0000950134-96-000040_2.html",
  fileName: "0000950134-96-000040_2.html",
  contentType: "text/html",
  access: { principals: [], groups: ["local"] },
  lifecycle: "indexed",
  failure: null,
  currentVersion: "v1",
  title: "AMENDMENT NO. 3 TO AMENDED AND RESTATED CREDIT AGREEMENT",
  role: "amendment",
  effectiveDate: null,
  transactionSetId: null,
  createdAt: "",
  updatedAt: "",
  ...over,
});
const node = (
  id: string,
  parentId: string | null,
  kind: ProvisionNode["kind"],
  clauseRef: string | null,
  fullRef: string | null,
): ProvisionNode => ({
  id,
  documentId: "doc_1",
  parentId,
  kind,
  clauseRef,
  fullRef,
  title: null,
  headingPath: [],
  start: 0,
  end: 10,
  depth: 0,
  page: null,
  tokenCount: 1,
  flags: emptyFlags(),
  keywords: [],
  definesTerms: [],
  xrefs: [],
  termUses: [],
});
const tree = new Map(
  [
    node("root", null, "document", null, null),
    node("art", "root", "article", "ARTICLE X", "X"),
    node("s106", "art", "section", "Section 10.6", "10.6"),
    node("s106a", "s106", "clause", "(a)", "10.6(a)"),
    node("s11", "root", "section", "Section 1.1", "1.1"),
    node("def", "s11", "definition", 'Definition "Borrower"', null),
    node("defb", "def", "clause", "(b)", null),
  ].map((n) => [n.id, n]),
);
const pages: PageAnchor[] = [
  { page: 1, start: 0, end: 100 },
  { page: 2, start: 100, end: 200, label: "45" },
  { page: 3, start: 200, end: 300 },
];
const deps = (d: DocumentRecord | null = doc(), p: PageAnchor[] = pages) => ({
  document: () => d,
  node: (_d: string, _v: string, id: string) => tree.get(id) ?? null,
  pages: () => p,
});
const at = (nodeId: string, start: number) => ({ documentId: "doc_1", version: "v1", nodeId, start });

describe("locateCitation", () => {
  it("names the title, the article and the section, and the printed page the span starts on", async () => {
    const l = await locateCitation(at("s106a", 150), deps());
    expect(l).toEqual({
      title: "Amendment No. 3 to Amended and Restated Credit Agreement",
      path: ["Article X", "Section 10.6(a)"],
      page: "45",
    });
    expect(formatLocation(l)).toBe(
      "Amendment No. 3 to Amended and Restated Credit Agreement, Article X, Section 10.6(a), page 45",
    );
  });

  it("takes the page number where the page has no printed label, and shows no page for a source without pages", async () => {
    expect((await locateCitation(at("s106a", 250), deps())).page).toBe("3");
    expect((await locateCitation(at("s106a", 250), deps(doc(), []))).page).toBeNull();
    expect((await locateCitation(at("s106a", 50), deps(doc(), [{ page: 1, start: 0, end: 300 }]))).page).toBeNull();
  });

  it("goes below the section to a definition and a clause inside it", async () => {
    expect((await locateCitation(at("defb", 0), deps())).path).toEqual(["Section 1.1", 'Definition "Borrower"', "(b)"]);
  });

  it("keeps a title already in mixed case, and falls back to the file's name, then the id", async () => {
    expect((await locateCitation(at("s106", 0), deps(doc({ title: "Pledge Agreement" })))).title).toBe(
      "Pledge Agreement",
    );
    expect((await locateCitation(at("s106", 0), deps(doc({ title: null })))).title).toBe("0000950134-96-000040_2");
    expect((await locateCitation(at("s106", 0), deps(null))).title).toBe("doc_1");
  });

  it('reads a title in capitals in title case, keeping numerals, names with "&", abbreviations and a company\'s form', async () => {
    const title = async (t: string) => (await locateCitation(at("s106", 0), deps(doc({ title: t })))).title;
    expect(await title("EXHIBIT II RATE FT-A AGREEMENT BETWEEN LG&E AND TENNESSEE GAS PIPELINE COMPANY")).toBe(
      "Exhibit II Rate Ft-A Agreement Between LG&E and Tennessee Gas Pipeline Company",
    );
    expect(await title("THE U.S. GUARANTY OF ACME HOLDINGS, LLC")).toBe("The U.S. Guaranty of Acme Holdings, LLC");
    expect(await title("AMENDMENT NO. 1 TO ARTICLE IV OF THE PLAN")).toBe("Amendment No. 1 to Article IV of the Plan");
    expect(await title("MUTUAL NDA")).toBe("Mutual NDA");
    expect(await title("ODM SUPPLY AGREEMENT")).toBe("ODM Supply Agreement");
    expect(await title("ISDA MASTER AGREEMENT")).toBe("ISDA Master Agreement");
    // an acronym that ends in S is no plural of another
    expect(await title("IRS CLOSING AGREEMENT")).toBe("IRS Closing Agreement");
  });

  it("gives no path for a span outside any provision, and reads a control character in a name as a space", async () => {
    const l = await locateCitation(at("", 0), deps(doc({ title: "Credit\u0007Agreement" })));
    expect(formatLocation(l)).toBe("Credit Agreement, page 1");
  });
});
