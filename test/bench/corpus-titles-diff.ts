/**
 * Compares two dumps of `corpus-titles.ts` (taken at two commits): how many documents change title,
 * role (with each transition counted) and provision tree (node kinds and spans), with a sample of each.
 * Run: pnpm exec tsx test/bench/corpus-titles-diff.ts <before.json> <after.json> [--sample N] [--all]
 */
import { readFileSync } from "node:fs";

interface Entry {
  title?: string | null;
  role?: string;
  nodes?: Array<string | null>;
  tree?: string[];
  error?: string;
}

const [beforePath, afterPath] = process.argv.slice(2).filter((a) => !a.startsWith("--") && !/^\d+$/.test(a));
if (!beforePath || !afterPath) {
  throw new Error("usage: tsx test/bench/corpus-titles-diff.ts <before.json> <after.json> [--sample N] [--all]");
}
const sampleAt = process.argv.indexOf("--sample");
const sample = process.argv.includes("--all") ? Number.POSITIVE_INFINITY : Number(process.argv[sampleAt + 1] ?? 10);
const before = JSON.parse(readFileSync(beforePath, "utf8")) as Record<string, Entry>;
const after = JSON.parse(readFileSync(afterPath, "utf8")) as Record<string, Entry>;

const titles: string[] = [];
const roles: string[] = [];
const transitions = new Map<string, number>();
const trees: string[] = [];
const trees0 = new Map<string, number>();
let compared = 0;
for (const [file, a] of Object.entries(after)) {
  const b = before[file];
  if (b === undefined || b.error !== undefined || a.error !== undefined) continue;
  compared++;
  if (b.title !== a.title) titles.push(`${file}\n    ${JSON.stringify(b.title)}\n  → ${JSON.stringify(a.title)}`);
  if (b.role !== a.role) {
    const key = `${b.role} → ${a.role}`;
    transitions.set(key, (transitions.get(key) ?? 0) + 1);
    roles.push(`${file}: ${key} (title ${JSON.stringify(a.title)})`);
  }
  const bt = b.tree ?? [];
  const at = a.tree ?? [];
  if (bt.join("|") !== at.join("|")) {
    const gone = bt.filter((n) => !at.includes(n));
    const added = at.filter((n) => !bt.includes(n));
    for (const n of added) {
      const kind = n.slice(0, n.indexOf(":"));
      trees0.set(kind, (trees0.get(kind) ?? 0) + 1);
    }
    trees.push(`${file}: ${gone.length} nodes gone, ${added.length} new (${added.slice(0, 4).join(", ")})`);
  }
}

const show = (label: string, rows: string[]) => {
  console.log(`\n${label}: ${rows.length} documents`);
  for (const r of rows.slice(0, sample)) console.log(`  ${r}`);
  if (rows.length > sample) console.log(`  … ${rows.length - sample} more`);
};
console.log(`${compared} documents compared`);
show("title changed", titles);
show("role changed", roles);
for (const [k, v] of [...transitions].sort((x, y) => y[1] - x[1])) console.log(`    ${k}: ${v}`);
show("tree changed", trees);
if (trees0.size > 0) console.log(`    new nodes by kind: ${[...trees0].map(([k, v]) => `${k}=${v}`).join(" ")}`);
