import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedStack, type EmbeddedStack } from "./stack.ts";

const READER = { id: "reader", groups: ["deals"] };
const EMBEDDER = { dimensions: 16, minDocumentFrequency: 1, maxDocumentShare: 0.9 };

// A consent filed as HTML whose signature blocks are a table under the role its definition defines
// ("MAJORITY INVESTORS:"): each row a passage of a few words headed by the role's name, so by words and
// by meaning the close matches a question about the role better than the definition does.
const CONSENT = `<html><body>
<p>CONSENT AND AGREEMENT</p>
<p>This Consent and Agreement is made by and among Acme Devices, Inc. (the "Company") and the holders of the Notes signing below, who agree as follows.</p>
<p>1. Definitions. "Majority Investors" means the Investors holding a majority in principal amount of the Notes issued and outstanding at the time of determination.</p>
<p>2. Amendment of the Notes. Any provision of the Notes may be amended only upon the written consent of the Company and the holders of a majority of the Notes.</p>
<p>3. Governing Law. This Consent and Agreement is governed by the laws of the State of New York.</p>
<p>IN WITNESS WHEREOF, each of the undersigned has duly executed this Consent and Agreement as of the date first written above.</p>
<table>
<tr><td>MAJORITY INVESTORS:</td></tr>
<tr><td>Northwind Partners Fund, L.P.</td></tr>
<tr><td>By:</td><td>/s/ Jane Roe</td></tr>
<tr><td>Name:</td><td>Jane Roe</td></tr>
<tr><td>Title:</td><td>Managing Director</td></tr>
<tr><td>Address:</td><td>Northwind Partners</td></tr>
<tr><td>Southwind Capital, L.P.</td></tr>
<tr><td>By:</td><td>/s/ John Doe</td></tr>
<tr><td>Name:</td><td>John Doe</td></tr>
<tr><td>Title:</td><td>General Partner</td></tr>
</table>
</body></html>
`;

describe("the close of an instrument in the hybrid ranking", () => {
  let stack: EmbeddedStack;
  let dir: string;
  const text = async (documentId: string, version: string) =>
    (await stack.catalog.getVersion(documentId, version))?.text ?? null;
  // The passages of a hybrid search, each with whether it lies in the close (from the testimonium on).
  const ranked = async (query: string) => {
    const r = await stack.searcher.search({ query, principal: READER, mode: "hybrid", k: 8 }, text);
    const first = r.passages[0];
    const body = first ? ((await text(first.documentId, first.version)) ?? "") : "";
    const testimonium = body.indexOf("IN WITNESS WHEREOF");
    return r.passages.map((p) => ({ text: body.slice(p.start, p.end), close: p.start >= testimonium }));
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-close-"));
    const file = join(dir, "consent.html");
    writeFileSync(file, CONSENT);
    stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
    const r = await stack.pipeline.ingest({ source: file, access: { principals: [], groups: ["deals"] } });
    expect(r.status).toBe("indexed");
    await stack.buildDenseIndex({ embedder: EMBEDDER });
  });
  afterAll(async () => {
    await stack.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("ranks the provisions before the signature blocks for a question about a role the blocks sign under", async () => {
    const passages = await ranked("Who are the Majority Investors?");
    const provisions = passages.filter((p) => !p.close);
    expect(provisions.some((p) => p.text.includes('"Majority Investors" means'))).toBe(true);
    // every provision retrieved comes before the first passage of the close
    expect(passages.slice(0, provisions.length).every((p) => !p.close)).toBe(true);
  });

  it("keeps the signature blocks where the ranking puts them for a question about who signed", async () => {
    const passages = await ranked("Who signed for the Majority Investors, and in what capacity?");
    expect(passages.slice(0, 3).some((p) => p.close)).toBe(true);
  });
});
