/**
 * "The library does not hand out the answer": an exercise names the library modules (or functions) its
 * file may import, and this module holds a student's compiled file to that. It reads the file's imports
 * (after TypeScript is stripped, so type-only imports are gone), refuses any other — another library
 * module, a bare package, `node:fs`, a dynamic `import()` — with a sentence that says why, and points
 * imports of `lib/index.ts` at a barrel that exports only what is allowed. Used by the sandbox (the
 * checker and the grader) and by the Vite plugin that serves the "your turn" panels, so both refuse
 * the same files with the same words. Node only: it reads the module's imports with Oxc's parser
 * (through Rolldown, Vite's bundler), whose module record lists every static import, re-export and
 * dynamic `import()` of a file — ~0.3 ms a file, where TypeScript's parser took 1.4–4 ms (and loading
 * it a third of a second).
 */

import { posix } from "node:path";
import { parseSync } from "rolldown/experimental";
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

/**
 * What a module takes from others: a static import or re-export of `specifier` (its span, quotes
 * included), naming `names` of it (undefined: all of it, `* as ns` or `export *`), or a dynamic `import()`.
 */
export type ModuleImport =
  | {
      kind: "static";
      at: number;
      specifier: { value: string; start: number; end: number };
      names: string[] | undefined;
    }
  | { kind: "dynamic"; at: number };

/**
 * Every import of the JavaScript module `code`, in source order, read by Oxc's parser (offsets in
 * UTF-16 code units, as JavaScript indexes strings). Static imports and re-exports stand at the top
 * level of a module: its body says them all, `export {} from "…"` included (which the parser's module
 * record leaves out); a dynamic `import()` can stand anywhere: the module record lists them all.
 * An import's names come in the order the allowance has always said them: the named ones, then a
 * default import. Throws a SyntaxError if the code does not parse.
 */
export function importsOf(code: string, fileName: string): ModuleImport[] {
  const { program, module, errors } = parseSync(fileName, code, { lang: "js", sourceType: "module" });
  if (errors.length) throw new SyntaxError(errors[0]!.message);
  /** A module's name for what is imported or re-exported: an identifier, or a string (`import { "a b" as c }`). */
  const text = (n: { name?: string; value?: unknown }) => n.name ?? String(n.value);
  const found: ModuleImport[] = module.dynamicImports.map((d) => ({ kind: "dynamic", at: d.start }));
  for (const node of program.body) {
    if (node.type === "ImportDeclaration") {
      const names = node.specifiers.flatMap((s) => (s.type === "ImportSpecifier" ? [text(s.imported)] : []));
      if (node.specifiers.some((s) => s.type === "ImportDefaultSpecifier")) names.push("default");
      const whole = node.specifiers.some((s) => s.type === "ImportNamespaceSpecifier");
      found.push({ kind: "static", at: node.start, specifier: node.source, names: whole ? undefined : names });
    } else if (node.type === "ExportNamedDeclaration" && node.source)
      found.push({
        kind: "static",
        at: node.start,
        specifier: node.source,
        names: node.specifiers.map((s) => text(s.local)),
      });
    else if (node.type === "ExportAllDeclaration")
      found.push({ kind: "static", at: node.start, specifier: node.source, names: undefined });
  }
  return found.sort((a, b) => a.at - b.at);
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
  const refuse = (what: string) =>
    problems.push(
      `${file} ${what}: exercise ${exercise} may use ${describeUses(uses)} (the rest of the library would hand out the answer)`,
    );
  let imports: ModuleImport[];
  try {
    imports = importsOf(code, file.replace(/\.ts$/, ".js"));
  } catch (error) {
    // The code is what the transpiler made of the student's file, so this does not happen; were it to, nothing runs.
    return { problems: [`${file} cannot be read for its imports: ${(error as Error).message}`], code };
  }

  /** Checks one static import or re-export of `specifier` (its span, quotes included); `names` are the imported names, undefined for `*`. */
  const check = (specifier: { value: string; start: number; end: number }, names: string[] | undefined) => {
    const target = resolveSpecifier(file, specifier.value);
    if (target === "exercises/not-implemented") return;
    if (target === "lib/index") {
      if (!names) return refuse(`imports the whole library (import the allowed modules by name)`);
      const bad = names.filter((n) => !allowed.has(n));
      if (bad.length) return refuse(`imports ${bad.join(", ")}`);
      let rel = barrel.includes(":") ? barrel : posix.relative(posix.dirname(file), barrel) + extension;
      if (!rel.startsWith(".") && !barrel.includes(":")) rel = `./${rel}`;
      edits.push({ start: specifier.start + 1, end: specifier.end - 1, text: rel });
      return;
    }
    const module = target?.startsWith("lib/") ? target.slice(4) : undefined;
    const what = module === undefined ? undefined : allowed.get(module);
    if (module === undefined) return refuse(`imports "${specifier.value}", which is not part of the course library`);
    if (what === undefined) return refuse(`imports lib/${module}.ts`);
    if (what === true) return;
    if (!names) return refuse(`imports all of lib/${module}.ts`);
    const bad = names.filter((n) => !what.has(n));
    if (bad.length) return refuse(`imports ${bad.map((n) => `${module}.${n}`).join(", ")}`);
  };
  for (const i of imports)
    if (i.kind === "dynamic")
      problems.push(`${file} uses a dynamic import(): exercises may import only with static import statements`);
    else check(i.specifier, i.names);
  let out = code;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { problems, code: out };
}
