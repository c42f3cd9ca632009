/**
 * "The library does not hand out the answer": an exercise names the library modules (or functions) its
 * file may import, and this module holds a student's compiled file to that. It reads the file's imports
 * (after TypeScript is stripped, so type-only imports are gone), refuses any other — another library
 * module, a bare package, `node:fs`, a dynamic `import()` — with a sentence that says why, and points
 * imports of `lib/index.ts` at a barrel that exports only what is allowed. Used by the sandbox (the
 * checker and the grader) and by the Vite plugin that serves the "your turn" panels, so both refuse
 * the same files with the same words. Node only (it parses with the TypeScript compiler).
 */

import { posix } from "node:path";
import ts from "typescript";
import type { LibraryUse } from "../isomorphic/exercise.ts";

/** What is allowed, per library module: the whole module (`true`) or some of its functions. */
export function allowedByModule(uses: readonly LibraryUse[]): Map<string, true | Set<string>> {
  const allowed = new Map<string, true | Set<string>>();
  for (const use of uses) {
    const [module, fn] = use.split(".") as [string, string | undefined];
    const now = allowed.get(module);
    if (!fn) allowed.set(module, true);
    else if (now !== true) allowed.set(module, (now ?? new Set<string>()).add(fn));
  }
  return allowed;
}

/**
 * The barrel that stands in for `lib/index.ts` in an exercise: the allowed modules as namespaces; a
 * partly allowed module as an object of its allowed functions, whose other functions throw a sentence
 * that says why (rather than "is not a function").
 * @param moduleSpecifier - How the barrel imports a library module, e.g. `(m) => "./" + m + ".js"`.
 * @param exercise - How to name the exercise in that sentence, e.g. "03.1 rodrigues-steps".
 */
export function barrelSource(
  uses: readonly LibraryUse[],
  moduleSpecifier: (module: string) => string,
  exercise = "this exercise",
): string {
  const lines = ["// The library as this exercise may use it (tools/author/imports.ts)."];
  for (const [module, what] of allowedByModule(uses)) {
    const spec = JSON.stringify(moduleSpecifier(module));
    if (what === true) {
      lines.push(`export * as ${module} from ${spec};`);
      continue;
    }
    const refusal = `: exercise ${exercise} may use ${describeUses(uses)} (the rest of the library would hand out the answer)`;
    lines.push(
      `import * as all_${module} from ${spec};`,
      `const allowed_${module} = Object.freeze({ ${[...what].map((f) => `${f}: all_${module}.${f}`).join(", ")} });`,
      `export const ${module} = new Proxy(allowed_${module}, {`,
      `  get(target, key) {`,
      `    if (typeof key === "string" && !(key in target) && key in all_${module})`,
      `      throw new Error(${JSON.stringify(`${module}.`)} + key + ${JSON.stringify(refusal)});`,
      `    return target[key];`,
      `  },`,
      `});`,
    );
  }
  return lines.join("\n") + "\n";
}

const describeUses = (uses: readonly LibraryUse[]) => (uses.length ? uses.join(", ") : "nothing from the library");

/** Where an import specifier of `file` points, as a root-relative path without extension, or undefined for a bare one. */
function resolveSpecifier(file: string, spec: string): string | undefined {
  if (!spec.startsWith("./") && !spec.startsWith("../")) return undefined;
  return posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.(ts|js|mjs)$/, "");
}

export interface RestrictedImports {
  /** Why the file may not run, one sentence per import; empty when every import is allowed. */
  problems: string[];
  /** The code with imports of `lib/index` pointed at `barrel`. */
  code: string;
}

/**
 * Holds the compiled module `code` (of the root-relative `file`, e.g. "exercises/05-…/03-slerp.ts") to
 * `uses`. `barrel` is the module that stands in for `lib/index`: a root-relative path without extension
 * (the sandbox; `extension` is then added, ".js"), or a specifier with a colon used as it is (Vite's
 * virtual modules).
 * @param exercise - How to name the exercise in messages, e.g. "05.3 slerp".
 */
export function restrictImports(
  code: string,
  file: string,
  uses: readonly LibraryUse[],
  { barrel, extension, exercise }: { barrel: string; extension: string; exercise: string },
): RestrictedImports {
  const allowed = allowedByModule(uses);
  const problems: string[] = [];
  const edits: { start: number; end: number; text: string }[] = [];
  const source = ts.createSourceFile(
    file.replace(/\.ts$/, ".js"),
    code,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.JS,
  );
  const refuse = (what: string) =>
    problems.push(
      `${file} ${what}: exercise ${exercise} may use ${describeUses(uses)} (the rest of the library would hand out the answer)`,
    );

  /** Checks one static import or re-export; `names` are the imported names, undefined for `*`. */
  const check = (specifier: ts.StringLiteral, names: string[] | undefined) => {
    const target = resolveSpecifier(file, specifier.text);
    if (target === "exercises/not-implemented") return;
    if (target === "lib/index") {
      if (!names) return refuse(`imports the whole library (import the allowed modules by name)`);
      const bad = names.filter((n) => !allowed.has(n));
      if (bad.length) return refuse(`imports ${bad.join(", ")}`);
      let rel = barrel.includes(":") ? barrel : posix.relative(posix.dirname(file), barrel) + extension;
      if (!rel.startsWith(".") && !barrel.includes(":")) rel = `./${rel}`;
      edits.push({ start: specifier.getStart() + 1, end: specifier.getEnd() - 1, text: rel });
      return;
    }
    const module = target?.startsWith("lib/") ? target.slice(4) : undefined;
    const what = module === undefined ? undefined : allowed.get(module);
    if (module === undefined) return refuse(`imports "${specifier.text}", which is not part of the course library`);
    if (what === undefined) return refuse(`imports lib/${module}.ts`);
    if (what === true) return;
    if (!names) return refuse(`imports all of lib/${module}.ts`);
    const bad = names.filter((n) => !what.has(n));
    if (bad.length) return refuse(`imports ${bad.map((n) => `${module}.${n}`).join(", ")}`);
  };

  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) check(node.moduleSpecifier, undefined);
      else {
        const names =
          bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => (e.propertyName ?? e.name).text) : [];
        if (clause?.name) names.push("default");
        check(node.moduleSpecifier, names);
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      check(
        node.moduleSpecifier,
        clause && ts.isNamedExports(clause) ? clause.elements.map((e) => (e.propertyName ?? e.name).text) : undefined,
      );
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      problems.push(`${file} uses a dynamic import(): exercises may import only with static import statements`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { problems, code: out };
}
