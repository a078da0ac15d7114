/**
 * How long the amendment-edit parser takes on long hostile texts: the generated agreements the
 * distributed tests ingest, long runs of capitalised words, quotes, references, whitespace and newlines,
 * and texts dense with amending clauses. Prints one line per shape; a figure, not a test.
 *
 * Run: pnpm exec tsx test/bench/amendment-parser-hostile.ts [bytes, default 1 MiB] [shape]
 */
import { parseOperativeClauses } from "@lexnav/provisions";
import { stageAgreement } from "../support/stage-corpus.ts";

const size = Number(process.argv[2] ?? 1 << 20);
const only = process.argv[3];
if (!Number.isInteger(size) || size <= 0) throw new Error("usage: amendment-parser-hostile.ts [bytes] [shape]");
const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

const shapes: Record<string, string> = {
  generated: fill(Array.from({ length: 50 }, (_, i) => stageAgreement(i)).join("\n")),
  capitalised: fill("Alpha Beta Gamma Delta "),
  capsHeading: fill("SECTION ALPHA BETA GAMMA "),
  quotes: fill('by deleting "a" and "b" "c" '),
  quoteOpen: `by deleting the words "${fill("x ")}`,
  sections: fill("Section 1 Section 2 "),
  sectionDots: fill("Section 2. A. and B. "),
  parts: fill("Section 4, Part C and D, "),
  noVerb: fill("the party shall pay the other party the amount within thirty days "),
  refChars: `Section ${fill("1.")}`,
  refParens: `Section 1${fill("(a) ")}`,
  definition: fill('the definition of "X" set forth in Section 1 '),
  amendQuoted: fill('Section 1 is amended by deleting "a" and inserting "b". '),
  amendBare: fill("Section 1 is amended. "),
  replacePart: fill("The first sentence of Section 3.2 is deleted and replaced with the following: x. "),
  inStead: fill(
    "Section 2. A. and B. is deleted in its entirety and the following language is inserted in its stead: ",
  ),
  quotedThenSpaces: `Section 1 is amended by deleting "a"${fill(" ")}x`,
  refThenSpaces: `Section 1${fill(" ")}of`,
  newSectionThenSpaces: `new section${fill(" ")}Section 1 is added`,
  insertThenNewlines: `A new Section 9 is added: Audit.${fill("\n")}x`,
};

for (const [name, text] of Object.entries(shapes)) {
  if (only !== undefined && name !== only) continue;
  const t0 = performance.now();
  const n = parseOperativeClauses(text).length;
  const ms = performance.now() - t0;
  console.log(
    `${name.padEnd(22)} ${(text.length / 1024).toFixed(0).padStart(5)} KiB ${ms.toFixed(0).padStart(6)} ms ${n} clauses`,
  );
}
