import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { answerV1, documentV1, ingestV1, planV1, provisionV1, searchV1 } from "@lexnav/proto";
import { describe, expect, it } from "vitest";

// Round-trips through the wire format: catches a contract whose generated code no longer matches
// the runtime, and pins the behaviours the services rely on (optional presence, enums, nesting).
describe("proto contracts", () => {
  it("round-trips an ingest command with inline bytes and optional fields", () => {
    const content = new TextEncoder().encode("CREDIT AGREEMENT dated as of February 26, 1996");
    const cmd = create(ingestV1.IngestDocumentCommandSchema, {
      commandId: "cmd-1",
      source: "s3://bucket/credit-agreement.txt",
      content,
      fileName: "credit-agreement.txt",
      access: { principals: ["alice"], groups: ["deal-team"] },
    });
    const bytes = toBinary(ingestV1.IngestDocumentCommandSchema, cmd);
    const back = fromBinary(ingestV1.IngestDocumentCommandSchema, bytes);
    expect(back.commandId).toBe("cmd-1");
    expect(back.content).toEqual(content);
    expect(back.fileName).toBe("credit-agreement.txt");
    expect(back.access?.groups).toEqual(["deal-team"]);
    // proto3 optional keeps presence: unset stays undefined, not "".
    expect(back.transactionSetId).toBeUndefined();
  });

  it("round-trips a DocumentFailed event with its failure reason and timestamp", () => {
    const at = new Date("2026-01-02T03:04:05.678Z");
    const evt = create(ingestV1.DocumentFailedSchema, {
      commandId: "cmd-2",
      documentId: "doc-2",
      source: "broken.pdf",
      failure: { code: "encrypted", reason: "the PDF is password-protected; upload a decrypted copy" },
      occurredAt: timestampFromDate(at),
    });
    const back = fromBinary(ingestV1.DocumentFailedSchema, toBinary(ingestV1.DocumentFailedSchema, evt));
    expect(back.failure).toMatchObject({ code: "encrypted" });
    expect(back.version).toBeUndefined();
    expect(Number(back.occurredAt?.seconds)).toBe(Math.floor(at.getTime() / 1000));
    expect(back.occurredAt?.nanos).toBe(678_000_000);
  });

  it("round-trips a document record and a provision node with enums and nested messages", () => {
    const record = create(documentV1.DocumentRecordSchema, {
      id: "doc-3",
      source: "cuad/x.txt",
      fileName: "x.txt",
      contentType: "text/plain",
      lifecycle: documentV1.LifecycleState.INDEXED,
      role: documentV1.DocumentRole.AMENDMENT,
      currentVersion: "ab".repeat(32),
      effectiveDate: "1996-02-26",
      transactionSetId: "set-1",
    });
    const r = fromBinary(documentV1.DocumentRecordSchema, toBinary(documentV1.DocumentRecordSchema, record));
    expect(r.lifecycle).toBe(documentV1.LifecycleState.INDEXED);
    expect(r.role).toBe(documentV1.DocumentRole.AMENDMENT);
    expect(r.title).toBeUndefined();

    const node = create(provisionV1.ProvisionNodeSchema, {
      id: "n1",
      documentId: "doc-3",
      parentId: "root",
      kind: provisionV1.NodeKind.SECTION,
      clauseRef: "Section 7.02",
      fullRef: "7.02",
      headingPath: ["ARTICLE VII EVENTS OF DEFAULT"],
      start: 1200,
      end: 1800,
      flags: { hasMoney: true, textLength: 600 },
      xrefs: [
        {
          text: "Section 2.01",
          start: 1300,
          end: 1312,
          kind: provisionV1.CrossReferenceKind.SECTION,
          target: "section:2.01",
          status: provisionV1.CrossReferenceStatus.DANGLING,
        },
      ],
    });
    const n = fromBinary(provisionV1.ProvisionNodeSchema, toBinary(provisionV1.ProvisionNodeSchema, node));
    expect(n.kind).toBe(provisionV1.NodeKind.SECTION);
    expect(n.flags?.hasMoney).toBe(true);
    expect(n.flags?.isDefinition).toBe(false);
    expect(n.xrefs[0]?.status).toBe(provisionV1.CrossReferenceStatus.DANGLING);
    expect(n.xrefs[0]?.targetNodeId).toBeUndefined();
    expect(n.page).toBeUndefined();
  });

  it("round-trips search, plan and answer payloads", () => {
    const res = create(searchV1.SearchResponseSchema, {
      indexVersion: "iv-7",
      hits: [
        {
          documentId: "d",
          version: "v",
          nodeId: "n",
          start: 10,
          end: 90,
          score: 0.8,
          stageScores: [
            { stage: "lexical", score: 12.5, rank: 3 },
            { stage: "rerank", score: 0.8, rank: 1 },
          ],
        },
      ],
      trace: { mode: searchV1.SearchMode.HYBRID, stages: [{ stage: "lexical", attributes: { k1: "1.2" } }] },
    });
    const s = fromBinary(searchV1.SearchResponseSchema, toBinary(searchV1.SearchResponseSchema, res));
    expect(s.hits[0]?.stageScores.map((x) => x.stage)).toEqual(["lexical", "rerank"]);
    expect(s.trace?.stages[0]?.attributes).toEqual({ k1: "1.2" });

    const plan = create(planV1.PlanResponseSchema, {
      targets: [{ documentId: "d", nodeId: "n1", rationale: "definitions" }],
      ledger: { entries: [{ stage: "plan", model: "m", inputTokens: 900, outputTokens: 40 }], totalInputTokens: 900n },
    });
    const p = fromBinary(planV1.PlanResponseSchema, toBinary(planV1.PlanResponseSchema, plan));
    expect(p.targets[0]?.nodeId).toBe("n1");
    expect(p.ledger?.totalInputTokens).toBe(900n);

    const ans = create(answerV1.AskResponseSchema, {
      abstained: true,
      abstainReason: "the agreement does not address assignment",
      warnings: ['"the pledge agreement" may mean any of 3 documents you may read: ...'],
    });
    const a = fromBinary(answerV1.AskResponseSchema, toBinary(answerV1.AskResponseSchema, ans));
    expect(a.abstained).toBe(true);
    expect(a.citations).toEqual([]);
    expect(a.answer).toBe("");
    expect(a.warnings).toEqual(ans.warnings);
    expect(a.precedence).toEqual([]);
  });

  it("rejects bytes that are not a message of the schema", () => {
    // A truncated length-delimited field: the ingest consumer terminates such payloads.
    expect(() => fromBinary(ingestV1.IngestDocumentCommandSchema, new Uint8Array([0x12, 0x05, 0x61]))).toThrow();
  });
});
