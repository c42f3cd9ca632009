/**
 * Node module hooks that let plain `node` run the course's TypeScript files:
 * each `.ts` module is stripped of its types as it loads, then runs as ordinary
 * native ESM — no bundling and no wrapper, so benchmarks measure the real code.
 *
 * The stripping is Oxc's (through Vite, a development dependency: fast). Where
 * Vite is not installed — the Gradescope autograder installs only what grading
 * needs (`npm ci --omit=dev`) — it is TypeScript's own `transpileModule`, which
 * the grader needs anyway (the sandbox transpiles students' files with it).
 *
 * Registered by `register-ts.mjs`: `node --import ./tools/register-ts.mjs file.ts`.
 */

import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/** @type {((source: string, path: string) => Promise<string>) | undefined} */
let strip;

/** Oxc through Vite if Vite is installed, else TypeScript. */
async function stripper() {
  try {
    const { transformWithOxc } = await import("vite");
    return async (source, path) => (await transformWithOxc(source, path, { lang: "ts", sourcemap: false })).code;
  } catch (error) {
    if (error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    const { default: ts } = await import("typescript");
    const compilerOptions = {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true, // as tsconfig.json: type-only imports go, every other import stays
    };
    return async (source, fileName) => ts.transpileModule(source, { fileName, compilerOptions }).outputText;
  }
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith("file:") || !url.endsWith(".ts")) return nextLoad(url, context);
  strip ??= await stripper();
  const path = fileURLToPath(url);
  return { format: "module", source: await strip(await readFile(path, "utf8"), path), shortCircuit: true };
}
