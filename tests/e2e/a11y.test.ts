/**
 * Every page of the built site as students who are not at a laptop with a mouse meet it, in headless
 * Chromium, after every cell has settled (issue: every student, every device):
 * - axe-core (the npm package) finds no critical or serious violation of WCAG 2.2 AA;
 * - every range input has an accessible name;
 * - a wheel turned over the chapter's first canvas scrolls the page (no scroll trap);
 * - on a 390 × 844 phone nothing is wider than the screen;
 * - no console error at 390, 768, 1280 and 1920 px wide;
 * - every `npm run check|hint|watch …` printed on a page parses with the commands' own argument parser
 *   and names an exercise that exists (`npm run check – muller`, with an en dash, did not).
 *
 * The per-page table (axe violations, phone width, …) is printed at the end. The site is the run's one
 * build (tests/helpers/site.ts); `tools/author/a11y.ts` prints the same table for any built folder.
 */

import { readdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  type AxeViolation,
  axe,
  isBlocking,
  openSettled,
  overflow,
  sliderNames,
  wheelScrolls,
} from "../../tools/author/a11y.ts";
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
const rows: Row[] = [];

afterAll(async () => {
  const count = (r: Row, impact: string) => r.violations.filter((v) => v.impact === impact).length;
  console.log(
    [
      "page | critical | serious | moderate+minor | width at 390 | wheel over first canvas | unnamed sliders | console errors",
      ...rows.map((r) =>
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

describe("every page, for every student", () => {
  it.each(pages)(
    "%s: no critical or serious axe violation, named sliders, no scroll trap, fits a phone, no console error",
    async (name) => {
      const desk = await site.browser.newPage({ viewport: DESKTOP });
      let row: Row;
      try {
        const desktop = await openSettled(desk, site.base + name);
        expect(desktop.settled).toBe(true);
        const violations = await axe(desk);
        const names = await sliderNames(desk);
        const wheel = await wheelScrolls(desk);
        const commands = await printedCommands(desk);
        const problems = (await Promise.all(commands.map(commandProblem))).filter(Boolean);
        row = {
          page: name,
          violations,
          phoneWidth: 0,
          wheel: wheel ? `${wheel.scrolled} px` : "no canvas",
          unnamed: names.filter((n) => !n).length,
          errors: desktop.errors.length,
        };
        rows.push(row);
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
        expect.soft(desktop.errors, `console errors at ${DESKTOP.width} px`).toEqual([]);
      } finally {
        await desk.close();
      }

      const phone = await site.browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
      try {
        const mobile = await openSettled(phone, site.base + name);
        const wide = await overflow(phone);
        row.phoneWidth = wide.scrollWidth;
        expect
          .soft(wide.scrollWidth, `page width at ${PHONE.width} px: ${wide.culprits.join(", ")}`)
          .toBeLessThanOrEqual(wide.viewport);
        // The same page at the other widths: a re-layout is where negative sizes appeared.
        for (const width of OTHER_WIDTHS) {
          await phone.setViewportSize({ width, height: 900 });
          await phone.waitForTimeout(400);
        }
        row.errors += mobile.errors.length;
        expect.soft(mobile.errors, `console errors at ${[PHONE.width, ...OTHER_WIDTHS].join(", ")} px`).toEqual([]);
      } finally {
        await phone.close();
      }
    },
    240_000,
  );
});
