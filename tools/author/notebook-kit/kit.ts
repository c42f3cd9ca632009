/**
 * Vite settings shared by the site (`vite.config.ts`) and the notebook tests
 * (`vitest.config.ts`): the kit's own config, and the aliases that swap the
 * kit's CDN-backed runtime for ours.
 */

import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { config } from "@observablehq/notebook-kit/vite";
import type { Alias } from "vite";
import { fromRoot } from "../root.ts";

/** The kit's own Vite config (base "./", appType "mpa", aliases for npm:, jsr:, observable:). */
export const kitConfig = config();

/**
 * Aliases, first match wins:
 * - `observable:runtime` (exactly — what each generated page imports) → our offline runtime;
 * - `observable:<path>` → the kit's `dist/src/<path>` (its theme CSS and the internals our runtime reuses).
 * The kit's `npm:` and `jsr:` aliases (both to public CDNs) are dropped on purpose: such an import in
 * one of our modules then fails the build instead of fetching from a CDN at run time.
 */
export const notebookAliases: Alias[] = [
  { find: /^observable:runtime$/, replacement: fromRoot("notebooks/runtime/index.js") },
  ...(kitConfig.resolve!.alias as Alias[]).filter((a) => String(a.find).startsWith("/^observable:")),
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
