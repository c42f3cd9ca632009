/**
 * Screenshots of a built page, for looking at what a student sees (authors' tool):
 *
 *   npx vite build --outDir /tmp/site && \
 *   node --import ./tools/author/register-ts.mjs tools/author/screenshot.ts 02-euler-angles.html --dist /tmp/site --out /tmp/shot [--at 0,900,1800]
 *
 * Writes `<out>-full.png` (the whole page) and, with `--at`, one 1100×900 viewport shot per offset
 * (`<out>-<y>.png`), which is easier to read than the full page scaled down. Prints every cell's status.
 */

import { resolve } from "node:path";
import { cellStatuses, launchBrowser, serveDist, waitForCells } from "./browser.ts";
import { parseCommand } from "./cli.ts";
import { fromRoot } from "./root.ts";

const { positionals, values } = parseCommand(
  `Usage: node --import ./tools/author/register-ts.mjs tools/author/screenshot.ts [page.html] [--dist dir] [--out prefix] [--at y1,y2,…]

Screenshots a page of a built site (default dist/): <out>-full.png, and a 1100×900 viewport shot per --at offset.`,
  { dist: { type: "string" }, out: { type: "string" }, at: { type: "string" } },
);
const page = positionals[0] ?? "index.html";
const out = values.out ?? `/tmp/${page.replace(/\.html$/, "")}`;
const { server, base } = await serveDist(values.dist ? resolve(values.dist) : fromRoot("dist"));
const browser = await launchBrowser();
try {
  const p = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  p.on("console", (m) => m.type() === "error" && console.log(`console error: ${m.text()}`));
  p.on("pageerror", (e) => console.log(`page error: ${e.message}`));
  await p.goto(base + page);
  if (!(await waitForCells(p))) console.log("some cells are still pending after 30 s");
  await p.waitForTimeout(500);
  const cells = (await cellStatuses(p)).map((c) => `cell ${c.id}: ${c.status}${c.error ? ` — ${c.error}` : ""}`);
  console.log(cells.join("\n"));
  await p.screenshot({ path: `${out}-full.png`, fullPage: true });
  for (const y of (values.at ?? "").split(",").filter(Boolean).map(Number)) {
    await p.screenshot({ path: `${out}-${y}.png`, fullPage: true, clip: { x: 0, y, width: 1100, height: 900 } });
  }
  console.log(`screenshots: ${out}-*.png`);
} finally {
  await browser.close();
  await server.close();
}
