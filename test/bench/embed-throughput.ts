/**
 * docs/retrieval.md "Embedding cost": passage texts per second of the installed ONNX embedder under
 * several settings, on one fixed list of passage texts, each setting run in turn and then again in the
 * same order (the machine is shared: a setting is compared with the others of its own round), with the
 * load average before each run. Also prints each setting's mean cosine to the first setting's vectors,
 * so a faster setting that changes the vectors shows it.
 * Run: pnpm bench:embed <texts.json> [limit] [call size]    (a JSON array of passage texts, e.g. heading + "\n" + body;
 * with a call size, the texts are embedded in calls of that many, as the index build calls it per document)
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { loadConfig } from "@lexnav/core";
import { loadOnnxEmbedder, type OnnxEmbedderOptions } from "@lexnav/retrieval";

const [file, limitArg, callArg] = process.argv.slice(2);
if (!file) throw new Error("usage: pnpm bench:embed <texts.json> [limit] [call size]");
const texts = (JSON.parse(readFileSync(file, "utf8")) as string[]).slice(0, Number(limitArg ?? Infinity));
const callSize = Math.max(1, Number(callArg ?? texts.length));
const dir = loadConfig(process.env).embedderModelDir;
if (!dir || dir === "builtin") throw new Error("no pretrained embedder is installed (bash scripts/setup.sh)");

const settings: Array<[string, OnnxEmbedderOptions]> = JSON.parse(
  process.env.LEXNAV_BENCH_EMBED_SETTINGS ??
    JSON.stringify([
      ["on the main thread, 2 intra-op threads", { workers: 0 }],
      ["default (1 worker, 2 intra-op threads)", {}],
      ["2 workers, 1 intra-op thread each", { workers: 2, threads: 1 }],
    ]),
);
const reference: Float32Array[] = [];
console.log(
  `# ${texts.length} texts in calls of ${Math.min(callSize, texts.length)}, mean ${Math.round(texts.reduce((s, t) => s + t.length, 0) / texts.length)} chars`,
);
console.log(
  "| round | setting | texts/s | seconds | CPU seconds | load (1 min) | cosine to the first setting: mean / least |",
);
console.log("|---|---|---|---|---|---|---|");
for (const round of [1, 2]) {
  for (const [name, options] of settings) {
    const embedder = await loadOnnxEmbedder(dir, options);
    const load = loadavg()[0] ?? 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const vectors: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += callSize) {
      vectors.push(...(await embedder.embed(texts.slice(i, i + callSize), "passage")));
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    if (reference.length === 0) reference.push(...vectors);
    let cos = 0;
    let least = 1;
    vectors.forEach((v, i) => {
      const r = reference[i] as Float32Array;
      let dot = 0;
      for (let c = 0; c < v.length; c++) dot += (v[c] as number) * (r[c] as number);
      cos += dot;
      least = Math.min(least, dot);
    });
    console.log(
      `| ${round} | ${name} | ${(texts.length / seconds).toFixed(1)} | ${seconds.toFixed(1)} | ${((cpu.user + cpu.system) / 1e6).toFixed(1)} | ${load.toFixed(2)} | ${(cos / texts.length).toFixed(6)} / ${least.toFixed(6)} |`,
    );
  }
}
