/**
 * docs/navindex.md: token counts (cl100k_base) of the two navindex serialisations, for a real EDGAR
 * credit agreement and for a CUAD transaction set (base agreement + three amendments), beside the
 * tokens of the documents' full text and of full.json.
 * Run: pnpm exec tsx test/bench/navindex-size.ts
 */
import { readFileSync } from "node:fs";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { countTokens, type DocumentRecord, type Extraction } from "@lexnav/document-model";
import { extractDocument } from "@lexnav/extract";
import {
  buildNavIndex,
  buildProvisionStore,
  buildProvisionTree,
  compactNavIndexView,
  enrichStructure,
  linkTransactionSet,
  type NavIndexInput,
  parseNavIndexCompact,
  profileDocument,
  serializeNavIndex,
  serializeNavIndexCompact,
  type TransactionMember,
} from "@lexnav/provisions";
import { corpusPath } from "../support/shared.ts";

const EDGAR_CREDIT_AGREEMENT = "0000950134-96-000040_2.html";
const CUAD_SET = [1, 2, 3, 4].map(
  (n) => `BellringBrandsInc_20190920_S-1_EX-10.12_11817081_EX-10.12_Manufacturing Agreement${n}.txt`,
);

async function extract(path: string, fileName: string): Promise<Extraction> {
  const bytes = new Uint8Array(readFileSync(path));
  const outcome = await extractDocument({ bytes, fileName, limits: DEFAULT_LIMITS });
  if (!outcome.ok) throw new Error(`${fileName}: ${outcome.error.reason}`);
  return outcome.value;
}

function member(documentId: string, extraction: Extraction): TransactionMember {
  const tree = buildProvisionTree({ documentId, version: "v1", extraction });
  const profile = profileDocument(extraction.text, tree);
  const structure = enrichStructure(tree, extraction.text, { profile });
  return { documentId, profile, effectiveDate: profile.effectiveDate, structure, text: extraction.text };
}

function record(m: TransactionMember, fileName: string, setId: string | null): DocumentRecord {
  return {
    id: m.documentId,
    source: fileName,
    fileName,
    contentType: null,
    access: { principals: [], groups: [] },
    lifecycle: "indexed",
    failure: null,
    currentVersion: "v1",
    title: m.profile.title,
    role: m.profile.role,
    effectiveDate: m.profile.effectiveDate,
    transactionSetId: setId,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}

function row(label: string, docs: NavIndexInput[]): string {
  const index = buildNavIndex(docs);
  const pretty = serializeNavIndex(index);
  const compact = serializeNavIndexCompact(index);
  if (JSON.stringify(parseNavIndexCompact(compact)) !== JSON.stringify(compactNavIndexView(index)))
    throw new Error("compact form did not read back");
  const text = docs.reduce((s, d) => s + countTokens(d.text), 0);
  const nodes = docs.reduce((s, d) => s + d.structure.nodes.length, 0);
  const full = countTokens(JSON.stringify(buildProvisionStore(docs)));
  const p = countTokens(pretty);
  const c = countTokens(compact);
  const share = (n: number) => `${((100 * n) / text).toFixed(0)} %`;
  return `| ${label} | ${docs.length} | ${nodes} | ${text} | ${p} (${share(p)}) | ${c} (${share(c)}) | ${(p / c).toFixed(2)}× | ${full} |`;
}

async function main() {
  const credit = member(
    EDGAR_CREDIT_AGREEMENT,
    await extract(corpusPath("edgar", EDGAR_CREDIT_AGREEMENT), EDGAR_CREDIT_AGREEMENT),
  );
  const set = linkTransactionSet(
    await Promise.all(CUAD_SET.map(async (f) => member(`cuad/${f}`, await extract(corpusPath("cuad", f), f)))),
  );
  const lines = [
    "| input | documents | nodes | full text tokens | index.json tokens (share of text) | compact tokens (share of text) | index.json / compact | full.json tokens |",
    "|---|---|---|---|---|---|---|---|",
    row(`EDGAR credit agreement ${EDGAR_CREDIT_AGREEMENT}`, [
      { document: record(credit, EDGAR_CREDIT_AGREEMENT, null), structure: credit.structure, text: credit.text },
    ]),
    row(
      "CUAD set: Bellring manufacturing agreement + 3 amendments",
      set.map((m, i) => ({ document: record(m, CUAD_SET[i] ?? "", "bellring"), structure: m.structure, text: m.text })),
    ),
  ];
  console.log(lines.join("\n"));
}

await main();
