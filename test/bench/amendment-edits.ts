/**
 * docs/answers/amendments.md "Amending clauses read as edits": for every amendment (or restatement) of every
 * transaction set of a store, how many of its sentences look amending (a word such as "amended",
 * "deleted", "replaced", "inserted", "restated", "added") against how many edits the parser reads,
 * how many of those find their target document in the set, and how many their target provision.
 * A measurement tool, not product code: the counts are what the edit parser does on the store's texts.
 * Columns per amendment: set, amending, naming, edits, withDocument, resolved, placed, file (see `total`).
 * Run: pnpm exec tsx test/bench/amendment-edits.ts <catalog.sqlite> [--rows]
 */
import { createSqliteCatalog } from "@lexnav/catalog";
import { transactionSetEdits } from "@lexnav/ingest";

const AMENDING = /\b(?:amended|deleted|replaced|inserted|restated|added)\b/i;
/** An amending sentence that names a provision and is not "as amended from time to time" or "may be amended". */
const NAMING = /\b(?:Section|Article|Exhibit|Schedule|Annex|Appendix|Paragraph|Clause|definition)s?\b/i;
const NOT_OPERATIVE = /\b(?:as\s+(?:so\s+|further\s+)?amended|may\s+be\s+amended|from\s+time\s+to\s+time)\b/i;

/** Sentences, roughly: split at a full stop, semicolon or colon before white space, or at a blank line. */
function sentences(text: string): string[] {
  return text.split(/(?<=[.;:])\s+|\n\s*\n/).filter((s) => s.trim().length > 0);
}

async function main() {
  const path = process.argv[2];
  if (!path) throw new Error("usage: amendment-edits.ts <catalog.sqlite> [--rows]");
  const rows = process.argv.includes("--rows");
  const catalog = createSqliteCatalog(path);
  const documents = await catalog.listDocuments({ lifecycle: ["indexed"] });
  const setIds = [...new Set(documents.map((d) => d.transactionSetId).filter((s): s is string => s !== null))].sort();
  // amending: sentences with an amending word; naming: those that also name a provision and are not
  // "as amended"; edits: clauses parsed; withDocument: target document found in the set; resolved: target
  // provision found; placed: resolved, or an insertion into a found document (a new provision has no node)
  const total = {
    sets: 0,
    amendments: 0,
    amending: 0,
    naming: 0,
    edits: 0,
    withDocument: 0,
    resolved: 0,
    placed: 0,
    withEdits: 0,
  };
  for (const setId of setIds) {
    const { members, edits } = await transactionSetEdits(catalog, setId);
    const amendments = members.filter((m) => m.profile.role === "amendment" || m.profile.role === "restatement");
    if (amendments.length === 0) continue;
    total.sets++;
    for (const a of amendments) {
      const own = edits.filter((e) => e.amendmentDocumentId === a.documentId);
      const amendingSentences = sentences(a.text).filter((s) => AMENDING.test(s));
      const amending = amendingSentences.length;
      const naming = amendingSentences.filter((s) => NAMING.test(s) && !NOT_OPERATIVE.test(s)).length;
      const withDocument = own.filter((e) => e.targetDocumentId !== null).length;
      const resolved = own.filter((e) => e.targetNodeId !== null).length;
      const placed = own.filter(
        (e) => e.targetNodeId !== null || (e.kind === "insert" && e.targetDocumentId !== null),
      ).length;
      total.amendments++;
      total.amending += amending;
      total.naming += naming;
      total.placed += placed;
      total.edits += own.length;
      total.withDocument += withDocument;
      total.resolved += resolved;
      if (resolved > 0) total.withEdits++;
      if (rows) {
        const name = documents.find((d) => d.id === a.documentId)?.fileName ?? a.documentId;
        console.log(
          [
            setId.slice(0, 12),
            amending,
            naming,
            own.length,
            withDocument,
            resolved,
            placed,
            name.split("/").slice(-1)[0],
          ].join("\t"),
        );
      }
    }
  }
  console.log(JSON.stringify(total));
  await catalog.close?.();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
