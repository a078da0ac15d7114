/**
 * The generalisation rule (issue #15): no code path keys on a benchmark question's wording. A string,
 * template or regular-expression literal in the product (`packages/`, `services/`, test files aside)
 * that shares five or more consecutive words with a question of the shared benches fails this test.
 * Rules written for the field (legal vocabulary, clause words) share shorter runs; a run of five is a
 * question's own phrasing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoRoot, sharedDir } from "../support/shared.ts";

/** Consecutive words shared with a benchmark question that make a literal key on its wording. */
const RUN = 5;

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Every run of `RUN` consecutive words of a text, as keys. */
function runs(text: string): string[] {
  const w = wordsOf(text);
  const out: string[] = [];
  for (let i = 0; i + RUN <= w.length; i++) out.push(w.slice(i, i + RUN).join(" "));
  return out;
}

/** The text of the literals of a TypeScript source: strings, template parts and regular expressions. */
export function literalsOf(source: string, fileName = "x.ts"): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  // "a b " + "c d e": a string split over several literals is read whole.
  const joined = (node: ts.Node): string | null => {
    if (ts.isStringLiteralLike(node)) return node.text;
    if (ts.isParenthesizedExpression(node)) return joined(node.expression);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const l = joined(node.left);
      const r = joined(node.right);
      return l !== null && r !== null ? l + r : null;
    }
    return null;
  };
  const visit = (node: ts.Node) => {
    const whole = ts.isBinaryExpression(node) ? joined(node) : null;
    if (whole !== null) {
      out.push(whole);
      return;
    }
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      out.push(node.text);
    else if (ts.isRegularExpressionLiteral(node)) {
      // Each alternative on its own, with the pattern's escapes and operators read as word breaks.
      const body = node.text.slice(1, node.text.lastIndexOf("/"));
      out.push(...body.split("|").map((alt) => alt.replace(/\\[a-zA-Z]/g, " ").replace(/[^\w\s']/g, " ")));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

function productSources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "gen" || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...productSources(path));
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$|\.d\.ts$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** The questions of the shared benches (`bench/*.json`). */
function benchQuestions(): string[] {
  const dir = join(sharedDir(), "bench");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => (JSON.parse(readFileSync(join(dir, f), "utf8")) as { tests: Array<{ query: string }> }).tests)
    .map((t) => t.query);
}

/** Each literal of `sources` sharing a run of words with a question: where, the run, and the question. */
export function sharedRuns(
  sources: Array<{ path: string; text: string }>,
  questions: readonly string[],
): Array<{ path: string; run: string; question: string }> {
  const byRun = new Map<string, string>();
  for (const q of questions) for (const r of runs(q)) if (!byRun.has(r)) byRun.set(r, q);
  const out: Array<{ path: string; run: string; question: string }> = [];
  for (const s of sources) {
    for (const literal of literalsOf(s.text, s.path)) {
      for (const r of runs(literal)) {
        const q = byRun.get(r);
        if (q !== undefined) out.push({ path: s.path, run: r, question: q });
      }
    }
  }
  return out;
}

describe("the generalisation rule", () => {
  it("finds a literal that repeats a question's wording, and not one that only shares field words", () => {
    const questions = [
      "Consider the Supply Agreement between A and B; Is there a cap on liability under this contract?",
    ];
    const keyed = { path: "keyed.ts", text: 'const r = /is there a cap on liability/i; const s = "x";' };
    const field = { path: "field.ts", text: 'const words = ["cap on liability", "limitation of liability"];' };
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, for the parser
    const template = { path: "t.ts", text: "const t = `${x} cap on liability under this contract`;" };
    const split = { path: "split.ts", text: 'const u = "is there a cap " +\n  "on liability";' };
    const hits = sharedRuns([keyed, field, template, split], questions);
    expect([...new Set(hits.map((h) => h.path))]).toEqual(["keyed.ts", "t.ts", "split.ts"]);
    expect(hits.find((h) => h.path === "keyed.ts")?.run).toBe("is there a cap on");
  });

  it("no literal in packages/ or services/ shares five consecutive words with a shared bench question", () => {
    const sources = ["packages", "services"]
      .flatMap((d) => productSources(join(repoRoot, d)))
      .map((path) => ({ path: relative(repoRoot, path), text: readFileSync(path, "utf8") }));
    expect(sources.length).toBeGreaterThan(50);
    const hits = sharedRuns(sources, benchQuestions());
    const report = [...new Set(hits.map((h) => `${h.path}: "${h.run}" (from: ${h.question.slice(0, 120)})`))];
    expect(report).toEqual([]);
  });
});
