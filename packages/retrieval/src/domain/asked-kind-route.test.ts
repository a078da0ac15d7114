import { describe, expect, it } from "vitest";
import { cardSearcher } from "../../../../test/support/card-searcher.ts";

const READER = { id: "reader", groups: ["g"] };

/**
 * Three documents of three deals that say "DSP": an alliance agreement full of it (a product), a license that
 * says it once, and an NDA that names DSP only where it is signed; the NDA readable or not.
 */
function dspSearcher(ndaGroups: string[]) {
  const doc = (title: string, body: string, groups = ["g"]) => ({
    name: title,
    card: `${title} ${body}`,
    body,
    groups,
    record: { title, ownNames: [title] },
  });
  return cardSearcher({
    alliance: doc(
      "Strategic Alliance Agreement",
      "DSP platforms and DSP technology products. The NDA between the parties stays in force. DSP chips.",
    ),
    license: doc("Software License Agreement", "The licensee may port the software to a DSP."),
    nda: doc(
      "Corporate Non-Disclosure Agreement",
      "Either party may terminate this Agreement on notice. PARTICIPANT: DSP Communications",
      ndaGroups,
    ),
  });
}

describe("a name in many deals, narrowed by the kind asked, through the searcher", () => {
  const query = "Can DSP walk away from the NDA?";

  it("routes to the one document of the kind asked, read from the documents' records", async () => {
    const r = await (await dspSearcher(["g"])).route({ query, principal: READER });
    expect(r.documents.map((d) => d.documentId)).toEqual(["nda"]);
  });

  it("never routes to an NDA the asker may not read", async () => {
    const r = await (await dspSearcher(["deal-team"])).route({ query, principal: READER });
    expect(r.documents.map((d) => d.documentId)).not.toContain("nda");
  });
});
