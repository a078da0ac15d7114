import { create, toBinary } from "@bufbuild/protobuf";
import { ingestV1 } from "@lexnav/proto";

/**
 * A word no other generated document contains, and that no stemmer folds into another's: the number sits
 * inside it and it ends in letters no suffix rule strips.
 */
export function markerWord(i: number): string {
  return `zenq${i}wt`;
}

/** A small services agreement of its own, carrying `markerWord(i)` in a definition and a payment clause. */
export function stageAgreement(i: number): string {
  const m = markerWord(i);
  return [
    `MASTER SERVICES AGREEMENT NUMBER ${i}`,
    "",
    `This Master Services Agreement is made between Supplier ${i} Limited and Customer ${i} Inc.`,
    "",
    "1. DEFINITIONS",
    "",
    `1.1 "${m}" means the deliverables described in Schedule 1 to this Agreement.`,
    "",
    "2. PAYMENT",
    "",
    `2.1 The Customer shall pay the Supplier for the ${m} within thirty days of each invoice.`,
    "",
    "3. TERMINATION",
    "",
    "3.1 Either party may terminate this Agreement on ninety days' written notice to the other party.",
    "",
  ].join("\n");
}

/** An ingest command for generated agreement `i`, sent inline, readable by `groups`. */
export function stageIngestCommand(i: number, groups: string[]): Uint8Array {
  return toBinary(
    ingestV1.IngestDocumentCommandSchema,
    create(ingestV1.IngestDocumentCommandSchema, {
      commandId: `stage-ingest-${i}`,
      source: `upload://agreement-${i}.txt`,
      content: new TextEncoder().encode(stageAgreement(i)),
      access: { groups },
    }),
  );
}
