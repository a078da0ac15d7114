/**
 * docs/structure.md: for ten EDGAR agreements, sections listed in the table of contents vs found in
 * the body, definitions found, cross-references found and the share resolved.
 * Run: pnpm bench:structure [--markdown]
 */
import { readFileSync } from "node:fs";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { extractDocument } from "@lexnav/extract";
import { createStructurer } from "@lexnav/ingest";
import { corpusPath } from "../support/shared.ts";
import { STRUCTURE_REPORT_FILES } from "./structure-report-files.ts";

interface Row {
  file: string;
  title: string;
  role: string;
  pages: number;
  nodes: number;
  tocListed: number;
  tocFound: number;
  sections: number;
  definitions: number;
  xrefs: number;
  resolved: number;
  external: number;
  dangling: number;
  ms: number;
}

const pct = (a: number, b: number) => (b === 0 ? "-" : `${((100 * a) / b).toFixed(1)} %`);

async function main() {
  const structurer = createStructurer();
  const rows: Row[] = [];
  for (const file of STRUCTURE_REPORT_FILES) {
    const bytes = new Uint8Array(readFileSync(corpusPath("edgar", file)));
    const t0 = performance.now();
    const outcome = await extractDocument({ bytes, fileName: file, limits: DEFAULT_LIMITS });
    if (!outcome.ok) {
      console.error(`${file}: FAILED ${outcome.error.reason}`);
      continue;
    }
    const { structure, profile } = structurer.structure({ documentId: file, version: "v", extraction: outcome.value });
    const ms = performance.now() - t0;
    const xrefs = structure.nodes.flatMap((n) => n.xrefs);
    const internal = xrefs.filter((x) => x.status !== "external");
    rows.push({
      file,
      title: (profile.title ?? "").replace(/\s+/g, " ").slice(0, 48),
      role: profile.role,
      pages: outcome.value.pages.length,
      nodes: structure.nodes.length,
      tocListed: structure.toc.listedRefs.length,
      tocFound: structure.toc.foundRefs.length,
      sections: structure.nodes.filter((n) => n.kind === "section" || n.kind === "article").length,
      definitions: structure.nodes.filter((n) => n.flags.isDefinition).length,
      xrefs: xrefs.length,
      resolved: internal.filter((x) => x.status === "resolved").length,
      external: xrefs.length - internal.length,
      dangling: internal.filter((x) => x.status === "dangling").length,
      ms,
    });
  }
  const header =
    "| filing | title | role | pages | nodes | TOC listed | TOC found in body | articles+sections | definitions | xrefs | internal resolved | external | ms |";
  const lines = [
    header,
    `|${header
      .split("|")
      .slice(1, -1)
      .map(() => "---")
      .join("|")}|`,
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.file} | ${r.title} | ${r.role} | ${r.pages} | ${r.nodes} | ${r.tocListed} | ${r.tocFound} (${pct(r.tocFound, r.tocListed)}) | ${r.sections} | ${r.definitions} | ${r.xrefs} | ${r.resolved}/${r.resolved + r.dangling} (${pct(r.resolved, r.resolved + r.dangling)}) | ${r.external} | ${r.ms.toFixed(0)} |`,
    );
  }
  const sum = (k: keyof Row) => rows.reduce((s, r) => s + (r[k] as number), 0);
  lines.push(
    `| **all ${rows.length}** | | | ${sum("pages")} | ${sum("nodes")} | ${sum("tocListed")} | ${sum("tocFound")} (${pct(sum("tocFound"), sum("tocListed"))}) | ${sum("sections")} | ${sum("definitions")} | ${sum("xrefs")} | ${sum("resolved")}/${sum("resolved") + sum("dangling")} (${pct(sum("resolved"), sum("resolved") + sum("dangling"))}) | ${sum("external")} | ${sum("ms").toFixed(0)} |`,
  );
  console.log(lines.join("\n"));
}

await main();
