/**
 * How fast and how heavy the chapters are: opens each built page (dist/, from `npm run build`) in
 * headless Chromium and prints time from navigation to every cell settled, time from a slider change to
 * the figure it drives being updated, and the bytes a browser would transfer (gzip) — fonts, three.js
 * and everything else apart. Each page is loaded three times in a fresh browser context (cold cache) and
 * timed, the medians printed; its transfer is counted in a fourth load, apart, so that reading the bodies
 * back from the browser is not timed.
 *
 * The transfer is also given per page as a first load (nothing cached) and as a later chapter (three.js
 * cached: it is one content-hashed file that every chapter shares), and compared with the transfer of
 * the site before its fonts were trimmed (bench/pages-baseline.json; `--save-baseline` rewrites it).
 *
 *   npm run bench:pages                         # everything, 3 cold loads per page
 *   npm run bench:pages -- --transfer           # bytes only, one cold load per page (quick)
 *   npm run bench:pages -- --transfer --save-baseline
 *   npm run bench:pages -- --only 08,14         # only the pages whose names start with 08 or 14, each slider listed
 *   node --import ./tools/author/register-ts.mjs bench/pages.ts --dist DIR   # a site built earlier (no build)
 */

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { type PageReport, inspectPage, launchBrowser, serveDist, waitForCells } from "../tools/author/browser.ts";
import { fromRoot } from "../tools/author/root.ts";

const TRANSFER_ONLY = process.argv.includes("--transfer");
const SAVE_BASELINE = process.argv.includes("--save-baseline");
/** Timed loads of each page; the transfer is counted in one more load of its own. */
const RUNS = TRANSFER_ONLY ? 0 : 3;
/** `--only 08,14`: the pages whose file names start with one of these (every page when absent). */
const ONLY = process.argv.includes("--only")
  ? (process.argv[process.argv.indexOf("--only") + 1] ?? "").split(",")
  : undefined;
/** `--dist DIR`: the built site to measure (default dist/), e.g. a copy kept to compare before and after a change. */
const DIST = process.argv.includes("--dist") ? process.argv[process.argv.indexOf("--dist") + 1] : undefined;
const TARGET = { settleMs: 1000, sliderMs: 16, chapterJsKb: 300, firstLoadKb: 500 };
const BASELINE = fromRoot("bench/pages-baseline.json");

/** Bytes fetched, gzip-compressed as a server would send them, split by kind (`other`: HTML, CSS, JSON …). */
interface Bytes {
  total: number;
  javascript: number;
  three: number;
  fonts: number;
  other: number;
}

/** A font file's path. */
const FONT = /\.(woff2?|ttf|otf|eot)$/;

/** What loading `url` transfers (gzip), by kind, once every cell has settled and the fonts are in. */
async function transferOf(page: Page, url: string): Promise<Bytes> {
  const bytes: Bytes = { total: 0, javascript: 0, three: 0, fonts: 0, other: 0 };
  const pending: Promise<void>[] = [];
  page.on("response", (r) => {
    pending.push(
      (async () => {
        const body = await r.body().catch(() => undefined);
        if (!body) return;
        const size = gzipSync(body).length;
        const path = new URL(r.url()).pathname;
        bytes.total += size;
        if (/three[^/]*\.js$/.test(path)) bytes.three += size;
        else if (path.endsWith(".js")) bytes.javascript += size;
        else if (FONT.test(path)) bytes.fonts += size;
        else bytes.other += size;
      })(),
    );
  });
  await page.goto(url, { waitUntil: "load" });
  await waitForCells(page);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  // A body Chromium no longer holds (a worker's script, a response cut short) may never resolve: wait 2 s at most.
  await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 2000))]);
  return { ...bytes };
}

const baseline: Record<string, Bytes> = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, "utf8")) : {};
const measured: Record<string, Bytes> = {};

const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : Number.NaN;
};
const kb = (bytes: number) => bytes / 1024;

const pages = (await readdir(DIST ?? fromRoot("dist")))
  .filter((f) => f.endsWith(".html") && (!ONLY || ONLY.some((prefix) => f.startsWith(prefix))))
  .sort();
const { server, base } = await serveDist(DIST);
const browser = await launchBrowser();
console.log(
  `Pages of dist/ in headless Chromium (${browser.version()}), ${RUNS ? `${RUNS} timed cold loads each (medians) and ` : ""}one that counts the transfer.\n`,
);
const rows: string[][] = [
  [
    "page",
    ...(TRANSFER_ONLY ? [] : ["settle ms", "slider→figure ms (median, worst)", "sliders"]),
    "JS gzip KB (own + three)",
    "fonts KB",
    "first load KB (before → now)",
    "later chapter KB (three cached)",
  ],
];
const kbOf = (b: number | undefined) => (b === undefined ? "–" : kb(b).toFixed(0));
try {
  for (const name of pages) {
    const reports: PageReport[] = [];
    const transfers: Bytes[] = [];
    // The transfer is counted in a load of its own: reading every response body back from the browser
    // costs the page about a tenth of its settle time (measured), which the timed loads must not include.
    for (let run = 0; run <= RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
      const page = await context.newPage();
      if (run === 0) transfers.push(await transferOf(page, base + name));
      else reports.push(await inspectPage(page, base + name));
      await context.close();
    }
    process.stderr.write(`${name} `);
    // With --only, each slider's times over the runs: which one is slow.
    if (ONLY)
      for (const [k, s] of reports[0]?.sliders.entries() ?? [])
        process.stderr.write(
          `\n  ${s.label}: ${reports.map((r) => r.sliders[k]?.updateMs.toFixed(1) ?? "–").join(", ")} ms\n`,
        );
    const bytes = (k: keyof Bytes) => median(transfers.map((t) => t[k]));
    const [own, three, fonts, total] = [bytes("javascript"), bytes("three"), bytes("fonts"), bytes("total")];
    measured[name] = { total, javascript: own, three, fonts, other: bytes("other") };
    const settle = median(reports.map((r) => r.settleMs));
    const sliderTimes = reports.flatMap((r) => r.sliders.map((s) => s.updateMs));
    const worst = Math.max(...sliderTimes.filter(Number.isFinite));
    const flags = [
      !TRANSFER_ONLY && settle > TARGET.settleMs ? "settle over target" : "",
      !TRANSFER_ONLY && median(sliderTimes) > TARGET.sliderMs ? "slider over target" : "",
      kb(own) > TARGET.chapterJsKb ? "JS over target" : "",
      kb(total) > TARGET.firstLoadKb && name !== "index.html" ? "first load over target" : "",
    ].filter(Boolean);
    const before = baseline[name]?.total;
    rows.push([
      name + (flags.length ? `  (${flags.join(", ")})` : ""),
      ...(TRANSFER_ONLY
        ? []
        : [
            settle.toFixed(0),
            sliderTimes.length ? `${median(sliderTimes).toFixed(1)}, ${worst.toFixed(1)}` : "–",
            String(reports[0]!.sliders.length),
          ]),
      `${kb(own).toFixed(0)} + ${kb(three).toFixed(0)}`,
      kb(fonts).toFixed(0),
      `${kbOf(before)} → ${kb(total).toFixed(0)}`,
      kb(total - three).toFixed(0),
    ]);
  }
} finally {
  await browser.close();
  await server.close();
}
// Merged, so that --only rewrites only the pages it measured.
if (SAVE_BASELINE) writeFileSync(BASELINE, JSON.stringify({ ...baseline, ...measured }, null, 2) + "\n");
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
for (const [i, r] of rows.entries()) {
  console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  "));
  if (i === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
}
console.log(
  `\nTargets: settle ≤ ${TARGET.settleMs} ms, slider → figure ≤ ${TARGET.sliderMs} ms, a chapter's own JS ≤ ${TARGET.chapterJsKb} KB gzip beyond three.js, a chapter's first load ≤ ${TARGET.firstLoadKb} KB gzip (three.js included).`,
);
console.log(
  `Transfer: gzip of every response, as a server would send it. "before": ${existsSync(BASELINE) ? "bench/pages-baseline.json, the site before its fonts were trimmed" : "no baseline (bench/pages-baseline.json)"}; three.js is one content-hashed file, fetched once and cached for every later chapter.`,
);
console.log(
  "Slider → figure: from the input event to the first frame after the figure's DOM changed, or after its cell settled for a figure that only draws (canvas draws happen in that frame).",
);
