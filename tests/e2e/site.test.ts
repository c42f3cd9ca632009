/**
 * The built site, end to end: the run's shared build (tests/helpers/site.ts), then (1) nothing in dist/ would load from the
 * network, and (2) every page is built (each page opened, offline, is tests/e2e/pages.test.ts's).
 * (3) The "your turn" panels, with a solved exercise and with a student's worst files
 * — infinite loops at top level and inside a function, promises that never settle, a syntax error, NaN —
 * in the built site and under the dev server: the page stays responsive, every cell settles, each panel
 * says what happened. Those use scratch copies of exercises/ (`COURSE_EXERCISES_DIR`), never the real
 * one, each built with only the page it opens. Screenshots land in .cache/screenshots/ (git-ignored).
 */

import { existsSync, readdirSync } from "node:fs";
import { cp, mkdir, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { type InlineConfig, type PreviewServer, createServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cellStatuses, inspectPage, serveDist } from "../../tools/author/browser.ts";
import { fromRoot } from "../../tools/author/root.ts";
import { transpile } from "../../tools/sandbox/transpile.ts";
import { buildSite, sharedSite } from "../helpers/site.ts";

const site = sharedSite();
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

beforeAll(() => mkdir(SHOTS, { recursive: true }));

describe("the built site", () => {
  it("contains no CDN or https:// import or asset URL", async () => {
    const files = (await readdir(site.dist, { recursive: true })).filter((f) => /\.(html|js|css|json|svg)$/.test(f));
    expect(files.some((f) => f.endsWith(".html"))).toBe(true);
    const hits: string[] = [];
    for (const file of files) {
      const text = await readFile(join(site.dist, file), "utf-8");
      for (const re of REMOTE) {
        for (const m of text.matchAll(re))
          hits.push(`${file}: …${text.slice(Math.max(0, m.index - 40), m.index + 80)}…`);
      }
    }
    expect(hits).toEqual([]);
  });

  it("has a page per chapter notebook", async () => {
    expect((await readdir(site.dist)).filter((f) => f.endsWith(".html")).sort()).toEqual(pages);
  });

  it("lists in each chapter's head the modules its cells import, three.js among them, each a file of the build", async () => {
    const chapters = (await readdir(site.dist)).filter((f) => /^\d\d-.*\.html$/.test(f));
    expect(chapters.length).toBeGreaterThan(0);
    for (const page of chapters) {
      const html = await readFile(join(site.dist, page), "utf-8");
      const head = html.slice(0, html.indexOf("</head>"));
      const preloaded = Array.from(
        head.matchAll(/<link rel="modulepreload" crossorigin href="\.\/([^"]+)">/g),
        (m) => m[1]!,
      );
      expect(
        preloaded.some((f) => /^assets\/three-[\w-]+\.js$/.test(f)),
        `${page}: ${preloaded.join(", ")}`,
      ).toBe(true);
      expect(new Set(preloaded).size, `${page}: a module listed twice`).toBe(preloaded.length);
      for (const f of preloaded) expect(existsSync(join(site.dist, f)), `${page}: ${f}`).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The "your turn" panels, with scratch copies of exercises/
// ---------------------------------------------------------------------------------------------

/** This run's scratch folder (per process: others may run the tests at the same time); removed at the end. */
const SCRATCH = fromRoot(`.cache/e2e/${process.pid}`);
afterAll(() => rm(SCRATCH, { recursive: true, force: true }));

/**
 * A scratch course tree `<SCRATCH>/<name>/`: a copy of exercises/ with `files` (paths inside exercises/)
 * replaced, and lib/ linked beside it for the imports the exercises allow. Returns its exercises/ folder.
 */
async function scratchExercises(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(SCRATCH, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await cp(fromRoot("exercises"), join(dir, "exercises"), { recursive: true });
  await symlink(fromRoot("lib"), join(dir, "lib"), "dir");
  for (const [file, source] of Object.entries(files)) await writeFile(join(dir, "exercises", file), source);
  return join(dir, "exercises");
}

/** Runs `fn` (which loads the Vite config) with the course plugin reading the student's files from `exercisesDir`. */
async function withExercises<T>(exercisesDir: string, fn: () => Promise<T>): Promise<T> {
  const before = process.env.COURSE_EXERCISES_DIR;
  process.env.COURSE_EXERCISES_DIR = exercisesDir;
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env.COURSE_EXERCISES_DIR;
    else process.env.COURSE_EXERCISES_DIR = before;
  }
}

/**
 * Builds the pages `pages` (names without `.html`: the only ones the tests open) from a scratch
 * exercises/ tree into `<SCRATCH>/dist-<name>`, and serves it.
 */
async function buildWith(
  name: string,
  exercisesDir: string,
  pages: string[],
): Promise<{ server: PreviewServer; base: string }> {
  const outDir = join(SCRATCH, `dist-${name}`);
  await withExercises(exercisesDir, () => buildSite(outDir, pages));
  return serveDist(outDir);
}

/** What a panel shows. */
interface PanelView {
  title: string;
  status: string;
  problem: string;
  rows: string[];
  caption: string;
  drawnCase: string;
  canvases: number;
  text: string;
}

const panelsOf = (page: Page): Promise<PanelView[]> =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll(".your-turn"), (p) => ({
      title: p.querySelector("h3")?.textContent ?? "",
      status: p.querySelector(".status")?.textContent ?? "",
      problem: p.querySelector(".problem")?.textContent ?? "",
      rows: Array.from(p.querySelectorAll("table.checks tr"), (r) => r.textContent ?? ""),
      caption: p.querySelector(".case")?.textContent ?? "",
      drawnCase: p.querySelector<HTMLElement>("[data-case]")?.dataset.case ?? "",
      canvases: p.querySelectorAll("canvas").length,
      text: p.textContent ?? "",
    })),
  );

/** The panel whose title names exercise `number` ("04.6"). */
const panel = (panels: PanelView[], number: string) => {
  const found = panels.find((p) => p.title.startsWith(`Your turn: ${number} `));
  if (!found) throw new Error(`no panel for ${number}: ${panels.map((p) => p.title).join("; ")}`);
  return found;
};

/**
 * Opens `url` and, until every cell has settled (at most `timeoutMs`), asks the page for the time every
 * 100 ms: resolves with the slowest answer, ms, and whether the cells settled. A page frozen by a
 * student's loop would answer late or never.
 */
async function openWatchingResponsiveness(page: Page, url: string, timeoutMs = 45_000) {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  const start = Date.now();
  let slowest = 0;
  let settled = false;
  while (Date.now() - start < timeoutMs) {
    const t0 = Date.now();
    settled = await Promise.race([
      page.evaluate(() => {
        const nb = (window as unknown as { __notebook?: { cells: Map<number, { status: string }> } }).__notebook;
        const cells = [...(nb?.cells.values() ?? [])];
        return cells.length > 0 && cells.every((c) => c.status !== "pending");
      }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the page gave no answer in 5 s")), 5000)),
    ]);
    slowest = Math.max(slowest, Date.now() - t0);
    if (settled) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { slowest, settled, ms: Date.now() - start };
}

/** What the page answers to 1 + 1, or a rejection if it gives no answer within `ms`. */
const answersWithin = (page: Page, ms: number) =>
  Promise.race([
    page.evaluate(() => 1 + 1),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the page gave no answer in ${ms} ms`)), ms)),
  ]);

/** Chapter 04 as a student might leave it: a bit of everything that can go wrong. */
const BROKEN: Record<string, string> = {
  // Right except for negative angles: the first failing case is deep inside the second check.
  "04-quaternions/01-from-axis-angle.ts": `export function fromAxisAngle(axis: number[], angleRad: number): number[] {
  const a = Math.abs(angleRad); // the bug: the sign of the angle is lost
  const s = Math.sin(a / 2) / Math.hypot(axis[0]!, axis[1]!, axis[2]!);
  return [axis[0]! * s, axis[1]! * s, axis[2]! * s, Math.cos(a / 2)];
}
`,
  // An infinite loop at the top of the module.
  "04-quaternions/02-multiply.ts": `while (true) {}
export function multiply(a: number[], b: number[]): number[] {
  return a;
}
`,
  // A promise that never settles, returned by the function.
  "04-quaternions/03-rotate-vector.ts": `export function rotateVector(q: number[], v: number[]): Promise<number[]> {
  return new Promise(() => {});
}
`,
  // NaN and infinities, from a module that refuses to load on the page's own thread: it loads only
  // because the panel runs it in a worker, where there is no document.
  "04-quaternions/04-to-matrix.ts": `if (typeof document !== "undefined") throw new Error("this ran on the page's main thread");
export function toMatrix(q: number[]): number[] {
  return [NaN, Infinity, -Infinity, 0, 1, 0, 0, 0, 1];
}
`,
  // A syntax error: the parameter list is not closed.
  "04-quaternions/05-from-matrix.ts": `export function fromMatrix(m: number[] {
  return m;
}
`,
  // An infinite loop inside the function.
  "04-quaternions/06-pow.ts": `export function pow(q: number[], t: number): number[] {
  while (true) {}
}
`,
  // A top-level await that never settles.
  "04-quaternions/07-from-two-vectors.ts": `await new Promise(() => {});
export function fromTwoVectors(u: number[], v: number[]): number[] {
  return [0, 0, 0, 1];
}
`,
};

/** 04.6 done right (the student edition has no solutions/ to copy). */
const FIXED_POW = `export function pow(q: number[], t: number): number[] {
  const s = Math.hypot(q[0]!, q[1]!, q[2]!);
  if (s === 0) return q[3]! > 0 ? [0, 0, 0, 1] : [Math.sin(t * Math.PI), 0, 0, Math.cos(t * Math.PI)];
  const alpha = Math.atan2(s, q[3]!);
  const k = Math.sin(t * alpha) / s;
  return [q[0]! * k, q[1]! * k, q[2]! * k, Math.cos(t * alpha)];
}
`;

/** Opens the broken chapter 04 and checks every panel; returns the page's console errors. */
async function expectBrokenChapter(page: Page, url: string, screenshot: string) {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  const workers: string[] = [];
  page.on("worker", (w) => workers.push(w.url()));
  // A `while (true) {}` on the page's own thread could never be stopped: the page would not answer again,
  // and openWatchingResponsiveness would fail with "no answer in 5 s". That it answers until every cell
  // settles is the proof; no wall-clock bound is asserted (a loaded CI machine starting WebGL can stall
  // a healthy page for two seconds). That the code runs in a worker is checked directly below (04.4).
  const watched = await openWatchingResponsiveness(page, url);
  expect(watched.settled, "every cell settles").toBe(true);
  expect(
    workers.some((url) => url.includes("exercise-worker")),
    workers.join(", "),
  ).toBe(true);
  expect((await cellStatuses(page)).filter((c) => c.status !== "fulfilled")).toEqual([]);
  const panels = await panelsOf(page);

  const fromAxisAngle = panel(panels, "04.1");
  expect(fromAxisAngle.status).toBe("failing");
  // The figure draws the first failing case (θ = −90° in the landmarks), not the first case of its check.
  expect(fromAxisAngle.drawnCase).not.toBe("0");
  expect(fromAxisAngle.caption).toMatch(/^First failing case — landmark angles about \(1, 2, 2\): .*θ = -90°/);
  expect(fromAxisAngle.canvases).toBe(1);

  const multiply = panel(panels, "04.2"); // the loop at import
  expect(multiply.problem).toMatch(
    /^the module could not be loaded: no answer within \d+ ms while importing it — an infinite loop/,
  );
  const fromTwoVectors = panel(panels, "04.7"); // the await at import
  expect(fromTwoVectors.problem).toMatch(/no answer within \d+ ms while importing it/);

  const pow = panel(panels, "04.6"); // the loop inside the function
  expect(pow.status).toBe("failing");
  expect(pow.rows.join("\n")).toMatch(/no answer within 2000 ms — an infinite loop/);
  expect(pow.rows.join("\n")).toMatch(/not run: an earlier call of pow\(\) never answered/);
  expect(pow.caption).toMatch(/^First failing case — .*\nno answer within 2000 ms/);

  const rotateVector = panel(panels, "04.3"); // the promise that never settles
  expect(rotateVector.rows.join("\n")).toMatch(
    /no answer within 2000 ms — an infinite loop, or a promise that never settles\?/,
  );

  const toMatrix = panel(panels, "04.4"); // NaN, ±Infinity as themselves; loaded, so not on the main thread
  expect(toMatrix.status).toBe("failing");
  expect(toMatrix.text).not.toMatch(/main thread/);
  expect(toMatrix.text).toMatch(/NaN/);
  expect(toMatrix.text).toMatch(/-Infinity/);
  expect(toMatrix.text).not.toMatch(/\bnull\b/);

  // The syntax error reads exactly as `npm run check` prints it (the sandbox compiles with the same transpile).
  const compiled = transpile(BROKEN["04-quaternions/05-from-matrix.ts"]!, "exercises/04-quaternions/05-from-matrix.ts");
  expect(compiled.ok).toBe(false);
  const message = compiled.ok ? "" : compiled.message;
  expect(message).toMatch(/^exercises\/04-quaternions\/05-from-matrix\.ts:1:\d+: /);
  expect(panel(panels, "04.5").problem).toBe(`does not compile: ${message}`);
  expect(panel(panels, "04.5").text).not.toMatch(/Failed to fetch/);

  for (const p of panels) expect(p.status, p.title).not.toBe("passed");
  await page.screenshot({ path: screenshot, fullPage: true });
  for (const number of ["04.1", "04.2", "04.4", "04.5", "04.6"]) {
    const index = panels.findIndex((p) => p.title.startsWith(`Your turn: ${number} `));
    await page
      .locator(".your-turn")
      .nth(index)
      .screenshot({ path: screenshot.replace(/\.png$/, `-${number}.png`) });
  }
  // Still responsive afterwards (the worker that looped forever was terminated, not left spinning).
  expect(await answersWithin(page, 5000)).toBe(2);
  return errors;
}

/** The exercise a student has solved: its reference solution stands in for the student's work. */
const SOLVED = "01-canonical-rotations/02-rotate-about-axis.ts";

/**
 * The student's site, built once for the panels' tests in the built site: a scratch exercises/ whose
 * chapter 04 is {@link BROKEN} and, where there are reference solutions (the student edition has none to
 * copy), whose {@link SOLVED} is solved — chapter 01's page reads nothing of chapter 04's files, and
 * chapter 04's nothing of 01's. Only the two pages the tests open.
 */
let studentSite: Promise<{ server: PreviewServer; base: string }> | undefined;
const builtStudentSite = () =>
  (studentSite ??= (async () => {
    const files = { ...BROKEN };
    if (existsSync(fromRoot("solutions"))) files[SOLVED] = await readFile(fromRoot(`solutions/${SOLVED}`), "utf8");
    const dir = await scratchExercises("student", files);
    return buildWith("student", dir, ["01-canonical-rotations", "04-quaternions"]);
  })());
afterAll(async () => {
  await (await studentSite?.catch(() => undefined))?.server.close();
});

describe("the 'your turn' panel with a solved exercise", () => {
  // Needs a reference solution to stand in for the student's work: the student edition has none.
  it.runIf(existsSync(fromRoot("solutions")))(
    "renders 'passed' with the student's frames over the reference, without errors",
    { timeout: 300_000 },
    async () => {
      // A copy of exercises/ in which one exercise is its solution, as if the student had solved it.
      const solved = await builtStudentSite();
      const page = await site.browser.newPage({ viewport: { width: 1100, height: 900 } });
      try {
        const r = await inspectPage(
          page,
          solved.base + "01-canonical-rotations.html",
          join(SHOTS, "01-solved-panel.png"),
        );
        expect(r.errors).toEqual([]);
        expect(r.cells.filter((c) => c.status !== "fulfilled")).toEqual([]);
        const panels = await panelsOf(page);
        expect(panel(panels, "01.2")).toMatchObject({ status: "passed", canvases: 1 });
        expect(panels.filter((p) => !p.title.includes("01.2")).every((p) => p.status === "not started")).toBe(true);
      } finally {
        await page.close();
      }
    },
  );
});

describe("the 'your turn' panel runs the student's code in a Web Worker, with time limits", () => {
  it(
    "in the built site: loops, unsettled promises, a syntax error and NaN never freeze the page",
    { timeout: 300_000 },
    async () => {
      const broken = await builtStudentSite();
      const page = await site.browser.newPage({ viewport: { width: 1100, height: 900 } });
      try {
        const errors = await expectBrokenChapter(
          page,
          broken.base + "04-quaternions.html",
          join(SHOTS, "04-broken-built.png"),
        );
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );

  it(
    "under the dev server (npm start): the same, and saving a fixed file reruns the panel",
    { timeout: 300_000 },
    async () => {
      const dir = await scratchExercises("broken-dev", BROKEN);
      const config: InlineConfig = {
        configFile: fromRoot("vite.config.ts"),
        logLevel: "warn",
        cacheDir: join(SCRATCH, "vite-cache"), // not the cache of a dev server someone else is running
        server: { port: 0, host: "127.0.0.1", open: false, strictPort: false },
      };
      const server = await withExercises(dir, async () => (await createServer(config)).listen());
      const page = await site.browser.newPage({ viewport: { width: 1100, height: 900 } });
      try {
        const base = server.resolvedUrls!.local[0]!;
        const errors = await expectBrokenChapter(page, base + "04-quaternions.html", join(SHOTS, "04-broken-dev.png"));
        expect(errors).toEqual([]);
        // The student fixes the loop in pow and saves: the panel reruns in place (no reload) and passes.
        await page.evaluate(() => ((window as unknown as { __kept?: boolean }).__kept = true));
        await writeFile(join(dir, "04-quaternions/06-pow.ts"), FIXED_POW);
        await page.waitForFunction(
          () =>
            Array.from(document.querySelectorAll(".your-turn")).some(
              (p) =>
                p.querySelector("h3")?.textContent?.startsWith("Your turn: 04.6 ") &&
                p.querySelector(".status")?.textContent === "passed",
            ),
          null,
          { timeout: 30_000 },
        );
        expect(await page.evaluate(() => (window as unknown as { __kept?: boolean }).__kept)).toBe(true);
      } finally {
        await page.close();
        await server.close();
      }
    },
  );
});
