import { openSqliteDatabase } from "@lexnav/catalog";
import { describe, expect, it } from "vitest";
import { createSqliteLexicalIndex } from "../adapters/sqlite-lexical-index.ts";
import type { Passage } from "./passages.ts";
import { createSearcher } from "./search.ts";

const READER = { id: "reader", groups: ["g"] };
const OPEN = { principals: [], groups: ["g"] };
const RESTRICTED = { principals: [], groups: ["deal-team"] };

/**
 * Three documents of three deals that say "DSP": an alliance agreement full of it (a product), a license that
 * says it once, and an NDA that names DSP only where it is signed; the NDA readable or not.
 */
async function dspSearcher(ndaAccess: typeof OPEN) {
  const lexical = createSqliteLexicalIndex(openSqliteDatabase(":memory:"));
  const v = await lexical.createVersion();
  await lexical.activate(v);
  const passage = (documentId: string, body: string): Passage => ({
    id: `${documentId}-p0`,
    documentId,
    version: "v1",
    nodeId: `${documentId}-n0`,
    start: 0,
    end: body.length,
    heading: "",
    clauseRef: "",
    terms: "",
    body,
  });
  const docs = {
    alliance: {
      title: "Strategic Alliance Agreement",
      body: "DSP platforms and DSP technology products. The NDA between the parties stays in force. DSP chips.",
      access: OPEN,
    },
    license: {
      title: "Software License Agreement",
      body: "The licensee may port the software to a DSP.",
      access: OPEN,
    },
    nda: {
      title: "Corporate Non-Disclosure Agreement",
      body: "Either party may terminate this Agreement on notice. PARTICIPANT: DSP Communications",
      access: ndaAccess,
    },
  };
  for (const [id, d] of Object.entries(docs))
    await lexical.putDocument(v, id, d.access, [passage(id, d.body)], { text: `${d.title} ${d.body}`, name: id });
  const document = (id: string) => {
    const d = docs[id as keyof typeof docs];
    return d
      ? {
          id,
          title: d.title,
          fileName: `${id}.txt`,
          role: "base_agreement" as const,
          effectiveDate: null,
          transactionSetId: null,
          access: d.access,
          lifecycle: "indexed" as const,
          facts: {
            parties: [],
            definedParties: [],
            amendsAgreement: null,
            amendedShortName: null,
            ownNames: [d.title],
          },
        }
      : null;
  };
  return createSearcher({ lexical, document });
}

describe("a name in many deals, narrowed by the kind asked, through the searcher", () => {
  const query = "Can DSP walk away from the NDA?";

  it("routes to the one document of the kind asked, read from the documents' records", async () => {
    const r = await (await dspSearcher(OPEN)).route({ query, principal: READER });
    expect(r.documents.map((d) => d.documentId)).toEqual(["nda"]);
  });

  it("never routes to an NDA the asker may not read", async () => {
    const r = await (await dspSearcher(RESTRICTED)).route({ query, principal: READER });
    expect(r.documents.map((d) => d.documentId)).not.toContain("nda");
  });
});
