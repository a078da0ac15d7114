/**
 * Reports promises that nobody waits for, with the type checker's help (biome's nursery rule only sees the
 * types it can infer inside one file, and does not know `expect`):
 *
 * - a statement whose value is a promise (or any thenable) that is not awaited, returned, voided (`void p`),
 *   given a rejection handler (`.catch(h)`, `.then(f, h)`) or passed on: its failure would go unseen;
 * - `expect(p)` where `p` is a promise, unless the next step is `.resolves` or `.rejects`: the matcher
 *   would look at the promise object, not at its value, and `expect(p).toBeTruthy()` passes whatever `p` becomes.
 *
 * Run: `tsx scripts/check-floating-promises.ts [tsconfig]` (the default is the repository's tsconfig.json).
 * It prints one line per finding and exits 1 when there are any. Fire-and-forget that is meant says so
 * with `void p` and a comment on why.
 */
import { relative, resolve } from "node:path";
import ts from "typescript";

export type PromiseFinding = {
  readonly file: string;
  /** 1-based line and column of the expression. */
  readonly line: number;
  readonly column: number;
  readonly kind: "floating" | "expect-promise";
  readonly text: string;
};

/** Findings in every source file of `program` that `include` accepts (all but declaration files by default). */
export function findUnawaitedPromises(
  program: ts.Program,
  include: (file: ts.SourceFile) => boolean = () => true,
): PromiseFinding[] {
  const checker = program.getTypeChecker();
  const findings: PromiseFinding[] = [];

  const isThenable = (type: ts.Type): boolean => {
    if (type.isUnion()) return type.types.some(isThenable);
    const then = checker.getApparentType(type).getProperty("then");
    if (!then) return false;
    const thenType = checker.getTypeOfSymbol(then);
    return thenType.getCallSignatures().length > 0;
  };
  const isThenableNode = (node: ts.Node) => isThenable(checker.getTypeAtLocation(node));

  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || !include(file)) continue;
    const report = (node: ts.Node, kind: PromiseFinding["kind"]) => {
      const start = node.getStart(file);
      const { line, character } = file.getLineAndCharacterOfPosition(start);
      const text = node.getText(file).replace(/\s+/g, " ").slice(0, 100);
      findings.push({ file: file.fileName, line: line + 1, column: character + 1, kind, text });
    };

    const visit = (node: ts.Node): void => {
      if (ts.isExpressionStatement(node)) {
        for (const part of valueParts(node.expression)) if (isThenableNode(part)) report(part, "floating");
      }
      if (ts.isCallExpression(node) && isExpectCall(node)) {
        const subject = node.arguments[0];
        const next = ts.isPropertyAccessExpression(node.parent) ? node.parent.name.text : undefined;
        if (subject && next !== "resolves" && next !== "rejects" && isThenableNode(subject)) {
          report(node, "expect-promise");
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return findings;
}

/**
 * The parts of a statement's expression whose value the statement drops: an awaited or voided value is
 * taken care of, an assignment keeps it in a variable (whoever reads that is responsible for it), and a
 * promise with a rejection handler cannot fail unseen.
 */
function valueParts(expr: ts.Expression): ts.Expression[] {
  if (ts.isParenthesizedExpression(expr)) return valueParts(expr.expression);
  if (ts.isAwaitExpression(expr) || ts.isVoidExpression(expr) || handlesRejection(expr)) return [];
  if (ts.isConditionalExpression(expr)) return [...valueParts(expr.whenTrue), ...valueParts(expr.whenFalse)];
  if (ts.isBinaryExpression(expr)) {
    const op = expr.operatorToken.kind;
    if (op >= ts.SyntaxKind.FirstAssignment && op <= ts.SyntaxKind.LastAssignment) return [];
    if (op === ts.SyntaxKind.CommaToken) return [...valueParts(expr.left), ...valueParts(expr.right)];
    if (
      op === ts.SyntaxKind.AmpersandAmpersandToken ||
      op === ts.SyntaxKind.BarBarToken ||
      op === ts.SyntaxKind.QuestionQuestionToken
    ) {
      return valueParts(expr.right);
    }
  }
  return [expr];
}

/** `p.catch(h)` or `p.then(f, h)`: the rejection has a handler, so the promise is not silently dropped. */
function handlesRejection(expr: ts.Expression): boolean {
  if (!ts.isCallExpression(expr) || !ts.isPropertyAccessExpression(expr.expression)) return false;
  const method = expr.expression.name.text;
  return (method === "catch" && expr.arguments.length >= 1) || (method === "then" && expr.arguments.length >= 2);
}

/** `expect(x)` or `expect.soft(x)` (vitest's and jest's assertion entry points). */
function isExpectCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text === "expect";
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === "expect" &&
    callee.name.text === "soft"
  );
}

/** One program over the files `tsconfigPath` names, with its compiler options. */
export function programFromConfig(tsconfigPath: string): ts.Program {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfigPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${tsconfigPath}`);
  return ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true } });
}

function main(): void {
  const tsconfig = resolve(process.argv[2] ?? "tsconfig.json");
  const root = resolve(tsconfig, "..");
  const program = programFromConfig(tsconfig);
  const findings = findUnawaitedPromises(program, (f) => !f.fileName.includes("/node_modules/"));
  for (const f of findings) {
    const what = f.kind === "floating" ? "promise not awaited" : "expect() given a promise without .resolves/.rejects";
    console.log(`${relative(root, f.file)}:${f.line}:${f.column}: ${what}: ${f.text}`);
  }
  if (findings.length > 0) {
    console.log(`${findings.length} unawaited promise(s); await them, or \`void\` them with a comment saying why`);
    process.exitCode = 1;
  }
}

if (process.argv[1] === import.meta.filename) main();
