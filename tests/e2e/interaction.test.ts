/**
 * Figures for readers without a mouse, in headless Chromium on the run's one build
 * (tests/helpers/site.ts). (That every figure on every page has a caption a screen reader can read is
 * tests/e2e/pages.test.ts's, in its visit of each page on a phone.)
 * - every figure that is worked by dragging has a keyboard path: the view takes focus, a digit picks a
 *   handle, the arrow keys move it, and what the figure reports changes (figures/gestures.ts,
 *   `handleKeys`); the chapter 15 map moves a cursor with the arrow keys and toggles a cell with Space;
 * - with `prefers-reduced-motion: reduce`, an animation shows its end state without its steps
 *   (figures/motion.ts).
 */

import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSettled } from "../../tools/author/a11y.ts";
import { sharedSite } from "../helpers/site.ts";

const site = sharedSite();

/** What a figure reports: the `value` of the view it belongs to (the nearest element with one) and every slider's value. */
function reported(handle: Locator): Promise<string> {
  return handle.evaluate((el) => {
    let view: Element | null = el;
    while (view && !("value" in view && typeof (view as { value: unknown }).value === "object"))
      view = view.parentElement;
    const sliders = Array.from(document.querySelectorAll<HTMLInputElement>("input[type=range]"), (s) => s.value);
    return JSON.stringify({ view: view ? (view as unknown as { value: unknown }).value : null, sliders });
  });
}

describe("a keyboard path for every drag", () => {
  let page: Page;
  beforeAll(async () => {
    page = await site.browser.newPage({ viewport: { width: 1100, height: 900 } });
  });
  afterAll(async () => {
    await page.close();
  });

  /** The first canvas on the page whose hint line offers handles to the keyboard. */
  const handleCanvas = () => page.locator("figure:has(.figure-hint:text-matches('keys 1–9|selected:')) canvas").first();

  it.each([
    ["08-kabsch.html", "the targets"],
    ["10-inverse-kinematics.html", "the arms' targets"],
    ["12-closest-points-between-segments.html", "the segments' ends"],
    ["13-ellipsoidal-mirrors.html", "the foci"],
  ])(
    "%s: keys 1 and → move one of %s",
    async (name) => {
      expect((await openSettled(page, site.base + name)).settled).toBe(true);
      const canvas = handleCanvas();
      await canvas.scrollIntoViewIfNeeded();
      const before = await reported(canvas);
      await canvas.focus();
      await page.keyboard.press("1");
      const hint = canvas.locator("xpath=..").locator(".figure-hint");
      await expect.poll(() => hint.textContent()).toMatch(/^selected: .* \(key 1\)/);
      for (let k = 0; k < 3; k++) await page.keyboard.press("ArrowRight");
      await expect.poll(() => reported(canvas), { timeout: 10_000 }).not.toBe(before);
      // Escape lets go: the arrow keys turn the view again, and the handle stays where it is.
      await page.keyboard.press("Escape");
      const moved = await reported(canvas);
      await page.keyboard.press("ArrowLeft");
      await page.waitForTimeout(300);
      expect(await reported(canvas)).toBe(moved);
    },
    120_000,
  );

  it("15-path-smoothing.html: the arrow keys move the map's cursor and Space blocks a cell", async () => {
    expect((await openSettled(page, site.base + "15-path-smoothing.html")).settled).toBe(true);
    const map = page.locator(".path-grid-editor svg[tabindex]").first();
    await map.scrollIntoViewIfNeeded();
    const before = await reported(map);
    const start = await map.getAttribute("data-cursor");
    await map.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    expect(await map.getAttribute("data-cursor")).not.toBe(start);
    await page.keyboard.press(" ");
    await expect.poll(() => reported(map), { timeout: 10_000 }).not.toBe(before);
  }, 120_000);
});

describe("prefers-reduced-motion", () => {
  it('04-quaternions.html: with reduced motion, "Draw a circle" shows the end of the replay without its steps', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1100, height: 900 }, reducedMotion: "reduce" });
    try {
      const page = await context.newPage();
      expect((await openSettled(page, site.base + "04-quaternions.html")).settled).toBe(true);
      // Every text the figure's readout shows from here on.
      await page.evaluate(() => {
        const readout = document.querySelector(".trackball-figure .trackball-readout")!;
        const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
        new MutationObserver(() => seen.push(readout.textContent ?? "")).observe(readout, {
          childList: true,
          characterData: true,
          subtree: true,
        });
      });
      await page.getByRole("button", { name: "Draw a circle" }).click();
      await page.waitForFunction(
        () => document.querySelector<HTMLElement>(".trackball-figure")?.dataset.replays === "1",
      );
      const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      expect(seen.some((t) => t.startsWith("Back at the press point"))).toBe(true);
      expect(seen.filter((t) => t.startsWith("Replaying"))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
