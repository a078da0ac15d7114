import type { PageAnchor, QualityReport } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { assessQuality, type QualityInput } from "./quality.ts";

const PDF = "application/pdf" as const;
const HTML = "text/html" as const;

/** Joins page texts with blank lines and anchors each page. */
function paged(pageTexts: string[]): { text: string; pages: PageAnchor[] } {
  let text = "";
  const pages: PageAnchor[] = [];
  pageTexts.forEach((t, i) => {
    const start = text.length;
    text += i < pageTexts.length - 1 ? `${t}\n\n` : t;
    pages.push({ page: i + 1, start, end: text.length });
  });
  return { text, pages };
}

const body = (n: number) =>
  `Section ${n}. The Borrower shall repay each Loan on the Maturity Date together with accrued interest thereon, and the Lenders may apply any payment received to the Obligations in the order set out in this Agreement. `.repeat(
    3,
  );

function assess(input: Partial<QualityInput> & { text: string; pages: PageAnchor[] }): QualityReport {
  return assessQuality({ contentType: PDF, ...input });
}

const issue = (r: QualityReport, code: string) => r.issues.find((i) => i.code === code);

describe("assessQuality", () => {
  it("passes a clean multi-page document", () => {
    const r = assess(paged([body(1), body(2), body(3), body(4)]));
    expect(r).toMatchObject({ status: "ok", issues: [], pageCount: 4 });
  });

  it("fails a document with no text: no text layer (scanned?) for a PDF", () => {
    const r = assess(paged(["", " \n ", ""]));
    expect(r.status).toBe("failed");
    expect(issue(r, "low_text")).toMatchObject({ severity: "fatal", message: "no text layer (scanned?)" });
    expect(assessQuality({ text: "", pages: [], contentType: HTML }).issues[0]?.message).toBe("no text");
  });

  it("degrades a PDF with a few characters per page (partly scanned)", () => {
    const r = assess(paged(["Exhibit 10.1", "", "", ""]));
    expect(issue(r, "low_text")?.severity).toBe("degraded");
    expect(r.status).toBe("degraded");
  });

  it("notes a few empty pages, degrades many", () => {
    const few = assess(paged([body(1), body(2), "", body(4), body(5), body(6)]));
    expect(issue(few, "empty_page")).toMatchObject({ severity: "info", pages: [3] });
    expect(few.status).toBe("ok");
    const near = assess(paged([body(1), "- 2 -", body(3), body(4), body(5), body(6)]));
    expect(issue(near, "near_empty_page")).toMatchObject({ severity: "info", pages: [2] });
    const many = assess(paged([body(1), "", body(3), "", body(5), ""]));
    expect(issue(many, "empty_page")).toMatchObject({ severity: "degraded", pages: [2, 4, 6] });
    expect(many.status).toBe("degraded");
    // the same thin pages in HTML are the document's own, not lost text
    expect(assess({ ...paged([body(1), "", body(3), "", body(5), ""]), contentType: HTML }).status).toBe("ok");
  });

  it("finds an abrupt loss of text over a run of pages after normal ones", () => {
    const pages = [body(1), body(2), body(3), body(4), "a few words", "xx", "yy", "zz", body(9)];
    const r = assess(paged(pages));
    expect(issue(r, "text_loss")).toMatchObject({ severity: "degraded", pages: [5, 6, 7, 8] });
    // two thin pages are not a run; a thin cover before any normal page is not a loss
    expect(issue(assess(paged([body(1), body(2), "xx", "yy", body(5), body(6)])), "text_loss")).toBeUndefined();
    expect(issue(assess(paged(["a", "b", "c", body(4), body(5), body(6)])), "text_loss")).toBeUndefined();
  });

  it("reports furniture as repeated header and footer issues (info), and leaves it out of page text counts", () => {
    const header = "ACME CONFIDENTIAL";
    const { text, pages } = paged([1, 2, 3].map((n) => `${header}\n\n${body(n)}\n\n${n}`));
    const furniture = pages.flatMap((p) => {
      const pageText = text.slice(p.start, p.end);
      const num = String(p.page);
      const at = p.start + pageText.lastIndexOf(num);
      return [
        { start: p.start, end: p.start + header.length, kind: "header" as const },
        { start: at, end: at + num.length, kind: "page_number" as const },
      ];
    });
    const r = assess({ text, pages, furniture });
    expect(issue(r, "repeated_header")).toMatchObject({ severity: "info", pages: [1, 2, 3] });
    expect(issue(r, "repeated_footer")).toMatchObject({ severity: "info", pages: [1, 2, 3] });
    expect(r.status).toBe("ok");
    // a page of nothing but furniture is empty
    const only = paged([body(1), header, body(3), body(4), body(5), body(6)]);
    const start = only.pages[1]?.start ?? 0;
    const r2 = assess({ ...only, furniture: [{ start, end: start + header.length, kind: "header" }] });
    expect(issue(r2, "empty_page")?.pages).toEqual([2]);
  });

  it("flags mojibake: UTF-8 read as Windows-1252 and replacement characters", () => {
    const clean = assess(paged([`${body(1)} São Paulo, AÉREAS, “quoted” – café`]));
    expect(issue(clean, "mojibake")).toBeUndefined();
    const one = assess(paged([`${body(1)} the Borrowerâ€™s obligations`]));
    expect(issue(one, "mojibake")?.severity).toBe("info");
    const many = assess(paged([`${body(1)} Borrowerâ€™s cafÃ© â€œquotedâ€\u009d Â  \ufffd\ufffd`]));
    expect(issue(many, "mojibake")?.severity).toBe("degraded");
    expect(many.status).toBe("degraded");
  });

  it("flags broken ligatures: presentation-form glyphs, lost fi/fl/ff and private-use glyphs", () => {
    expect(issue(assess(paged([`${body(1)} financial officer affiliate`])), "broken_ligature")).toBeUndefined();
    const glyph = assess(paged([`${body(1)} the \ufb01nancial statements`]));
    expect(issue(glyph, "broken_ligature")?.severity).toBe("info");
    const lost = assess(paged([`${body(1)} as de ned herein, o cer, a liate, signi cant, e ective, con dential`]));
    expect(issue(lost, "broken_ligature")?.severity).toBe("degraded");
    const checkbox = assess(paged([`${body(1)} \uf06f Yes \uf06f No`]));
    expect(issue(checkbox, "broken_ligature")?.severity).toBe("info");
    const garbage = assess(paged([`${body(1)} ${"\ue001\ue002\ue003 ".repeat(40)}`]));
    expect(issue(garbage, "broken_ligature")?.severity).toBe("degraded");
  });
});
