/**
 * Preparing a job on the trusted side, before any student code runs: TypeScript → JavaScript for every
 * module (a syntax error is a message, never a throw), the exercise's module held to the library
 * modules it may import (tools/author/imports.ts), and its calls written as one JavaScript literal.
 * A problem found here costs no process.
 */

import { transformSync } from "rolldown/experimental";
import ts from "typescript";
import { barrelSource, restrictImports } from "../author/imports.ts";
import type { LibraryUse } from "../isomorphic/exercise.ts";
import type { RunnableCall } from "../isomorphic/judge.ts";
import { CAPS, type SandboxLimits } from "./limits.ts";

/**
 * Types stripped by Oxc (through Rolldown, Vite's bundler): ~0.1 ms a file, where TypeScript's
 * `transpileModule` builds a program and a type checker for each file (~6 ms; half of what grading a
 * student cost the grader's process). Imports used only as types are elided (a student's
 * `import { Vec3, vec3 }` keeps `vec3` alone), `.ts` in import paths becomes `.js`, and the syntax is
 * left as written (Node runs ES2022 and later as it is).
 */
const OXC_OPTIONS = {
  lang: "ts",
  sourceType: "module",
  typescript: { onlyRemoveTypeImports: false, rewriteImportExtensions: "rewrite" },
} as const;
/** TypeScript's options, for its words on a file Oxc refuses (see {@link explainRefusal}). */
const TS_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2022,
  isolatedModules: true,
};
type Transpiled = { ok: true; code: string } | { ok: false; message: string };
/** By file name, then by source: the same string (the course's library, read once) is hashed once. */
const transpiled = new Map<string, Map<string, Transpiled>>();
let transpiledCount = 0;

/**
 * Why a file does not compile, as `file:line:col: message` (at most five). TypeScript's syntax
 * diagnostics where it has any (its messages say what was expected: "Expression expected."), else
 * Oxc's: an error TypeScript's parser leaves to its checker, such as a `let` declared twice.
 */
function explainRefusal(source: string, fileName: string, oxcErrors: readonly { message: string }[]): string {
  const out = ts.transpileModule(source, { compilerOptions: TS_OPTIONS, reportDiagnostics: true, fileName });
  const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length)
    return errors
      .slice(0, 5)
      .map((d) => {
        const text = ts.flattenDiagnosticMessageText(d.messageText, " ");
        if (!d.file || d.start === undefined) return `${fileName}: ${text}`;
        const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
        return `${fileName}:${line + 1}:${character + 1}: ${text}`;
      })
      .join("\n");
  // Oxc's message is a rendered code frame: "[PARSE_ERROR] <message>", then "╭─[ <file>:<line>:<col> ]".
  return oxcErrors
    .slice(0, 5)
    .map((e) => {
      const plain = e.message.replace(/\x1b\[[0-9;]*m/g, "");
      const title = (plain.split("\n")[0] ?? "").replace(/^\[[A-Z_]+\]\s*/, "").trim();
      const at = /\[ .*:(\d+):(\d+) \]/.exec(plain);
      return at ? `${fileName}:${at[1]}:${at[2]}: ${title}` : `${fileName}: ${title}`;
    })
    .join("\n");
}

/** TypeScript → JavaScript, per file, no type check; a syntax error is a message, never a throw. */
export function transpile(
  source: string,
  fileName: string,
): { ok: true; code: string } | { ok: false; message: string } {
  let byName = transpiled.get(fileName);
  const hit = byName?.get(source);
  if (hit) return hit;
  if (Buffer.byteLength(source) > CAPS.maxSourceBytes)
    return { ok: false, message: `${fileName} is larger than ${CAPS.maxSourceBytes} bytes` };
  let result: { ok: true; code: string } | { ok: false; message: string };
  try {
    const out = transformSync(fileName, source, OXC_OPTIONS);
    result = out.errors.length
      ? { ok: false, message: explainRefusal(source, fileName, out.errors) }
      : { ok: true, code: out.code };
  } catch (error) {
    result = {
      ok: false,
      message: `${fileName} cannot be parsed (${(error as Error)?.name}: ${String((error as Error)?.message).slice(0, 200)})`,
    };
  }
  if (++transpiledCount > 5000) {
    transpiled.clear();
    transpiledCount = 0;
    byName = undefined;
  }
  if (!byName) transpiled.set(fileName, (byName = new Map()));
  byName.set(source, result);
  return result;
}

/** One exercise to run: its files (TypeScript, root-relative paths), the module to import, the calls. */
export interface SandboxJob {
  files: Record<string, string>;
  entry: string;
  calls: readonly RunnableCall[];
  limits?: SandboxLimits;
  /** The library modules the entry may import (imports.ts), and how to name the exercise in messages. */
  restrict?: { uses: readonly LibraryUse[]; exercise: string };
}

/** Where the sandbox puts the barrel that stands in for lib/index.js (root-relative, no extension). */
const ALLOWED_BARREL = "lib/allowed-for-this-exercise";

/** A JavaScript expression that builds `v` in the exercise's realm: -0, NaN and ±Infinity included, `__proto__` an own key. */
function jsLiteral(v: unknown): string {
  if (typeof v === "number") {
    if (Number.isNaN(v)) return "(0/0)";
    if (v === Infinity) return "(1/0)";
    if (v === -Infinity) return "(-1/0)";
    if (Object.is(v, -0)) return "-0";
    return String(v);
  }
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v === null) return "null";
  if (v === undefined) return "undefined";
  if (Array.isArray(v)) return `[${v.map(jsLiteral).join(",")}]`;
  if (typeof v === "object")
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `[${JSON.stringify(k)}]:${jsLiteral(x)}`)
      .join(",")}}`;
  throw new TypeError(`cannot pass a ${typeof v} to a sandboxed call`);
}
const callsLiterals = new WeakMap<object, string>();
function callsLiteral(calls: readonly RunnableCall[]): string {
  let s = callsLiterals.get(calls);
  if (s === undefined) {
    s = `[${calls.map((c) => `[${JSON.stringify(c.fn)},${jsLiteral(c.args)}]`).join(",\n")}]`;
    callsLiterals.set(calls, s);
  }
  return s;
}

/** A job ready for the child, or why it cannot run. */
export type Prepared =
  | {
      ok: true;
      modules: Record<string, string>;
      entry: string;
      calls: string;
      fns: string[];
      /** The calls whose arguments the child sends back after the call (`watchInputs`). */
      watch: number[];
    }
  | { ok: false; problem: string };

/** Transpiles a job's files and holds its entry to its allowance; a problem here costs no process. */
export function prepare(job: SandboxJob): Prepared {
  const js: Record<string, string> = {};
  for (const [rel, source] of Object.entries(job.files)) {
    const t = transpile(source, rel);
    if (!t.ok) return { ok: false, problem: `does not compile: ${t.message}` };
    js[rel.replace(/\.ts$/, ".js")] = t.code;
  }
  const entry = job.entry.replace(/\.ts$/, ".js");
  if (!(entry in js)) return { ok: false, problem: `${job.entry} is not among the files` };
  if (job.restrict) {
    const held = restrictImports(js[entry]!, job.entry, job.restrict.uses, {
      barrel: ALLOWED_BARREL,
      extension: ".js",
      ...job.restrict,
    });
    if (held.problems.length) return { ok: false, problem: held.problems.join("\n") };
    js[entry] = held.code;
    js[`${ALLOWED_BARREL}.js`] = barrelSource(job.restrict.uses, (m) => `./${m}.js`, job.restrict.exercise);
  }
  return {
    ok: true,
    modules: js,
    entry,
    calls: callsLiteral(job.calls),
    fns: job.calls.map((c) => c.fn),
    watch: job.calls.flatMap((c, i) => (c.watchInputs ? [i] : [])),
  };
}
