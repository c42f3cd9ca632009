/**
 * Chapter 04's virtual trackball in headless Chromium: real pointer input on the canvas turns the object.
 * The run's shared build is served (tests/helpers/site.ts); the figure exposes the object's orientation as
 * `data-orientation` (a quaternion `[x, y, z, w]`), and each drag's result is compared with lib/trackball.ts
 * for the same pointer positions: a mouse drag (arcball and incremental), a closed drag (back to the start
 * with the arcball, turned by the holonomy with the incremental trackball), a touch drag, and the "Draw a
 * circle" button. Screenshots land in .cache/screenshots/ (git-ignored).
 */

import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Quat, quat, scalar, trackball } from "../../lib/index.ts";
import { cellStatuses, waitForCells } from "../../tools/author/browser.ts";
import { fromRoot } from "../../tools/author/root.ts";
import { sharedSite } from "../helpers/site.ts";

const site = sharedSite();
const SHOTS = fromRoot(".cache/screenshots");
/** The ball's radius in the figure (notebooks/figures/trackball.ts's default). */
const BALL = { radius: 0.85 };
/** Pointer positions arrive in whole CSS pixels; half a pixel on a 400-pixel canvas is 0.0025 screen units. */
const PIXEL_RAD = 0.02;

let context: BrowserContext | undefined;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  context = await site.browser.newContext({ viewport: { width: 1100, height: 900 }, hasTouch: true });
  page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && errors.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  await page.goto(site.base + "04-quaternions.html", { waitUntil: "load" });
  expect(await waitForCells(page), "every cell settles").toBe(true);
  await page.locator(".trackball-figure canvas").scrollIntoViewIfNeeded();
}, 300_000);

afterAll(async () => {
  await context?.close();
});

/** The canvas's box in the viewport (CSS pixels). */
async function canvasBox() {
  const box = await page.locator(".trackball-figure canvas").boundingBox();
  if (!box) throw new Error("the trackball canvas has no box");
  return box;
}

/** The object's orientation as the figure reports it. */
async function orientation(): Promise<Quat> {
  const json = await page.locator(".trackball-figure").getAttribute("data-orientation");
  return JSON.parse(json ?? "null") as Quat;
}

/** Offsets from the canvas centre (CSS pixels, y down) → viewport pixels, whole pixels as a mouse reports them. */
function pixels(box: { x: number; y: number; width: number; height: number }, offsets: [number, number][]) {
  return offsets.map(([dx, dy]) => [Math.round(box.x + box.width / 2 + dx), Math.round(box.y + box.height / 2 + dy)]);
}

/** The same pixels as the figure sees them: normalized screen points. */
function screenPoints(box: { x: number; y: number; width: number; height: number }, at: number[][]) {
  return at.map(([px, py]) => trackball.screenPoint(px! - box.x, py! - box.y, box.width, box.height));
}

/** Waits until the figure has finished `n` replays; on a timeout, says what the page showed instead. */
async function replaysDone(n: number) {
  try {
    await page.waitForFunction(
      (want) => document.querySelector<HTMLElement>(".trackball-figure")?.dataset.replays === String(want),
      n,
      { timeout: 30_000, polling: 100 }, // on a timer: the wait itself needs none of the page's frames
    );
  } catch (error) {
    const seen = await page.evaluate(() => ({
      replays: document.querySelector<HTMLElement>(".trackball-figure")?.dataset.replays,
      readout: document.querySelector(".trackball-figure .trackball-readout")?.textContent,
      visibility: document.visibilityState,
      focus: document.hasFocus(),
    }));
    const unsettled = (await cellStatuses(page)).filter((c) => c.status !== "fulfilled");
    throw new Error(
      `no replay ${n} within 30 s; the page showed ${JSON.stringify(seen)}; ` +
        `cells not fulfilled: ${JSON.stringify(unsettled)}; console errors: ${JSON.stringify(errors)}`,
      { cause: error },
    );
  }
}

/** Presses the mouse at the first point, moves through the others, releases at the last. */
async function mouseDrag(at: number[][]) {
  await page.mouse.move(at[0]![0]!, at[0]![1]!);
  await page.mouse.down();
  for (const [x, y] of at.slice(1)) await page.mouse.move(x!, y!);
  await page.mouse.up();
}

/** A closed circle of `radius` pixels about the offset `center`, in `steps` moves. */
const circleOffsets = (center: [number, number], radius: number, steps: number): [number, number][] =>
  Array.from({ length: steps + 1 }, (_, k) => {
    const t = (2 * Math.PI * (k % steps)) / steps;
    return [center[0] + radius * Math.cos(t), center[1] - radius * Math.sin(t)];
  });

/** Chooses the method by its radio's label, and waits until the figure has taken it (the runtime is asynchronous). */
async function setMethod(label: RegExp) {
  await page.getByLabel(label).check();
  const method = /arcball/.test(label.source) ? "arcball" : "incremental";
  await page.waitForFunction(
    (m) => document.querySelector<HTMLElement>(".trackball-figure")?.dataset.method === m,
    method,
    { timeout: 10_000, polling: 50 },
  );
}

describe("chapter 04's virtual trackball, dragged in Chromium", { timeout: 60_000 }, () => {
  it("loads with every cell fulfilled, no console errors, and the object's orientation on the figure", async () => {
    expect((await cellStatuses(page)).filter((c) => c.status !== "fulfilled")).toEqual([]);
    expect(quat.length(await orientation())).toBeCloseTo(1, 8);
    expect(await page.locator(".trackball-figure").getAttribute("data-method")).toBe("arcball");
    expect(errors).toEqual([]);
  });

  it("a mouse drag to the right turns the object about +Y, by the arcball of the same two points", async () => {
    const box = await canvasBox();
    const at = pixels(box, [
      [0, 0],
      [30, 0],
      [60, 0],
      [90, 0],
    ]);
    const before = await orientation();
    await mouseDrag(at);
    const after = await orientation();
    const turned = quat.angleBetween(before, after);
    expect(scalar.radToDeg(turned)).toBeGreaterThan(20);
    expect(after[1]).toBeGreaterThan(0.2); // about +Y: the front turns toward the pointer
    const points = screenPoints(box, at);
    const expected = quat.multiply(trackball.arcball(points[0]!, points.at(-1)!, BALL), before);
    expect(quat.angleBetween(after, expected)).toBeLessThan(PIXEL_RAD);
    await page.locator(".trackball-figure").screenshot({ path: join(SHOTS, "04-trackball-drag.png") });
  });

  it("with the arcball a closed drag returns the object to where it was; with the incremental trackball it does not", async () => {
    const box = await canvasBox();
    const at = pixels(box, circleOffsets([0, 0], 100, 48));
    const points = screenPoints(box, at);

    const start = await orientation();
    await mouseDrag(at);
    expect(quat.angleBetween(await orientation(), start)).toBeLessThan(1e-8); // the page rounds to 9 decimals

    await setMethod(/incremental trackball/);
    expect(await page.locator(".trackball-figure").getAttribute("data-method")).toBe("incremental");
    await mouseDrag(at);
    const end = await orientation();
    const predicted = quat.multiply(trackball.holonomyRotation(points, BALL), start);
    expect(scalar.radToDeg(quat.angleBetween(end, start))).toBeGreaterThan(5);
    expect(quat.angleBetween(end, predicted)).toBeLessThan(1e-6);
    expect(quat.angleBetween(end, trackball.drag(points, "incremental", { ...BALL, start }).at(-1)!)).toBeLessThan(
      1e-6,
    );
    await setMethod(/Shoemake's arcball/);
  });

  it("a touch drag turns the object after a tap on it (before the tap, touch-action: pan-y leaves a swipe to the page)", async () => {
    const box = await canvasBox();
    const at = pixels(box, [
      [0, 40],
      [0, 10],
      [0, -20],
      [0, -50],
    ]);
    const before = await orientation();
    const cdp = await context!.newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", p?: number[]) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: p ? [{ x: p[0]!, y: p[1]! }] : [] });
    expect(await page.locator(".trackball-figure canvas").evaluate((c) => getComputedStyle(c).touchAction)).toBe(
      "pan-y",
    );
    await touch("touchStart", at[0]); // a tap activates the figure: touch-action none until a tap elsewhere
    await touch("touchEnd");
    await page.waitForTimeout(50);
    await touch("touchStart", at[0]);
    for (const p of at.slice(1)) await touch("touchMove", p);
    await touch("touchEnd");
    await page.waitForTimeout(100);
    const after = await orientation();
    expect(scalar.radToDeg(quat.angleBetween(before, after))).toBeGreaterThan(10);
    const points = screenPoints(box, at);
    const expected = quat.multiply(trackball.arcball(points[0]!, points.at(-1)!, BALL), before);
    expect(quat.angleBetween(after, expected)).toBeLessThan(PIXEL_RAD); // an upward drag: about −X
  });

  it('"Draw a circle" replays the closed drag: the arcball ends 0° from the start, the incremental trackball 48.2°', async () => {
    // A replay animates on requestAnimationFrame, which Chromium gives no page it takes for hidden: the page
    // in front, as a student's is.
    await page.bringToFront();
    const start = await orientation();
    await page.getByRole("button", { name: "Draw a circle" }).click();
    await replaysDone(1);
    const report = await page.waitForFunction(
      () =>
        [...document.querySelectorAll("main p")].map((p) => p.textContent ?? "").find((t) => t.startsWith("Replayed:")),
      undefined,
      { polling: 100 },
    );
    expect(await report.jsonValue()).toMatch(
      /the arcball ended 0\.000° from where it started, the incremental trackball 48\.2\d°/,
    );
    expect(quat.angleBetween(await orientation(), start)).toBeLessThan(1e-8); // the arcball method is on: back at the start
    await setMethod(/incremental trackball/);
    await page.getByRole("button", { name: "Draw a circle" }).click();
    await replaysDone(2);
    const end = await orientation();
    expect(scalar.radToDeg(quat.angleBetween(end, start))).toBeCloseTo(48.2, 1);
    await page.locator(".trackball-figure").screenshot({ path: join(SHOTS, "04-trackball-circle.png") });
    expect(errors).toEqual([]);
  });

  it("a replay whose first frame is stamped before the press (a loaded machine) still runs to its end", async () => {
    // A frame's timestamp is when the browser began it, which can precede the press that asked for it: the
    // replay once computed step −1 from it, threw inside the frame, and hung with the button's cell (in two
    // runs of ten of this file). Here every frame the figure asks for is stamped 50 ms early.
    await page.evaluate(() => {
      const original = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => original((now) => callback(now - 50));
    });
    const start = await orientation();
    await page.getByRole("button", { name: "Draw a circle" }).click();
    await replaysDone(3);
    expect(scalar.radToDeg(quat.angleBetween(await orientation(), start))).toBeCloseTo(48.2, 1); // the incremental trackball
    expect(errors).toEqual([]);
  });
});
