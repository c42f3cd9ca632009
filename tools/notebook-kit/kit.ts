/**
 * Vite settings shared by the site (`vite.config.ts`) and the notebook tests
 * (`vitest.config.ts`): the kit's own config, and the aliases that swap the
 * kit's CDN-backed runtime for ours.
 */

import { fileURLToPath } from "node:url";
import { config } from "@observablehq/notebook-kit/vite";
import type { Alias } from "vite";

/** Absolute path of a file of the course, from the repository root. */
export const fromRoot = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url));

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
