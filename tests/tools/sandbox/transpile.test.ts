/**
 * The sandbox's TypeScript → JavaScript step (tools/sandbox/transpile.ts): Oxc strips the types, and
 * the result must be the module TypeScript's own `transpileModule` made of the same file (the oracle:
 * what the sandbox ran before) — the same imports kept and elided, the same exports — for every file
 * of the course, with the TypeScript-only syntax a student may write behaving as TypeScript emits it. A
 * file that does not compile is explained as it always was: TypeScript's words, at line:column.
 */

import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../../../tools/author/root.ts";
import { transpile } from "../../../tools/sandbox/transpile.ts";
import { FULL_COURSE, courseTypeScriptFiles } from "../../helpers/course-files.ts";

/** What a module imports (specifier and names) and exports, read from its JavaScript. */
function shape(js: string): { imports: string[]; exports: string[] } {
  const file = ts.createSourceFile("m.js", js, ts.ScriptTarget.ES2022, false, ts.ScriptKind.JS);
  const imports: string[] = [];
  const exports: string[] = [];
  for (const s of file.statements) {
    if (ts.isImportDeclaration(s)) {
      const from = (s.moduleSpecifier as ts.StringLiteral).text;
      const c = s.importClause;
      const names = [
        ...(c?.name ? ["default"] : []),
        ...(c?.namedBindings && ts.isNamedImports(c.namedBindings)
          ? c.namedBindings.elements.map((e) => (e.propertyName ?? e.name).text)
          : c?.namedBindings
            ? ["*"]
            : []),
      ].sort();
      imports.push(`${from}: ${names.join(",")}`);
    } else if (ts.isExportDeclaration(s)) {
      const names =
        s.exportClause && ts.isNamedExports(s.exportClause) ? s.exportClause.elements.map((e) => e.name.text) : ["*"];
      exports.push(
        ...names.map((n) => `${n}${s.moduleSpecifier ? ` from ${(s.moduleSpecifier as ts.StringLiteral).text}` : ""}`),
      );
    } else if (ts.canHaveModifiers(s) && ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      if (ts.isVariableStatement(s))
        exports.push(...s.declarationList.declarations.map((d) => (d.name as ts.Identifier).text));
      else exports.push((s as ts.FunctionDeclaration).name?.text ?? "default");
    } else if (ts.isExportAssignment(s)) exports.push("default");
  }
  return { imports: imports.sort(), exports: exports.sort() };
}

/** TypeScript's own transpileModule, with the options the sandbox used before Oxc (the oracle). */
function typescriptOf(source: string, fileName: string): string {
  return ts.transpileModule(source, {
    fileName,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      rewriteRelativeImportExtensions: true,
      isolatedModules: true,
      verbatimModuleSyntax: false,
    },
  }).outputText;
}

/** Runs a module without imports and returns its namespace. */
async function run(js: string): Promise<Record<string, unknown>> {
  return (await import(`data:text/javascript,${encodeURIComponent(js)}`)) as Record<string, unknown>;
}

const ok = (source: string, fileName = "exercises/x.ts"): string => {
  const t = transpile(source, fileName);
  if (!t.ok) throw new Error(t.message);
  return t.code;
};

describe("transpile", () => {
  it(
    "makes of every file of the course the module TypeScript made: the same imports, the same exports",
    { timeout: 120_000 },
    () => {
      const files = courseTypeScriptFiles();
      expect(files.length).toBeGreaterThan(FULL_COURSE ? 400 : 90); // the edition: the library and the stubs
      for (const file of files) {
        const source = readFileSync(fromRoot(file), "utf8");
        expect(shape(ok(source, file)), file).toEqual(shape(typescriptOf(source, file)));
      }
    },
  );

  it("elides an import used only as a type, keeps one used as a value, and ends relative paths in .js", () => {
    const js = ok(`import { Vec3, vec3 } from "../../lib/index.ts";
import type { Quat } from "../../lib/quat.ts";
import { unused } from "./support.ts";
export function double(v: Vec3, _q?: Quat): Vec3 {
  return vec3.scale(v, 2);
}`);
    expect(shape(js)).toEqual({ imports: ["../../lib/index.js: vec3"], exports: ["double"] });
  });

  it("runs the TypeScript-only syntax a student may write as TypeScript's output does", async () => {
    const source = `export enum Axis { X, Y, Z = 5 }
export namespace Units { export const degree = Math.PI / 180; }
export class Joint {
  count!: number;
  declare note: string;
  constructor(public readonly angle: number, private limit = 1) {}
  clamp(): number { return Math.min(this.angle, this.limit); }
}
export abstract class Shape { abstract area(): number; }
export function first<T>(xs: readonly T[]): T { return xs[0]!; }
export function len(v: number[]): number;
export function len(v: number[] | string): number { return (v as number[]).length; }
export const config = { scale: 2 } satisfies { scale: number };
export const cast = <number>(<unknown>"7");`;
    const ours = await run(ok(source));
    const theirs = await run(typescriptOf(source, "exercises/x.ts"));
    for (const m of [ours, theirs]) {
      expect(m.Axis).toEqual({ 0: "X", 1: "Y", 5: "Z", X: 0, Y: 1, Z: 5 });
      expect((m.Units as { degree: number }).degree).toBe(Math.PI / 180);
      const j = new (m.Joint as new (a: number) => { angle: number; clamp(): number })(0.5);
      expect([j.angle, j.clamp(), Object.keys(j).sort()]).toEqual([0.5, 0.5, ["angle", "count", "limit"]]);
      expect((m.first as (xs: number[]) => number)([3, 4])).toBe(3);
      expect((m.len as (v: number[]) => number)([1, 2])).toBe(2);
      expect([m.config, m.cast]).toEqual([{ scale: 2 }, "7"]);
    }
  });

  it("explains a syntax error in TypeScript's words at its line and column, in characters", () => {
    expect(transpile("export const = ;", "exercises/a.ts")).toEqual({
      ok: false,
      message: "exercises/a.ts:1:14: Variable declaration expected.",
    });
    expect(
      transpile(`// θ, φ and ψ\nconst s = "θθθθ"; export function f(x: number) { return x +; }`, "exercises/a.ts"),
    ).toEqual({
      ok: false,
      message: "exercises/a.ts:2:60: Expression expected.",
    });
  });

  it("refuses what TypeScript's parser leaves to its checker, in Oxc's words, where V8 would refuse it at import", () => {
    expect(transpile("let a = 1;\nlet a = 2;\nexport { a };", "exercises/a.ts")).toEqual({
      ok: false,
      message: "exercises/a.ts:1:5: Identifier `a` has already been declared",
    });
  });
});
