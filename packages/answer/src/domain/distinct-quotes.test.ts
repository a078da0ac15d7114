import { describe, expect, it } from "vitest";
import { verifyClaims } from "./citations.ts";
import { quoteEachSpanOnce } from "./distinct-quotes.ts";
import type { AnswerClaim } from "./evidence.ts";
import { evidenceItem } from "./test-support.ts";

const TEXT =
  "8.1 Termination. Either party may terminate this Agreement as follows: (a) on thirty days' notice; " +
  "(b) at once upon the other party's insolvency. 8.2 Effect. On termination all licences end. " +
  "8.3 Survival. Sections 5 and 9 survive termination.";
const item = evidenceItem("msa", TEXT, { clauseRef: "Section 8" });
const source = (documentId: string, version: string) => (documentId === "msa" && version === "v1" ? TEXT : null);

/** A claim as the offline answerer states it: the quote of `[from … to]` of `documentId`, cited once. */
function claim(from: string, to: string, documentId = "msa", version = "v1"): AnswerClaim {
  const start = TEXT.indexOf(from);
  const end = TEXT.indexOf(to, start) + to.length;
  const quote = TEXT.slice(start, end);
  const display = `[${documentId}] Section 8`;
  return {
    text: `"${quote}" ${display}`,
    citations: [{ documentId, version, nodeId: "n", start, end, quote, display, clauseRef: "Section 8" }],
  };
}

const spans = (claims: readonly AnswerClaim[]) => claims.map((c) => [c.citations[0]?.start, c.citations[0]?.end]);

describe("quoteEachSpanOnce", () => {
  it("drops a claim whose span lies inside another's, wherever the wider one stands", () => {
    const leadIn = claim("Either party", "insolvency.");
    const item1 = claim("(a) on", "notice;");
    const other = claim("8.3 Survival", "termination.");
    expect(quoteEachSpanOnce([leadIn, item1, other], [item], source)).toEqual([leadIn, other]);
    // the item first: the lead-in that quotes it takes its place
    const out = quoteEachSpanOnce([item1, other, leadIn], [item], source);
    expect(spans(out)).toEqual(spans([leadIn, other]));
    expect(out[0]?.text).toBe(leadIn.text);
  });

  it("joins two claims that overlap in part into one quoting both, in the first one's place, verified", () => {
    const first = claim("Either party", "insolvency.");
    const second = claim("(b) at once", "licences end.");
    const out = quoteEachSpanOnce([claim("8.3 Survival", "termination."), first, second], [item], source);
    expect(out).toHaveLength(2);
    const joined = out[1]?.citations[0];
    const start = TEXT.indexOf("Either party");
    const end = TEXT.indexOf("licences end.") + "licences end.".length;
    expect([joined?.start, joined?.end]).toEqual([start, end]);
    expect(joined?.quote).toBe(TEXT.slice(start, end));
    // the answer text says the joined quote once
    expect(out[1]?.text).toBe(`"${TEXT.slice(start, end)}" [msa] Section 8`);
    expect(
      out
        .map((c) => c.text)
        .join("\n")
        .split("insolvency").length,
    ).toBe(2);
    expect(verifyClaims(out, [item], source).unsupported).toEqual([]);
  });

  it("folds a chain: a join that reaches a third claim takes it in too", () => {
    const a = claim("8.1 Termination", "notice;");
    const c = claim("8.2 Effect", "licences end.");
    const b = claim("(a) on", "8.2 Effect.");
    const out = quoteEachSpanOnce([a, c, b], [item], source);
    expect(spans(out)).toEqual([[0, TEXT.indexOf("licences end.") + "licences end.".length]]);
  });

  it("leaves apart spans of other documents or versions, adjacent spans, and claims of several citations", () => {
    const here = claim("Either party", "insolvency.");
    const elsewhere = claim("Either party", "insolvency.", "nda");
    const older = claim("(a) on", "notice;", "msa", "v0");
    const next = claim("8.2 Effect", "licences end.");
    const twice: AnswerClaim = {
      text: "two",
      citations: [...claim("(a) on", "notice;").citations, ...claim("8.3", "termination.").citations],
    };
    const claims = [here, elsewhere, older, next, twice];
    expect(quoteEachSpanOnce(claims, [item], source)).toEqual(claims);
  });

  it("keeps both when their union would leave the extract item (the verifier then decides each)", () => {
    const short = evidenceItem("msa", TEXT.slice(0, TEXT.indexOf(" 8.3")), { clauseRef: "Section 8" });
    const first = claim("Either party", "insolvency.");
    const reaching = claim("(b) at once", "Survival.");
    expect(quoteEachSpanOnce([first, reaching], [short], source)).toEqual([first, reaching]);
  });
});
