/**
 * Node module hooks that let plain `node` run the course's TypeScript files:
 * each `.ts` module is stripped of its types by Oxc (through Vite, already a
 * dependency) as it loads, then runs as ordinary native ESM — no bundling and
 * no wrapper, so benchmarks measure the real code.
 *
 * Registered by `register-ts.mjs`: `node --import ./tools/register-ts.mjs file.ts`.
 */

import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

let transformWithOxc;

export async function load(url, context, nextLoad) {
  if (!url.startsWith("file:") || !url.endsWith(".ts")) return nextLoad(url, context);
  transformWithOxc ??= (await import("vite")).transformWithOxc;
  const path = fileURLToPath(url);
  const result = await transformWithOxc(await readFile(path, "utf8"), path, { lang: "ts", sourcemap: false });
  return { format: "module", source: result.code, shortCircuit: true };
}
