import ts from "typescript";
import { describe, expect, it } from "vitest";
import { findUnawaitedPromises } from "../../scripts/check-floating-promises.ts";

const FIXTURE = "/virtual/fixture.ts";

/** Checks one in-memory source file against the standard library only (no disk fixture the repo's own run would see). */
function check(source: string) {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2023.d.ts"],
    strict: true,
    types: [],
    noEmit: true,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, onError, create) =>
    name === FIXTURE ? ts.createSourceFile(name, source, version, true) : getSourceFile(name, version, onError, create);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === FIXTURE || fileExists(name);
  const program = ts.createProgram({ rootNames: [FIXTURE], options, host });
  return findUnawaitedPromises(program, (f) => f.fileName === FIXTURE).map((f) => `${f.line} ${f.kind} ${f.text}`);
}

const PRELUDE = `
declare function save(): Promise<void>;
declare function count(): Promise<number>;
declare const maybe: { close(): Promise<void> } | undefined;
declare function expect(x: unknown): { toBe(v: unknown): void; resolves: { toBe(v: unknown): Promise<void> } };
`;
const at = (line: number) => PRELUDE.split("\n").length - 1 + line;

describe("check-floating-promises", () => {
  it("flags the promise nobody awaits and not the awaited one", async () => {
    const findings = check(`${PRELUDE}async function f() {
  save();
  await save();
}
`);
    expect(findings).toEqual([`${at(2)} floating save()`]);
  });

  it("accepts a promise that is voided, returned, assigned, passed on or given a rejection handler", async () => {
    const findings = check(`${PRELUDE}const kept: Promise<void>[] = [];
async function f() {
  void save();
  kept.push(save());
  const p = save();
  let memo: Promise<void> | undefined;
  memo ??= save();
  save().catch(() => undefined);
  save().then(() => undefined, () => undefined);
  await p;
  await memo;
  return save();
}
`);
    expect(findings).toEqual([]);
  });

  it("flags a dropped promise that might be undefined, inside a conditional or behind a then without a handler", async () => {
    const findings = check(`${PRELUDE}async function f(ok: boolean) {
  maybe?.close();
  ok ? save() : undefined;
  save().then(() => undefined);
}
`);
    expect(findings).toEqual([
      `${at(2)} floating maybe?.close()`,
      `${at(3)} floating save()`,
      `${at(4)} floating save().then(() => undefined)`,
    ]);
  });

  it("flags expect() given a promise, unless it goes on to .resolves or .rejects", async () => {
    const findings = check(`${PRELUDE}async function f() {
  expect(count()).toBe(1);
  await expect(count()).resolves.toBe(1);
  expect(await count()).toBe(1);
}
`);
    expect(findings).toEqual([`${at(2)} expect-promise expect(count())`]);
  });
});
