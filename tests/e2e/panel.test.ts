/**
 * The "your turn" panel under the dev server (`npm start`), in headless Chromium: saving an exercise file
 * reruns that exercise's panel in place — the page does not reload, the other panels do not rerun — and
 * a failing panel points to `npm run hint -- NN.N` and reveals the next hint on request, through the dev
 * server, from the same hint state as the command. The time from each save to the updated panel is
 * measured and printed (median of 5 saves), never asserted: tests do not bound wall-clock times.
 *
 * It uses a scratch copy of exercises/ (`COURSE_EXERCISES_DIR`), never the real one; that copy keeps
 * its hint state beside it (`<copy>/.state/hints.json`).
 */

import { cp, mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { type InlineConfig, type ViteDevServer, createServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, waitForCells } from "../../tools/author/browser.ts";
import { loadDefinition } from "../../tools/author/course.ts";
import { fromRoot } from "../../tools/author/root.ts";

/** This run's scratch folder (per process: others may run the tests at the same time); removed at the end. */
const SCRATCH = fromRoot(`.cache/e2e-panel/${process.pid}`);
const FILE = "01-canonical-rotations/02-rotate-about-axis.ts";
const ID = "01-canonical-rotations/02-rotate-about-axis";
const SAVES = 5;

/** A wrong answer: both exports run and return something, mostly not the rotation asked for. */
const WRONG = `import type { Mat3, Vec3 } from "../../lib/index.ts";
export function alignmentAngles(axis: Vec3): [number, number] {
  return [0, 0];
}
export function rotateAboutAxis(axis: Vec3, angleRad: number): Mat3 {
  return [1, 0, 0, 0, 1, 0, 0, 0, 1];
}
`;

let browser: Browser | undefined;
let server: ViteDevServer | undefined;
let exercisesDir = "";
let stub = "";

beforeAll(async () => {
  const root = join(SCRATCH, "course");
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  await cp(fromRoot("exercises"), join(root, "exercises"), { recursive: true });
  await symlink(fromRoot("lib"), join(root, "lib"), "dir");
  exercisesDir = join(root, "exercises");
  stub = await readFile(join(exercisesDir, FILE), "utf8");
  const config: InlineConfig = {
    configFile: fromRoot("vite.config.ts"),
    logLevel: "warn",
    cacheDir: join(SCRATCH, "vite-cache"), // not the cache of a dev server someone else is running
    server: { port: 0, host: "127.0.0.1", open: false, strictPort: false },
  };
  const before = process.env.COURSE_EXERCISES_DIR;
  process.env.COURSE_EXERCISES_DIR = exercisesDir;
  try {
    server = await (await createServer(config)).listen();
  } finally {
    if (before === undefined) delete process.env.COURSE_EXERCISES_DIR;
    else process.env.COURSE_EXERCISES_DIR = before;
  }
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(SCRATCH, { recursive: true, force: true });
});

/** What the panel of exercise `number` shows, and how many times it has run. */
const panelState = (page: Page, number: string) =>
  page.evaluate((n) => {
    const p = document.querySelector<HTMLElement>(`.your-turn[data-exercise="${n}"]`);
    return {
      run: Number(p?.dataset.run ?? 0),
      status: p?.querySelector(".status")?.textContent ?? "",
      stuck: p?.querySelector(".stuck")?.textContent ?? "",
      hints: Array.from(p?.querySelectorAll("ol.hints li") ?? [], (li) => li.textContent ?? ""),
    };
  }, number);

/** The runs of every panel on the page, by exercise number. */
const runsOf = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      Array.from(document.querySelectorAll<HTMLElement>(".your-turn"), (p) => [p.dataset.exercise, p.dataset.run]),
    ),
  );

/** Marks the page: a reload would lose the mark. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __kept?: string }).__kept = "kept"));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { __kept?: string }).__kept);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

describe("the panel under the dev server", () => {
  it(
    "saving an exercise file reruns only its panel, without reloading the page; a failing panel offers the next hint",
    { timeout: 300_000 },
    async () => {
      const page = await browser!.newPage({ viewport: { width: 1100, height: 900 } });
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(String(e)));
      try {
        await page.goto(server!.resolvedUrls!.local[0]! + "01-canonical-rotations.html");
        expect(await waitForCells(page)).toBe(true);
        expect(await panelState(page, "01.2")).toMatchObject({ run: 1, status: "not started", stuck: "" });
        const othersBefore = await runsOf(page);
        await mark(page);

        // Save a wrong answer, then the stub again, and so on: each save flips the panel's status.
        const times: number[] = [];
        for (let save = 1; save <= SAVES; save++) {
          const wrong = save % 2 === 1;
          const { run } = await panelState(page, "01.2");
          const start = Date.now();
          await writeFile(join(exercisesDir, FILE), wrong ? WRONG : stub);
          await page.waitForFunction(
            ({ run, status }) => {
              const p = document.querySelector<HTMLElement>(`.your-turn[data-exercise="01.2"]`);
              return Number(p?.dataset.run) > run && p?.querySelector(".status")?.textContent === status;
            },
            { run, status: wrong ? "failing" : "not started" },
            { timeout: 30_000, polling: "raf" },
          );
          times.push(Date.now() - start);
          await page.waitForTimeout(300); // let the file watcher settle before the next save
        }
        console.log(
          `save → updated panel (01.2, dev server), ${SAVES} saves: median ${median(times)} ms (each: ${times.join(", ")} ms)`,
        );
        expect(await marked(page)).toBe("kept"); // the page never reloaded
        const othersAfter = await runsOf(page);
        expect({ ...othersAfter, "01.2": "-" }).toEqual({ ...othersBefore, "01.2": "-" }); // no other panel reran

        // Failing: the panel points to the hint command and reveals the next hint on request.
        await writeFile(join(exercisesDir, FILE), WRONG);
        await page.waitForFunction(
          () =>
            document.querySelector(`.your-turn[data-exercise="01.2"] .status`)?.textContent === "failing" &&
            document.querySelector(`.your-turn[data-exercise="01.2"] .stuck button`) !== null,
          null,
          { timeout: 30_000 },
        );
        const failing = await panelState(page, "01.2");
        expect(failing.stuck).toMatch(/^stuck\? npm run hint -- 01\.2/);
        expect(failing.hints).toEqual([]);
        const { hints } = await loadDefinition(FILE);
        expect(hints.length).toBeGreaterThan(0);
        const button = page.locator(`.your-turn[data-exercise="01.2"] .stuck button`);
        await button.click();
        await page.waitForFunction(
          () => document.querySelectorAll(`.your-turn[data-exercise="01.2"] ol.hints li`).length === 1,
        );
        expect((await panelState(page, "01.2")).hints).toEqual(hints.slice(0, 1));
        // The same state as `npm run hint`: the copy's .state/hints.json counts the revealed hints.
        const state = JSON.parse(await readFile(join(exercisesDir, "../.state/hints.json"), "utf8"));
        expect(state).toEqual({ [ID]: 1 });
        // Revealed hints stay shown when the panel reruns after the next save.
        const { run } = await panelState(page, "01.2");
        await writeFile(join(exercisesDir, FILE), WRONG + "\n");
        await page.waitForFunction(
          (run) => {
            const p = document.querySelector<HTMLElement>(`.your-turn[data-exercise="01.2"]`);
            return Number(p?.dataset.run) > run && p!.querySelectorAll("ol.hints li").length === 1;
          },
          run,
          { timeout: 30_000 },
        );
        expect(await marked(page)).toBe("kept");
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});
