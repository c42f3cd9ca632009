/**
 * What a student meets on a page who is not on a laptop with a mouse: the accessibility test's probes
 * (tests/e2e/pages.test.ts), usable from a script as well (`node --import ./tools/author/register-ts.mjs
 * tools/author/a11y.ts [site-dir]` prints the table for a built site).
 *
 * - `axe`: axe-core (the npm package, injected into the page) over the whole document, violations only;
 * - `overflow`: how wide the document is against the viewport, and the widest elements that stick out;
 * - `sliderNames`: the accessible name of each range input (label, aria-label, aria-labelledby);
 * - `wheelScrolls`: whether a wheel turned over the first canvas scrolls the page, not the figure;
 * - `uncaptioned`: the canvases and charts that are not in a `<figure>` with a caption;
 * - `ticksOutside`: axis tick labels that stick out of their chart (and are cut off);
 * - `strayScrollStops`: tab stops given to a box that has nothing to scroll to.
 */

import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { frames, settleAfterLayout, waitForCells } from "./browser.ts";

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/** One axe rule that failed on a page, with how many elements failed it. */
export interface AxeViolation {
  id: string;
  impact: string;
  nodes: number;
  help: string;
  /** Up to three failing elements' selectors. */
  targets: string[];
}

/** Runs axe-core on the page as it is now; every violation, worst first. */
export async function axe(page: Page): Promise<AxeViolation[]> {
  axeSource ??= (require("axe-core") as { source: string }).source;
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    type Result = {
      id: string;
      impact?: string;
      help: string;
      nodes: { target: unknown[] }[];
    };
    const api = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Result[] }> } })
      .axe;
    const result = await api.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? "unknown",
      nodes: v.nodes.length,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.map(String).join(" ")),
    }));
  });
  const rank = ["critical", "serious", "moderate", "minor", "unknown"];
  return violations.sort((a, b) => rank.indexOf(a.impact) - rank.indexOf(b.impact));
}

/** Whether a violation fails the test: critical and serious do. */
export const isBlocking = (v: AxeViolation) => v.impact === "critical" || v.impact === "serious";

/** The document's width against the viewport's, and the elements whose right edge is past the viewport. */
export function overflow(page: Page): Promise<{ scrollWidth: number; viewport: number; culprits: string[] }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const culprits: { right: number; name: string }[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const r = el.getBoundingClientRect();
      if (r.right <= viewport + 1 || r.width === 0) continue;
      // only the outermost element that sticks out, not its children
      const parent = el.parentElement;
      if (parent && parent.getBoundingClientRect().right > viewport + 1) continue;
      // an element inside a scrolling box does not widen the page
      let clipped = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== "visible" && s.overflowX !== "clip") clipped = true;
      }
      if (clipped) continue;
      const cell = el.closest("[id^=cell-]")?.id ?? "";
      const cls = typeof el.className === "string" && el.className ? `.${el.className.split(" ")[0]}` : "";
      culprits.push({ right: r.right, name: `${cell} ${el.tagName.toLowerCase()}${cls} → ${Math.round(r.right)}px` });
    }
    culprits.sort((a, b) => b.right - a.right);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      viewport,
      culprits: culprits.slice(0, 5).map((c) => c.name),
    };
  });
}

/** Every range input's accessible name ("" where it has none), as a screen reader would announce it. */
export function sliderNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>("input[type=range]"), (input) => {
      const byIds = (input.getAttribute("aria-labelledby") ?? "")
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ");
      const labels = Array.from(input.labels ?? [], (l) => l.textContent ?? "").join(" ");
      return (byIds || input.getAttribute("aria-label") || labels || input.title || "").trim();
    }),
  );
}

/**
 * Scrolls the first canvas on the page to the middle of the viewport, turns the mouse wheel over it, and
 * says how far the page scrolled (undefined where the page has no canvas).
 */
export async function wheelScrolls(page: Page): Promise<{ cell: string; scrolled: number } | undefined> {
  const box = await page.evaluate(() => {
    const canvas = document.querySelector("main canvas");
    if (!canvas) return undefined;
    canvas.scrollIntoView({ block: "center" });
    const r = canvas.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, cell: canvas.closest("[id^=cell-]")?.id ?? "?" };
  });
  if (!box) return undefined;
  await frames(page);
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.move(box.x, box.y);
  await page.mouse.wheel(0, 240);
  // A wheel scrolls smoothly, over several frames: wait until the page has moved and then stood still for
  // three frames — or, if it never moves (the figure kept the wheel), for 1 s.
  const after = await page.evaluate(
    (start) =>
      new Promise<number>((done) => {
        const giveUp = performance.now() + 1000;
        let last = window.scrollY;
        let still = 0;
        const step = () => {
          const y = window.scrollY;
          still = y === last ? still + 1 : 0;
          last = y;
          if ((y !== start && still >= 3) || performance.now() > giveUp) done(y);
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
    before,
  );
  return { cell: box.cell, scrolled: after - before };
}

/**
 * The figures a screen reader cannot learn anything from: every canvas and every Plot chart (an `svg`
 * of class `plot-<hash>`; a legend's is `plot-<hash>-ramp`) that is not inside a `<figure>` with a
 * `<figcaption>` that has text. Each is named by its cell and what it is (`cell-12 canvas`).
 */
export function uncaptioned(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const charts = document.querySelectorAll("main canvas, main svg[class^=plot-]");
    return Array.from(charts)
      .filter((el) => {
        if (el.tagName === "svg" && !/^plot-[0-9a-f]+$/.test(el.getAttribute("class") ?? "")) return false;
        for (let f = el.closest("figure"); f; f = f.parentElement?.closest("figure") ?? null)
          if (Array.from(f.children).some((c) => c.tagName === "FIGCAPTION" && (c.textContent ?? "").trim()))
            return false;
        return true;
      })
      .map((el) => `${el.closest("[id^=cell-]")?.id ?? "?"} ${el.tagName.toLowerCase()}`);
  });
}

/**
 * Tick labels drawn outside their chart: every Plot axis tick label (`0.00001` once read `00001`, its
 * first digits cut off at the left edge) whose box sticks out of its `<svg>`'s box by more than a pixel,
 * named by cell and text.
 */
export function ticksOutside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const svg of document.querySelectorAll("main svg[class^=plot-]")) {
      const box = svg.getBoundingClientRect();
      if (box.width === 0) continue;
      for (const text of svg.querySelectorAll('g[aria-label$="tick label"] text')) {
        const r = text.getBoundingClientRect();
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
          out.push(`${svg.closest("[id^=cell-]")?.id ?? "?"} "${text.textContent}"`);
      }
    }
    return out;
  });
}

/**
 * Tab stops the page gave a scrolling box (notebooks/runtime/chrome.js, `data-scroll-stop`) that hides
 * 13 px or less: axe-core counts a region as scrollable only past 13 px, and a formula whose italic
 * overhangs its box by 2 px is a stop a keyboard user tabs through for nothing. Named by text.
 */
export function strayScrollStops(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("[data-scroll-stop]"))
      .filter((box) => box.scrollWidth - box.clientWidth <= 13)
      .map((box) => `${box.tagName.toLowerCase()}.${box.className} "${(box.textContent ?? "").slice(0, 40)}"`),
  );
}

/** Opens `url`, collecting console errors from the start; resolves once every cell has settled. */
export async function openSettled(page: Page, url: string): Promise<{ errors: string[]; settled: boolean }> {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await page.route("**/*", (route) => {
    const target = new URL(route.request().url());
    const local = ["data:", "blob:"].includes(target.protocol) || ["127.0.0.1", "localhost"].includes(target.hostname);
    return local ? route.continue() : route.abort();
  });
  await page.goto(url, { waitUntil: "load" });
  const settled = await waitForCells(page);
  await page.evaluate(() => document.fonts.ready);
  return { errors, settled: (await settleAfterLayout(page)) && settled };
}

// A table for a built site, from the command line.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { readdirSync } = await import("node:fs");
  const { launchBrowser, serveDist } = await import("./browser.ts");
  const dir = process.argv[2] ?? "dist";
  const only = process.argv[3];
  const pages = readdirSync(dir)
    .filter((f) => f.endsWith(".html") && (!only || f.includes(only)))
    .sort();
  const { server, base } = await serveDist(dir);
  const browser = await launchBrowser();
  try {
    for (const name of pages) {
      const desk = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const d = await openSettled(desk, base + name);
      const violations = await axe(desk);
      const names = await sliderNames(desk);
      const wheel = await wheelScrolls(desk);
      await desk.close();
      const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      const p = await openSettled(phone, base + name);
      const o = await overflow(phone);
      if (process.env.SHOTS)
        await phone.screenshot({ path: `${process.env.SHOTS}/${name}-390.png`, timeout: 60_000 }).catch(() => {});
      await phone.close();
      const count = (impact: string) =>
        violations.filter((v) => v.impact === impact).reduce((s, v) => s + v.nodes, 0) +
        "/" +
        violations.filter((v) => v.impact === impact).length;
      console.log(
        [
          name,
          `crit ${count("critical")}`,
          `serious ${count("serious")}`,
          `moderate ${count("moderate")}`,
          `unnamed sliders ${names.filter((n) => !n).length}/${names.length}`,
          `wheel ${wheel ? `${wheel.scrolled}px (${wheel.cell})` : "-"}`,
          `390: ${o.scrollWidth}px`,
          `errors ${d.errors.length + p.errors.length}`,
        ].join(" | "),
      );
      for (const v of violations)
        console.log(`    ${v.impact} ${v.id} ×${v.nodes}: ${v.help} — ${v.targets.join(" ; ").slice(0, 200)}`);
      for (const c of o.culprits) console.log(`    wide: ${c}`);
      for (const e of [...d.errors, ...p.errors]) console.log(`    error: ${e.slice(0, 200)}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
