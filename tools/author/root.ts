/**
 * Where the course is, and whether a module is the command being run: the two facts every tool needs.
 * Node only (the browser side of the course lives in tools/isomorphic/).
 */

import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Absolute path of a file of the course, from the repository root: `fromRoot("lib/quat.ts")`. */
export const fromRoot = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/**
 * Whether the module at `moduleUrl` (pass `import.meta.url`) is the script Node was started with, as
 * opposed to being imported by another module or a test: `if (isMain(import.meta.url)) main();`.
 */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(fileURLToPath(moduleUrl)) === realpathSync(script);
  } catch {
    return false;
  }
}
