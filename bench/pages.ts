/**
 * How fast the chapters feel: opens each built page (dist/, from `npm run build`) in headless Chromium
 * and prints time from navigation to every cell settled, time from a slider change to the figure it
 * drives being updated, and the bytes a browser would transfer (gzip). Each page is loaded three times
 * in a fresh browser context (cold cache); the medians are printed.
 *
 *   npm run bench:pages
 */

import { readdir } from "node:fs/promises";
import { type PageReport, inspectPage, launchBrowser, serveDist } from "../tools/author/browser.ts";
import { fromRoot } from "../tools/author/root.ts";

const RUNS = 3;
const TARGET = { settleMs: 1000, sliderMs: 16, chapterJsKb: 300 };

const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : Number.NaN;
};
const kb = (bytes: number) => bytes / 1024;

const pages = (await readdir(fromRoot("dist"))).filter((f) => f.endsWith(".html")).sort();
const { server, base } = await serveDist();
const browser = await launchBrowser();
console.log(`Pages of dist/ in headless Chromium (${browser.version()}), ${RUNS} cold loads each, medians.\n`);
const rows: string[][] = [
  ["page", "settle ms", "slider→figure ms (median, worst)", "sliders", "JS gzip KB (own + three)", "total gzip KB"],
];
try {
  for (const name of pages) {
    const reports: PageReport[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
      const page = await context.newPage();
      reports.push(await inspectPage(page, base + name));
      await context.close();
    }
    const settle = median(reports.map((r) => r.settleMs));
    const sliderTimes = reports.flatMap((r) => r.sliders.map((s) => s.updateMs));
    const own = median(reports.map((r) => r.bytes.javascript));
    const three = median(reports.map((r) => r.bytes.three));
    const total = median(reports.map((r) => r.bytes.total));
    const worst = Math.max(...sliderTimes.filter(Number.isFinite));
    const flags = [
      settle > TARGET.settleMs ? "settle over target" : "",
      median(sliderTimes) > TARGET.sliderMs ? "slider over target" : "",
      kb(own) > TARGET.chapterJsKb ? "JS over target" : "",
    ].filter(Boolean);
    rows.push([
      name + (flags.length ? `  (${flags.join(", ")})` : ""),
      settle.toFixed(0),
      sliderTimes.length ? `${median(sliderTimes).toFixed(1)}, ${worst.toFixed(1)}` : "–",
      String(reports[0]!.sliders.length),
      `${kb(own).toFixed(0)} + ${kb(three).toFixed(0)}`,
      kb(total).toFixed(0),
    ]);
  }
} finally {
  await browser.close();
  await server.close();
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
for (const [i, r] of rows.entries()) {
  console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  "));
  if (i === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
}
console.log(
  `\nTargets: settle ≤ ${TARGET.settleMs} ms, slider → figure ≤ ${TARGET.sliderMs} ms, a chapter's own JS ≤ ${TARGET.chapterJsKb} KB gzip beyond three.js.`,
);
console.log(
  "Slider → figure: from the input event to the first frame after the figure's DOM changed (canvas draws happen in that frame).",
);
