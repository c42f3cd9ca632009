/**
 * tools/author/notebook-kit/kit.ts writes out the kit's `observable:` alias rather than load the kit's Vite
 * config (and its TypeScript) in every Vitest run: it must stay what the kit's config computes.
 */

import { config } from "@observablehq/notebook-kit/vite";
import type { Alias } from "vite";
import { describe, expect, it } from "vitest";
import { notebookAliases } from "../../tools/author/notebook-kit/kit.ts";

describe("notebookAliases", () => {
  it("maps observable:<path> where the kit's own config does, and nothing to a CDN", () => {
    const kit = (config().resolve!.alias as Alias[]).filter((a) => String(a.find).startsWith("/^observable:"));
    expect(kit).toHaveLength(1);
    const ours = notebookAliases.filter((a) => String(a.find) === String(kit[0]!.find));
    expect(ours).toEqual([{ find: kit[0]!.find, replacement: kit[0]!.replacement }]);
    for (const a of notebookAliases) expect(a.replacement).not.toMatch(/^https?:/);
  });
});
