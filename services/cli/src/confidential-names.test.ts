import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, loadConfig } from "@lexnav/core";
import { startTelemetry, type Telemetry } from "@lexnav/telemetry";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliCaptured } from "./app.ts";

// Words that occur only in the file names, the documents' text and the questions asked.
const NAME_MARKERS = ["Zanzibar", "Quokka", "Marmoset"];
const TEXT_MARKERS = ["gorgonzola", "Wintermute", "heliotrope"];
const QUESTION = "What is the gorgonzola termination fee?";

describe("file names, titles and text never reach spans or logs", () => {
  const exporter = new InMemorySpanExporter();
  const lines: string[] = [];
  const logger = createLogger("debug", (l) => lines.push(l));
  let telemetry: Telemetry | null;
  let dir: string;
  beforeAll(() => {
    telemetry = startTelemetry("lexnav-test", { env: {}, processors: [new SimpleSpanProcessor(exporter)] });
    dir = mkdtempSync(join(tmpdir(), "lexnav-names-"));
  });
  afterAll(async () => {
    await telemetry?.shutdown();
    rmSync(dir, { recursive: true, force: true });
  });
  const run = (...argv: string[]) =>
    runCliCaptured([...argv, "--db", join(dir, "lexnav.sqlite")], loadConfig({}), logger);

  it("ingest (indexed and failed), search and ask leave ids and counts only", async () => {
    const folder = join(dir, "Marmoset Deal");
    mkdirSync(folder);
    writeFileSync(
      join(folder, "Zanzibar Quokka Merger Agreement.txt"),
      `WINTERMUTE MERGER AGREEMENT dated as of May 1, 2020.
Section 1. Termination Fee. The gorgonzola termination fee is $5,000,000, payable to Wintermute on termination.
Section 2. Notices. Notices go to Wintermute at the heliotrope office.`,
    );
    // a file that fails: its reason names the file, which the document's readers see and logs do not
    writeFileSync(join(folder, "Zanzibar Quokka Schedule.pdf"), "%PDF-1.7 gorgonzola heliotrope not a pdf");
    const ingested = await run("ingest", folder, "--acl", "group:local");
    expect(ingested.out).toContain("failed 1");
    expect((await run("search", "gorgonzola termination fee")).code).toBe(0);
    const asked = await run("ask", QUESTION, "--offline");
    expect(asked.code).toBe(0);
    expect(asked.out).toContain("gorgonzola"); // the reader sees the text; the telemetry does not

    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(expect.arrayContaining(["lexnav.ingest", "lexnav.search", "lexnav.ask"]));
    expect(lines.some((l) => l.includes('"document failed"'))).toBe(true);
    const recorded = JSON.stringify([
      spans.map((s) => ({ name: s.name, attributes: s.attributes, events: s.events, status: s.status })),
      lines,
    ]);
    for (const word of [...NAME_MARKERS, ...TEXT_MARKERS, QUESTION, dir])
      expect(recorded.toLowerCase()).not.toContain(word.toLowerCase());
  });
});
