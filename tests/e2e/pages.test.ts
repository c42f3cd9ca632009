/**
 * Every page of the built site, opened twice in headless Chromium (the run's one build and one browser,
 * tests/helpers/site.ts) with every non-localhost request aborted, each time until every cell has settled.
 * Each visit checks all that can be seen in it, so that no page is loaded more often than its two
 * viewports need (a page takes seconds to settle; three test files once opened each page four times).
 *
 * At a desktop, 1280 × 900 (tools/author/browser.ts `inspectPage`, tools/author/a11y.ts):
 * - no console error or failed request, nothing fetched from the network, every cell fulfilled, no KaTeX
 *   error, no blank canvas, and every slider changes a figure;
 * - `main` laid out 0 px wide for a moment and back, as a full-page capture, a print or a hidden tab does,
 *   draws no figure at a negative size and logs no error (with `COURSE_SCREENSHOTS=1`, a real full-page
 *   screenshot of each page lands in .cache/screenshots/, git-ignored: 2–4 s a page);
 * - axe-core (the npm package) finds no critical or serious violation of WCAG 2.2 AA;
 * - every range input has an accessible name;
 * - a wheel turned over the chapter's first canvas scrolls the page (no scroll trap);
 * - every `npm run check|hint|watch …` printed on a page parses with the commands' own argument parser
 *   and names an exercise that exists (`npm run check – muller`, with an en dash, did not).
 *
 * On a 390 × 844 phone, where a chart is narrowest and a long tick label most likely cut off:
 * - nothing is wider than the screen;
 * - every canvas and every Plot chart is inside a `<figure>` whose `<figcaption>` says something
 *   (figures/caption.ts), each chart's tick labels lie inside its svg (a log axis's `0.00001` once read
 *   `00001`), and no box that hides 13 px or less is a tab stop (30 inline formulas in chapter 08 once were);
 * - no console error at 390, 768 and 1920 px wide (a re-layout is where negative sizes appeared).
 *
 * The per-page table (axe violations, phone width, …) is printed at the end; `tools/author/a11y.ts`
 * prints the same table for any built folder.
 */

import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  type AxeViolation,
  axe,
  isBlocking,
  openSettled,
  overflow,
  sliderNames,
  strayScrollStops,
  ticksOutside,
  uncaptioned,
  wheelScrolls,
} from "../../tools/author/a11y.ts";
import { hideAndShowMain, inspectPage, settleAfterLayout } from "../../tools/author/browser.ts";
import { parseCommand } from "../../tools/author/cli.ts";
import { courseIndex, findExercise } from "../../tools/author/course.ts";
import { fromRoot } from "../../tools/author/root.ts";
import { USAGE as CHECK_USAGE } from "../../tools/student/check.ts";
import { sharedSite } from "../helpers/site.ts";

const pages = readdirSync(fromRoot("notebooks"))
  .filter((f) => f.endsWith(".html"))
  .sort();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const OTHER_WIDTHS = [768, 1920];
const SHOTS = fromRoot(".cache/screenshots");
if (process.env.COURSE_SCREENSHOTS) mkdirSync(SHOTS, { recursive: true });

/** The site built once for the run, and the run's Chromium (tests/helpers/site.ts). */
const site = sharedSite();

/** One row of the table printed at the end. */
interface Row {
  page: string;
  violations: AxeViolation[];
  phoneWidth: number;
  wheel: string;
  unnamed: number;
  errors: number;
}
const rows = new Map<string, Row>();

afterAll(async () => {
  const count = (r: Row, impact: string) => r.violations.filter((v) => v.impact === impact).length;
  console.log(
    [
      "page | critical | serious | moderate+minor | width at 390 | wheel over first canvas | unnamed sliders | console errors",
      ...[...rows.values()].map((r) =>
        [
          r.page,
          count(r, "critical"),
          count(r, "serious"),
          r.violations.length - count(r, "critical") - count(r, "serious"),
          r.phoneWidth,
          r.wheel,
          r.unnamed,
          r.errors,
        ].join(" | "),
      ),
    ].join("\n"),
  );
});

/** The shell commands printed on the page: every code element that starts with `npm run`. */
const printedCommands = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll("main code"), (c) => (c.textContent ?? "").trim()).filter((t) =>
      t.startsWith("npm run "),
    ),
  );

const PARSERS: Record<string, { usage: string; options: Parameters<typeof parseCommand>[1] }> = {
  check: { usage: CHECK_USAGE, options: {} },
  watch: { usage: CHECK_USAGE, options: {} },
  hint: { usage: "Usage: npm run hint -- <exercise> [--reset]", options: { reset: { type: "boolean" } } },
};

/**
 * What is wrong with a printed `npm run check|hint|watch …` command, if anything: the arguments npm would
 * hand the script, parsed by the commands' own parser (tools/author/cli.ts), and each exercise it names
 * looked up as `npm run check` looks it up. Placeholders (`<exercise>`) are left alone.
 */
async function commandProblem(command: string): Promise<string | undefined> {
  const m = /^npm run (\w+)(?:\s+(.*))?$/.exec(command);
  const parser = m && PARSERS[m[1]!];
  if (!m || !parser) return undefined;
  const words = (m[2] ?? "").split(/\s+/).filter(Boolean);
  if (words.some((w) => w.startsWith("<"))) return undefined;
  if (words[0] === "--") words.shift();
  else if (words.some((w) => w.startsWith("-"))) return `${command}: npm keeps options before "--" for itself`;
  const exit = vi.spyOn(process, "exit").mockImplementation((code) => {
    throw new Error(`exits ${code}`);
  });
  const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const { positionals } = parseCommand(parser.usage, parser.options, words);
    const index = await courseIndex();
    for (const p of positionals) findExercise(index, p);
    return undefined;
  } catch (error) {
    return `${command}: ${(error as Error).message.split("\n")[0]}`;
  } finally {
    exit.mockRestore();
    quiet.mockRestore();
  }
}

describe("every page, at a desktop and on a phone", () => {
  it.each(pages)(
    "%s loads offline at a desktop: no error, every cell fulfilled, no blank canvas, live sliders, no critical or serious axe violation, named sliders, no scroll trap",
    async (name) => {
      const desk = await site.browser.newPage({ viewport: DESKTOP });
      try {
        const shot = process.env.COURSE_SCREENSHOTS ? join(SHOTS, name.replace(/\.html$/, ".png")) : undefined;
        const r = await inspectPage(desk, site.base + name, shot);
        expect(r.settled).toBe(true);
        // What a full-page capture does to the layout, without its 2–4 s of rasterizing a 14,000 px page;
        // any error it causes lands in `r.errors`, which the page's listeners still fill.
        expect(await hideAndShowMain(desk), "every cell settles after main is hidden and shown").toBe(true);
        const violations = await axe(desk);
        const names = await sliderNames(desk);
        const wheel = await wheelScrolls(desk);
        const commands = await printedCommands(desk);
        const problems = (await Promise.all(commands.map(commandProblem))).filter(Boolean);
        rows.set(name, {
          ...(rows.get(name) ?? { page: name, phoneWidth: 0, errors: 0 }),
          violations,
          wheel: wheel ? `${wheel.scrolled} px` : "no canvas",
          unnamed: names.filter((n) => !n).length,
          errors: (rows.get(name)?.errors ?? 0) + r.errors.length,
        });
        expect.soft(r.errors, `console errors and failed requests at ${DESKTOP.width} px`).toEqual([]);
        expect.soft(r.external, "requests to anything but localhost").toEqual([]);
        expect.soft(r.cells.filter((c) => c.status !== "fulfilled")).toEqual([]);
        expect.soft(r.katexErrors, "KaTeX errors").toBe(0);
        for (const c of r.canvases) expect.soft(c.nonBackground, `canvas in ${c.cell}`).toBeGreaterThan(0.01);
        for (const s of r.sliders) expect.soft(s.changed, `slider "${s.label}" changes a figure`).toBe(true);
        expect
          .soft(
            violations.filter(isBlocking).map((v) => `${v.impact} ${v.id} ×${v.nodes}: ${v.targets.join(" ; ")}`),
            "axe: critical and serious violations",
          )
          .toEqual([]);
        expect.soft(names.filter((n) => !n).length, "range inputs without an accessible name").toBe(0);
        if (wheel)
          expect
            .soft(wheel.scrolled, `a wheel over the first canvas (${wheel.cell}) scrolls the page`)
            .toBeGreaterThan(100);
        expect.soft(problems, "printed shell commands that the commands' parser rejects").toEqual([]);
      } finally {
        await desk.close();
      }
    },
    240_000,
  );

  it.each(pages)(
    "%s fits a phone: every figure captioned, tick labels inside their chart, no stray tab stop, no console error at any width",
    async (name) => {
      const phone = await site.browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
      try {
        const mobile = await openSettled(phone, site.base + name);
        expect(mobile.settled).toBe(true);
        const wide = await overflow(phone);
        expect
          .soft(wide.scrollWidth, `page width at ${PHONE.width} px: ${wide.culprits.join(", ")}`)
          .toBeLessThanOrEqual(wide.viewport);
        expect.soft(await uncaptioned(phone), "canvases and charts without a figure caption").toEqual([]);
        expect.soft(await ticksOutside(phone), "tick labels outside their chart's svg").toEqual([]);
        expect.soft(await strayScrollStops(phone), "tab stops on boxes that hide 13 px or less").toEqual([]);
        // The same page at the other widths: a re-layout is where negative sizes appeared.
        for (const width of OTHER_WIDTHS) {
          await phone.setViewportSize({ width, height: 900 });
          expect.soft(await settleAfterLayout(phone), `every cell settles at ${width} px`).toBe(true);
        }
        rows.set(name, {
          ...(rows.get(name) ?? { page: name, violations: [], wheel: "", unnamed: 0, errors: 0 }),
          phoneWidth: wide.scrollWidth,
          errors: (rows.get(name)?.errors ?? 0) + mobile.errors.length,
        });
        expect.soft(mobile.errors, `console errors at ${[PHONE.width, ...OTHER_WIDTHS].join(", ")} px`).toEqual([]);
      } finally {
        await phone.close();
      }
    },
    240_000,
  );
});
