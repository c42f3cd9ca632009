/**
 * The course's colours (notebooks/figures/palette.ts): every colour meant for lines and text is readable
 * as text on the page and on a 3D view's background, and the figures take their colours from the
 * palette by name instead of repeating its hex codes, and so do the chapters' cells and prose.
 */

import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contrast, palette, paletteHex } from "../../notebooks/figures/palette.ts";
import { fromRoot } from "../../tools/author/root.ts";

const FOR_TEXT = ["red", "green", "blue", "purple", "violet", "orange", "slate", "grey", "ink"] as const;

describe("the palette", () => {
  it.each(FOR_TEXT)("%s has a contrast of at least 4.5:1 on white and on a 3D view's #f7f7f5", (name) => {
    expect(contrast(palette[name], "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette[name], "#f7f7f5")).toBeGreaterThanOrEqual(4.5);
  });

  it("computes WCAG contrast: black on white is 21, a colour on itself 1, #767676 on white 4.54", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#d7263d", "#d7263d")).toBe(1);
    expect(contrast("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("gives three.js the same colours as numbers", () => {
    expect(paletteHex.red).toBe(0xd7263d);
    expect(`#${paletteHex.green.toString(16).padStart(6, "0")}`).toBe(palette.green);
  });

  it("is the only place in notebooks/figures/ and the chapters (notebooks/*.html) that spells the palette's colours as hex", () => {
    const strings = (c: string | Record<string, string>) => (typeof c === "string" ? [c] : Object.values(c));
    const hexes = Object.values(palette)
      .flatMap(strings)
      .map((c) => c.slice(1).toLowerCase());
    const old = ["d7263d", "2e86de", "1b998b", "6c3483", "8e44ad", "f4a259", "34495e"];
    const files = [
      ...readdirSync(fromRoot("notebooks/figures"))
        .filter((f) => f.endsWith(".ts") && f !== "palette.ts")
        .map((f) => `notebooks/figures/${f}`),
      ...readdirSync(fromRoot("notebooks"))
        .filter((f) => f.endsWith(".html"))
        .map((f) => `notebooks/${f}`),
    ];
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(fromRoot(file), "utf8").toLowerCase();
      for (const hex of new Set([...hexes, ...old])) if (text.includes(hex)) found.push(`${file}: ${hex}`);
    }
    expect(found).toEqual([]);
  });
});
