/**
 * Parsers against hostile and oversized files: each case is generated here, written to a temporary
 * file and parsed by `extractDocument` (then `buildProvisionTree` when it parses) in a child process
 * of its own, so that the peak resident memory printed is that file's alone.
 *
 *   pnpm exec tsx test/bench/hostile-parsers.ts            (an argument filters case names)
 *
 * Prints one row per case: outcome (block count, or failure code and reason), parse time and peak
 * RSS of the child (Node's baseline included). It asserts nothing; the unit tests beside each parser
 * assert the outcomes.
 */
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { extractDocument } from "@lexnav/extract";
import { buildProvisionTree } from "@lexnav/provisions";
import { buildZip } from "../fixtures/bad-input.ts";

interface Case {
  name: string;
  fileName: string;
  make: () => Uint8Array | string;
}

const para = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

/** A minimal DOCX around `body` (WordprocessingML inside <w:body>). */
function docx(body: string): Uint8Array {
  const enc = new TextEncoder();
  const xml = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`;
  return buildZip([
    {
      name: "[Content_Types].xml",
      data: enc.encode(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: "_rels/.rels",
      data: enc.encode(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    { name: "word/document.xml", data: enc.encode(xml) },
  ]);
}

/** A one-page PDF whose content stream, padded with spaces to `bytes`, is Flate-compressed. */
function inflatingPdf(bytes: number): Uint8Array {
  const content = Buffer.alloc(bytes, " ");
  content.write("BT /F1 12 Tf 72 720 Td (Clause text.) Tj ET\n");
  const stream = deflateSync(content);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    null,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n")];
  const offsets: number[] = [];
  let length = 9;
  const add = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  objects.forEach((o, i) => {
    offsets.push(length);
    if (o === null) {
      add(Buffer.from(`${i + 1} 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`));
      add(stream);
      add(Buffer.from("\nendstream\nendobj\n"));
    } else add(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`));
  });
  const rows = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  add(
    Buffer.from(
      `xref\n0 6\n0000000000 65535 f \n${rows}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

const CASES: Case[] = [
  {
    name: "html: 70,000 flat paragraphs",
    fileName: "flat.html",
    make: () =>
      `<html><body>${Array.from({ length: 70_000 }, (_, i) => `<p>Clause ${i + 1} binds the parties.</p>`).join("\n")}</body></html>`,
  },
  {
    name: "html: <pre> filing of 150,000 lines",
    fileName: "pre.html",
    make: () => {
      const lines: string[] = [];
      for (let page = 1; page <= 3_000; page++) {
        lines.push(`<PAGE>   ${page}`, `SECTION ${page}.  TERMS OF PAGE ${page}`);
        for (let p = 1; p <= 6; p++) {
          lines.push("");
          for (let l = 1; l <= 7; l++) lines.push(`     Line ${l} of paragraph ${p} on page ${page}.`);
        }
      }
      return `<html><body><pre>\n${lines.join("\n")}\n</pre></body></html>`;
    },
  },
  {
    name: "html: 100,000 nested divs",
    fileName: "nested.html",
    make: () => `<html><body>${"<div>".repeat(100_000)}deep${"</div>".repeat(100_000)}</body></html>`,
  },
  {
    name: "txt: 40,000 sections",
    fileName: "sections.txt",
    make: () => {
      const lines = ["MASTER SERVICES AGREEMENT", "", "This Agreement is made between Alpha Corp and Beta LLC."];
      for (let i = 1; i <= 40_000; i++)
        lines.push("", `Section ${i}. Obligation ${i}.`, "", `The Supplier performs duty ${i}.`);
      return lines.join("\r");
    },
  },
  { name: "txt: one line of 20 MB", fileName: "one-line.txt", make: () => "word ".repeat(4_000_000) },
  {
    name: "docx: document.xml of 200 MB",
    fileName: "inflating.docx",
    make: () => {
      const paras: string[] = [];
      let n = 0;
      for (let i = 0; n < 200_954_151; i++) {
        const p = para(`Clause ${i} binds the Supplier.`);
        paras.push(p);
        n += p.length;
      }
      return docx(paras.join(""));
    },
  },
  {
    name: "docx: 130,000 paragraphs (390,000 elements)",
    fileName: "long.docx",
    make: () =>
      docx(
        Array.from({ length: 130_000 }, (_, i) => para(`Clause ${i} binds the Supplier to duty ${i * 7919}.`)).join(""),
      ),
  },
  {
    name: "pdf: content stream of 200 MB (Flate)",
    fileName: "inflating.pdf",
    make: () => inflatingPdf(200 * 1024 * 1024),
  },
];

async function child(path: string, fileName: string): Promise<void> {
  const bytes = readFileSync(path);
  const started = performance.now();
  const out = await extractDocument({ bytes, fileName, limits: DEFAULT_LIMITS });
  let outcome: string;
  if (out.ok) {
    const tree = buildProvisionTree(
      { documentId: "bench", version: "v1", extraction: out.value },
      { countTokens: (s: string) => Math.ceil(s.length / 4) },
    );
    outcome = `ok: ${out.value.blocks.length} blocks, ${tree.nodes.length} nodes`;
  } else outcome = `${out.error.code}: ${out.error.reason}`;
  const ms = performance.now() - started;
  process.send?.({ outcome, ms, peakMb: process.resourceUsage().maxRSS / 1024, bytes: bytes.length });
}

async function main(): Promise<void> {
  const filter = process.argv[2] ?? "";
  const dir = mkdtempSync(join(tmpdir(), "lexnav-hostile-"));
  try {
    console.log("| case | file size | outcome | parse ms | peak RSS MB |");
    console.log("|---|---:|---|---:|---:|");
    for (const c of CASES.filter((x) => x.name.includes(filter))) {
      const path = join(dir, c.fileName);
      writeFileSync(path, c.make());
      const result = await new Promise<{ outcome: string; ms: number; peakMb: number; bytes: number }>((res, rej) => {
        const p = fork(import.meta.filename, ["--child", path, c.fileName], { execArgv: process.execArgv });
        p.once("message", (m) => res(m as { outcome: string; ms: number; peakMb: number; bytes: number }));
        p.once("exit", (code) => (code === 0 ? undefined : rej(new Error(`${c.name}: child exited with ${code}`))));
      });
      rmSync(path);
      const size = `${(result.bytes / 1024 / 1024).toFixed(2)} MB`;
      console.log(
        `| ${c.name} | ${size} | ${result.outcome.replace(/\|/g, "\\|")} | ${Math.round(result.ms)} | ${Math.round(result.peakMb)} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--child") await child(process.argv[3] as string, process.argv[4] as string);
else await main();
