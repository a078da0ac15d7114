import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_LIMITS as limits } from "@lexnav/core";
import { extractDocument } from "@lexnav/extract";
import { describe, expect, it } from "vitest";
import { enrichStructure } from "../enrichment/enrich-structure.ts";
import { buildProvisionTree } from "../structure/build-provision-tree.ts";
import { PROFILE_READER, profileDocument } from "./profile-document.ts";

const corpus = join(process.env.LEXNAV_SHARED_DIR ?? join(import.meta.dirname, "../../../../../shared"), "corpus");

/**
 * The reader and the digest of the profiles it reads from the sample below. A change of either alone
 * fails the test: a reader whose profiles changed must be given a new `PROFILE_READER`, or stores would
 * keep an older reading of their documents and never say so (`lexnav status`, `lexnav index profiles`).
 */
const PINNED = {
  reader: "profile-2026-12-07.1",
  digest: "da6f091f542fab8a79e598bee2ff49d0949a458423f305ddb668e68a536e61ec",
};

/** Every fourth file of each data set of the corpus, by name: about 220 documents of every kind. */
function sample(): string[] {
  const out: string[] = [];
  for (const dataset of ["contractnli", "cuad", "cuad-pdf", "edgar"]) {
    const files = readdirSync(join(corpus, dataset), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort();
    out.push(...files.filter((_, i) => i % 4 === 0));
  }
  return out;
}

describe("the profile reader's version", () => {
  it("changes whenever the profiles it reads from real documents change", async () => {
    const hash = createHash("sha256");
    const files = sample();
    expect(files.length).toBeGreaterThan(200);
    for (const path of files) {
      const extraction = await extractDocument({ bytes: readFileSync(path), fileName: path, limits });
      if (!extraction.ok) {
        hash.update(`${path.slice(corpus.length)}\u0000failed\u0000`);
        continue;
      }
      const tree = buildProvisionTree({ documentId: "d", version: "v", extraction: extraction.value });
      const profile = profileDocument(extraction.value.text, enrichStructure(tree, extraction.value.text));
      hash.update(`${path.slice(corpus.length)}\u0000${JSON.stringify(profile)}\u0000`);
    }
    const digest = hash.digest("hex");
    const advice =
      digest !== PINNED.digest && PROFILE_READER === PINNED.reader
        ? `the profiles read from the sample changed (digest ${digest}): give PROFILE_READER a new value, then pin both here`
        : `pin PROFILE_READER "${PROFILE_READER}" and digest ${digest} here`;
    expect({ reader: PROFILE_READER, digest }, advice).toEqual(PINNED);
  }, 300_000);
});
