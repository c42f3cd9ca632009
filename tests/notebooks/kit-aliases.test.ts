/**
 * tools/author/notebook-kit/kit.ts writes out the kit's `observable:` alias rather than load the kit's Vite
 * config (and its TypeScript) in every Vitest run: it must stay what the kit's config computes.
 */

import { realpathSync } from "node:fs";
import { dirname } from "node:path";
import { config } from "@observablehq/notebook-kit/vite";
import type { Alias } from "vite";
import { describe, expect, it } from "vitest";
import { notebookAliases } from "../../tools/author/notebook-kit/kit.ts";

describe("notebookAliases", () => {
  it("maps observable:<path> where the kit's own config does, and nothing to a CDN", () => {
    const kit = (config().resolve!.alias as Alias[]).filter((a) => String(a.find).startsWith("/^observable:"));
    expect(kit).toHaveLength(1);
    const ours = notebookAliases.filter((a) => String(a.find) === String(kit[0]!.find));
    expect(ours).toHaveLength(1);
    // The same folder, wherever node_modules really is (the kit names its real path; a copy of the course
    // may link node_modules, as the student edition's test does).
    const folder = (replacement: string) => realpathSync(dirname(replacement));
    expect(ours[0]!.replacement.endsWith("/$1") && kit[0]!.replacement.endsWith("/$1")).toBe(true);
    expect(folder(ours[0]!.replacement)).toBe(folder(kit[0]!.replacement));
    for (const a of notebookAliases) expect(a.replacement).not.toMatch(/^https?:/);
  });
});
