import { describe, expect, it } from "vitest";
import { BUILTIN_DECISION_MODEL_PATH, loadDecisionModel } from "../adapters/decision-model-file.ts";
import { answerFromEvidence } from "./offline-answerer.ts";
import { quoteScope } from "./quote-scope.ts";
import { clauseItem } from "./test-support.ts";

// Three deals of one kind: each ends a licence on termination, in its own words. Only Acme's says
// "the license granted under section 3"; Zenith's names another section; Globex's has no such clause.
const ACME = `MASTER SERVICES AGREEMENT
Section 3 License. Acme grants the Customer a limited, non-exclusive, revocable license to use the Platform to serve its inventory.
Section 9 Termination. Upon termination (i) all fees become due, (ii) the license granted under
section 3 shall be revoked, and (iii) the Customer will cease use of the Platform.`;
const ZENITH = `COLLABORATION AGREEMENT
Section 10.3 License. Zenith grants the Partner a license to the Zenith Patents.
Section 12 Effects of Termination. Upon termination the license granted under Section 10.3 shall terminate and the license granted on termination is revoked at once.`;
const GLOBEX = `SUPPLY AGREEMENT
Section 2 Term. This Agreement runs for three years, and the license granted under section 3 of the Prior Agreement ends.`;
const texts: Record<string, string> = { acme: ACME, zenith: ZENITH, globex: GLOBEX };
const source = (d: string) => texts[d] ?? null;

const LABELS: Record<string, string> = {
  acme: "Master Services Agreement",
  zenith: "Collaboration Agreement",
  globex: "Supply Agreement",
};
const item = (documentId: string, from: string, to: string, set: string | null, clauseRef: string) =>
  clauseItem(documentId, texts[documentId] as string, from, to, set, clauseRef, {
    docLabel: LABELS[documentId] as string,
  });

const acmeLicense = item("acme", "Section 3 License.", "inventory.", "set-acme", "Section 3");
const acmeTermination = item("acme", "Section 9", "Platform.", "set-acme", "Section 9");
const zenithTermination = item("zenith", "Section 12", "at once.", "set-zenith", "Section 12");
const zenithLicense = item("zenith", "Section 10.3", "Patents.", "set-zenith", "Section 10.3");
const globexTerm = item("globex", "Section 2", "ends.", null, "Section 2");

describe("the deal a question's quotation names", () => {
  const q = "On termination 'the license granted under section 3' is revoked — what license is that?";

  it("keeps the deals whose text holds the quotation verbatim (across a line break), not the others", () => {
    const scope = quoteScope(q, [zenithTermination, zenithLicense, acmeTermination, acmeLicense], source);
    expect([...(scope?.documents ?? [])].sort()).toEqual(["acme"]);
    expect(scope?.parties).toEqual(["“the license granted under section 3”"]);
  });

  it("rules nothing out when the question quotes nothing, no deal holds the words, or every deal does", () => {
    expect(
      quoteScope("What license is revoked on termination?", [zenithTermination, acmeTermination], source),
    ).toBeNull();
    expect(
      quoteScope("Is 'the licence granted hereunder' revoked?", [zenithTermination, acmeTermination], source),
    ).toBeNull();
    expect(quoteScope(q, [acmeTermination, acmeLicense], source)).toBeNull();
  });

  it("stands aside when more deals hold the words than a quotation can single out", () => {
    const q2 = "Is 'the license granted' revoked on termination?";
    const many = [zenithTermination, acmeTermination, globexTerm];
    expect(quoteScope(q2, many, source)).toBeNull();
    // two of three deals: the third is ruled out
    const two = quoteScope(q, many, source);
    expect([...(two?.documents ?? [])].sort()).toEqual(["acme", "globex"]);
  });

  it("reads only the retrieved passages' documents, not one a definition or reference brought in", () => {
    const linked = { ...acmeTermination, linkedBy: "cross-reference" as const };
    expect(quoteScope(q, [zenithTermination, linked], source)).toBeNull();
  });
});

describe("answering a question that quotes its contract", () => {
  const byEvidence = { decision: loadDecisionModel(BUILTIN_DECISION_MODEL_PATH) };

  it("never cites another deal's clause that matches the question's words", async () => {
    const a = await answerFromEvidence(
      "On termination 'the license granted under section 3' is revoked — what license is that?",
      [zenithTermination, zenithLicense, acmeTermination, acmeLicense],
      source,
      byEvidence,
    );
    const docs = a.claims.flatMap((c) => c.citations.map((x) => x.documentId));
    expect(docs).not.toContain("zenith");
  });
});
