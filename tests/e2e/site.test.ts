/**
 * The built site, end to end: `vite build` into dist/, then (1) nothing in dist/ would load from the
 * network, and (2) every page, opened in headless Chromium with every non-localhost request aborted,
 * has no console errors or failed requests, every cell fulfilled, no blank canvas, and every slider
 * changes a figure. Screenshots land in .cache/screenshots/ (git-ignored).
 */

import { existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { build, type PreviewServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PageReport, inspectPage, launchBrowser, serveDist } from "../../tools/browser.ts";
import { fromRoot } from "../../tools/notebook-kit/kit.ts";

const DIST = fromRoot("dist");
const SHOTS = fromRoot(".cache/screenshots");

/** Patterns that would fetch from the network at run time. */
const REMOTE = [
  /\bimport\s*\(\s*["'`](https?:)?\/\//g, // dynamic import of a URL
  /\b(from|import)\s*["'`](https?:)?\/\//g, // static import or re-export of a URL
  /@import\s+(url\()?\s*["']?(https?:)?\/\//g, // CSS @import of a URL
  /url\(\s*["']?(https?:)?\/\//g, // CSS asset URL (fonts …)
  /\b(src|href)\s*=\s*["']?(https?:)?\/\//g, // HTML attribute
  /cdn\.|jsdelivr|unpkg\.com|esm\.sh|api\.observablehq\.com/g, // known CDNs, anywhere
];

/** One page per notebook: the build must produce exactly these. */
const pages = readdirSync(fromRoot("notebooks"))
  .filter((f) => f.endsWith(".html"))
  .sort();
let server: PreviewServer | undefined;
let base = "";
let browser: Browser | undefined;

beforeAll(async () => {
  await build({ configFile: fromRoot("vite.config.ts"), logLevel: "warn" });
  await mkdir(SHOTS, { recursive: true });
  ({ server, base } = await serveDist());
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("the built site", () => {
  it("contains no CDN or https:// import or asset URL", async () => {
    const files = (await readdir(DIST, { recursive: true })).filter((f) => /\.(html|js|css|json|svg)$/.test(f));
    expect(files.some((f) => f.endsWith(".html"))).toBe(true);
    const hits: string[] = [];
    for (const file of files) {
      const text = await readFile(join(DIST, file), "utf-8");
      for (const re of REMOTE) {
        for (const m of text.matchAll(re))
          hits.push(`${file}: …${text.slice(Math.max(0, m.index - 40), m.index + 80)}…`);
      }
    }
    expect(hits).toEqual([]);
  });

  it("has a page per chapter notebook", async () => {
    expect((await readdir(DIST)).filter((f) => f.endsWith(".html")).sort()).toEqual(pages);
  });
});

describe("the 'your turn' panel with a solved exercise", () => {
  // Needs a reference solution to stand in for the student's work: the student edition has none.
  it.runIf(existsSync(fromRoot("solutions")))(
    "renders 'passed' with the student's frames over the reference, without errors",
    { timeout: 300_000 },
    async () => {
      // Build a copy of the site in which one exercise module is its solution, as if the student had solved it.
      const outDir = fromRoot(".cache/dist-solved");
      await build({
        configFile: fromRoot("vite.config.ts"),
        logLevel: "warn",
        build: { outDir, emptyOutDir: true },
        resolve: {
          alias: [
            {
              find: /^\.\.\/exercises\/01-canonical-rotations\/02-rotate-about-axis\.ts$/,
              replacement: fromRoot("solutions/01-canonical-rotations/02-rotate-about-axis.ts"),
            },
          ],
        },
      });
      const site = await serveDist(outDir);
      const page = await browser!.newPage({ viewport: { width: 1100, height: 900 } });
      try {
        const r = await inspectPage(
          page,
          site.base + "01-canonical-rotations.html",
          join(SHOTS, "01-solved-panel.png"),
        );
        expect(r.errors).toEqual([]);
        expect(r.cells.filter((c) => c.status !== "fulfilled")).toEqual([]);
        const panels = await page.evaluate(() =>
          Array.from(document.querySelectorAll(".your-turn"), (p) => ({
            title: p.querySelector("h3")?.textContent ?? "",
            status: p.querySelector(".status")?.textContent ?? "",
            canvases: p.querySelectorAll("canvas").length,
          })),
        );
        expect(panels.find((p) => p.title.includes("any axis"))).toMatchObject({ status: "passed", canvases: 1 });
        expect(panels.filter((p) => !p.title.includes("any axis")).every((p) => p.status === "not started")).toBe(true);
      } finally {
        await page.close();
        await site.server.close();
      }
    },
  );
});

describe("every page in headless Chromium, offline", () => {
  const reports = new Map<string, PageReport>();
  const report = async (name: string) => {
    if (!reports.has(name)) {
      const page = await browser!.newPage({ viewport: { width: 1100, height: 900 } });
      try {
        reports.set(name, await inspectPage(page, base + name, join(SHOTS, name.replace(/\.html$/, ".png"))));
      } finally {
        await page.close();
      }
    }
    return reports.get(name)!;
  };
  it.each(pages)(
    "%s loads with no error, every cell fulfilled, no blank canvas, live sliders",
    { timeout: 120_000 },
    async (name) => {
      const r = await report(name);
      expect(r.errors).toEqual([]);
      expect(r.external).toEqual([]);
      expect(r.settled).toBe(true);
      expect(r.cells.filter((c) => c.status !== "fulfilled")).toEqual([]);
      expect(r.katexErrors).toBe(0);
      for (const c of r.canvases) expect(c.nonBackground, `canvas in ${c.cell}`).toBeGreaterThan(0.01);
      for (const s of r.sliders) expect(s.changed, `slider "${s.label}" changes a figure`).toBe(true);
    },
  );
});
