/**
 * The library allowance's reading of a module's imports (tools/author/imports.ts): Oxc's parser reads
 * them, and must find what TypeScript's parser found (the oracle: what the allowance read before) —
 * the same imports, re-exports and dynamic `import()`s, with the same names and the same spans — in
 * every file of the course and in the forms a student might try to slip past it. Then the allowance
 * itself: each refusal in its words, and the one rewrite it makes (lib/index → the exercise's barrel).
 */

import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { type ModuleImport, importsOf, restrictImports } from "../../tools/author/imports.ts";
import { fromRoot } from "../../tools/author/root.ts";
import type { LibraryUse } from "../../tools/isomorphic/exercise.ts";
import { transpile } from "../../tools/sandbox/transpile.ts";
import { FULL_COURSE, courseTypeScriptFiles } from "../helpers/course-files.ts";

/** A module's imports as TypeScript's parser reads them, the whole tree visited (the oracle). */
function typescriptImports(js: string): ModuleImport[] {
  const file = ts.createSourceFile("m.js", js, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const found: ModuleImport[] = [];
  const spec = (s: ts.StringLiteral) => ({ value: s.text, start: s.getStart(), end: s.getEnd() });
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const bindings = node.importClause?.namedBindings;
      const names =
        bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => (e.propertyName ?? e.name).text) : [];
      if (node.importClause?.name) names.push("default");
      const whole = bindings !== undefined && ts.isNamespaceImport(bindings);
      found.push({
        kind: "static",
        at: node.getStart(),
        specifier: spec(node.moduleSpecifier),
        names: whole ? undefined : names,
      });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      found.push({
        kind: "static",
        at: node.getStart(),
        specifier: spec(node.moduleSpecifier),
        names:
          clause && ts.isNamedExports(clause) ? clause.elements.map((e) => (e.propertyName ?? e.name).text) : undefined,
      });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      found.push({ kind: "dynamic", at: node.getStart() });
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** What two readings are compared on: kind, names, and the specifier with the text its span covers. */
const comparable = (js: string, imports: ModuleImport[]) =>
  imports.map((i) =>
    i.kind === "dynamic"
      ? { kind: i.kind, at: i.at }
      : {
          kind: i.kind,
          at: i.at,
          names: i.names,
          value: i.specifier.value,
          span: js.slice(i.specifier.start, i.specifier.end),
        },
  );

const same = (js: string) =>
  expect(comparable(js, importsOf(js, "m.js"))).toEqual(comparable(js, typescriptImports(js)));

describe("importsOf", () => {
  it("reads every file of the course as TypeScript's parser did: the same imports, names and spans", () => {
    const files = courseTypeScriptFiles();
    expect(files.length).toBeGreaterThan(FULL_COURSE ? 500 : 90); // the edition: the library and the stubs
    let imports = 0;
    for (const file of files) {
      const t = transpile(readFileSync(fromRoot(file), "utf8"), file);
      if (!t.ok) continue; // a fixture that does not compile never reaches the allowance
      same(t.code);
      imports += importsOf(t.code, file).length;
    }
    expect(imports).toBeGreaterThan(FULL_COURSE ? 400 : 100); // 453, and 138 in the edition, when written
  });

  it.each([
    ["a side-effect import", `import "../../lib/quat.js";`],
    ["an empty import list", `import {} from "node:fs";`],
    ["an empty re-export list (Oxc's module record leaves it out)", `export {} from "node:fs";`],
    ["a default import and named ones", `import d, { a, b as c } from "./x.js";`],
    ["a default import and a namespace", `import d, * as ns from "./x.js";`],
    ["a named default", `import { default as q, a } from "./x.js";`],
    ["names that are strings", `import { "a b" as c } from "./x.js"; export { "x y" as w } from "./k.js";`],
    [
      "re-exports",
      `export * from "./f.js"; export * as nn from "./h.js"; export { a as b, default as z } from "./e.js";`,
    ],
    ["text before, beyond ASCII (spans in UTF-16)", `const s = "é😀"; import { quat } from "../../lib/index.js";`],
    [
      "dynamic imports anywhere",
      `export function f() { return () => import("node:fs"); }\nconst g = import(\`./\${"x"}.js\`);`,
    ],
    [
      "import.meta and lookalikes in comments and strings",
      `// import("x")\nconst s = 'import("y")'; const u = import.meta;`,
    ],
    ["an attribute", `import data from "./d.json" with { type: "json" };`],
  ])("%s", (_, js) => same(js));

  it("throws on a module that does not parse", () => {
    expect(() => importsOf("let a = ;", "m.js")).toThrow(SyntaxError);
  });
});

describe("restrictImports", () => {
  const file = "exercises/04-quaternions/02-multiply.ts";
  const hold = (code: string, uses: LibraryUse[] = ["vec3", "quat.conjugate"]) =>
    restrictImports(code, file, uses, {
      barrel: "lib/allowed-for-this-exercise",
      extension: ".js",
      exercise: "04.2 multiply",
    });
  const why =
    ": exercise 04.2 multiply may use vec3, quat.conjugate (the rest of the library would hand out the answer)";

  it("points lib/index at the exercise's barrel and keeps every other byte", () => {
    const code = `import { vec3, quat } from "../../lib/index.js";\nimport { NotImplemented } from "../not-implemented.js";\nexport const f = () => vec3;\n`;
    expect(hold(code)).toEqual({
      problems: [],
      code: code.replace("../../lib/index.js", "../../lib/allowed-for-this-exercise.js"),
    });
  });

  it.each([
    [`import * as lib from "../../lib/index.js";`, `imports the whole library (import the allowed modules by name)`],
    [`import { vec3, mat3 } from "../../lib/index.js";`, `imports mat3`],
    [`import { slerp } from "../../lib/quat.js";`, `imports quat.slerp`],
    [`import * as q from "../../lib/quat.js";`, `imports all of lib/quat.ts`],
    [`export * from "../../lib/quat.js";`, `imports all of lib/quat.ts`],
    [`import { multiply } from "../../lib/mat3.js";`, `imports lib/mat3.ts`],
    [`export {} from "node:fs";`, `imports "node:fs", which is not part of the course library`],
    [`import "three";`, `imports "three", which is not part of the course library`],
    [
      `import { a } from "../../solutions/04-quaternions/02-multiply.js";`,
      `imports "../../solutions/04-quaternions/02-multiply.js", which is not part of the course library`,
    ],
  ])("refuses %s", (code, what) => {
    expect(hold(code).problems).toEqual([`${file} ${what}${why}`]);
  });

  it("refuses a dynamic import(), wherever it stands, and says each problem in source order", () => {
    const code = `export const f = () => import("../../lib/quat.js");\nimport { mat3 } from "../../lib/index.js";`;
    expect(hold(code).problems).toEqual([
      `${file} uses a dynamic import(): exercises may import only with static import statements`,
      `${file} imports mat3${why}`,
    ]);
  });

  it("allows what the exercise allows: a whole module, or its allowed functions by name", () => {
    expect(
      hold(`import { normalize } from "../../lib/vec3.js"; import { conjugate } from "../../lib/quat.js";`).problems,
    ).toEqual([]);
    expect(hold(`export * from "../../lib/vec3.js";`).problems).toEqual([]);
  });
});
