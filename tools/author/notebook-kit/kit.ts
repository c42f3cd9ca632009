/**
 * Vite settings shared by the site (`vite.config.ts`) and the notebook tests (`vitest.config.ts`): the
 * aliases that swap the kit's CDN-backed runtime for ours.
 *
 * This module does not load the kit: every Vitest run loads vitest.config.ts, `npm run check` among them,
 * and the kit's Vite config brings its TypeScript (1.6 s a run). The kit's own alias is written out here,
 * and tests/notebooks/kit-aliases.test.ts proves it the same as the kit's config computes.
 */

import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import type { Alias } from "vite";
import { fromRoot } from "../root.ts";

/**
 * Aliases, first match wins:
 * - `observable:runtime` (exactly — what each generated page imports) → our offline runtime;
 * - `observable:<path>` → the kit's `dist/src/<path>` (its theme CSS and the internals our runtime reuses),
 *   as the kit's own config has it.
 * The kit's `npm:` and `jsr:` aliases (both to public CDNs) are left out on purpose: such an import in
 * one of our modules then fails the build instead of fetching from a CDN at run time.
 */
export const notebookAliases: Alias[] = [
  { find: /^observable:runtime$/, replacement: fromRoot("notebooks/runtime/index.js") },
  { find: /^observable:(.*)$/, replacement: fromRoot("node_modules/@observablehq/notebook-kit/dist/src/$1") },
];

/**
 * Whether `npm start` should open the course in a browser: not in CI, not when NO_OPEN is set, and on
 * Linux only with a desktop session and `xdg-open` to hand (without them Vite's attempt prints an
 * xdg-open stack trace; the server's URL is printed either way).
 */
export function canOpenBrowser(env: NodeJS.ProcessEnv = process.env, platform = process.platform): boolean {
  if (env.CI || env.NO_OPEN) return false;
  if (platform !== "linux") return true;
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return false;
  return (env.PATH ?? "").split(delimiter).some((dir) => dir && existsSync(join(dir, "xdg-open")));
}
