/**
 * Headless Chromium for the course's browser test and page benchmark: finds a Chromium, serves the
 * built site, and inspects a chapter page the way a student would meet it — offline.
 *
 * Chromium: `CHROMIUM_PATH` if set, else `/usr/bin/chromium` if present, else the one that the npm package
 * `@sparticuz/chromium` unpacks (SwiftShader WebGL included), so `npm install` is all a machine needs.
 */

import { existsSync } from "node:fs";
import { type Browser, type BrowserServer, type LaunchOptions, type Page, chromium } from "playwright-core";
import { type PreviewServer, preview } from "vite";
import { fromRoot } from "./root.ts";

/**
 * Chromium features turned off for every launch. `RenderDocument` gives each navigation a new frame and
 * closes the old one's compositor a second later; closing it waits until the GPU has finished all it was
 * given. With WebGL and raster in SwiftShader (on the CPU) that queue is long while a chapter loads, and
 * the page's main thread stood still for 0.7–1 s of every load (traced: `LayerTreeHost::~LayerTreeHost`
 * → `ProxyMain::Stop` → `RasterImplementation::Finish`, for the blank page a new tab starts on). Without
 * it a page settles 0.3–1 s sooner here; on a real GPU the same wait is a few milliseconds.
 */
const DISABLED_FEATURES = ["RenderDocument"];

/**
 * `args` with {@link DISABLED_FEATURES} added to their `--disable-features` switch (or as a new one):
 * Chromium reads only the last such switch, so a second one would undo the first.
 */
export function withDisabledFeatures(args: readonly string[]): string[] {
  const prefix = "--disable-features=";
  const at = args.findLastIndex((a) => a.startsWith(prefix));
  if (at < 0) return [...args, prefix + DISABLED_FEATURES.join(",")];
  const features = args[at]!.slice(prefix.length).split(",").filter(Boolean);
  return args.map((a, i) => (i === at ? prefix + [...features, ...DISABLED_FEATURES].join(",") : a));
}

/** How to launch headless Chromium with WebGL (SwiftShader) enabled. */
async function launchOptions(): Promise<LaunchOptions> {
  const explicit = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const common = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--no-first-run"];
  if (explicit) {
    return {
      executablePath: explicit,
      args: withDisabledFeatures([
        ...common,
        "--use-angle=swiftshader",
        "--enable-unsafe-swiftshader",
        "--ignore-gpu-blocklist",
      ]),
    };
  }
  const { default: sparticuz } = await import("@sparticuz/chromium");
  // --single-process makes closing a page kill the browser and breaks WebGL read-back: drop it.
  const args = sparticuz.args.filter((a: string) => a !== "--single-process");
  return {
    executablePath: await sparticuz.executablePath(),
    args: withDisabledFeatures([...args, ...common]),
    headless: true,
  };
}

/** Launches headless Chromium with WebGL (SwiftShader) enabled. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(await launchOptions());
}

/**
 * Launches the same Chromium as a server that several processes connect to (`chromium.connect(wsEndpoint())`):
 * the browser tests share one for the run (tests/helpers/site.ts).
 */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(await launchOptions());
}

/** Serves a built site (default `dist/`, from `npm run build`) on a free localhost port. */
export async function serveDist(outDir = fromRoot("dist")): Promise<{ server: PreviewServer; base: string }> {
  const server = await preview({
    configFile: fromRoot("vite.config.ts"),
    logLevel: "warn",
    build: { outDir },
    preview: { port: 0, host: "127.0.0.1", open: false },
  });
  return { server, base: server.resolvedUrls!.local[0]! };
}

/** Waits until no cell of the page's notebook is pending; resolves false after 30 s. */
export function waitForCells(page: Page): Promise<boolean> {
  return page
    .waitForFunction(
      () => {
        const nb = (window as unknown as { __notebook?: { cells: Map<number, { status: string }> } }).__notebook;
        return nb !== undefined && [...nb.cells.values()].every((c) => c.status !== "pending");
      },
      null,
      { timeout: 30_000, polling: 5 },
    )
    .then(
      () => true,
      () => false,
    );
}

/**
 * Lays the page's `main` out 0 px wide for a moment, as a full-page capture, a print or a hidden tab can,
 * and back; resolves once every cell has settled again. A figure redrawn at that width once got negative
 * SVG sizes (Plot's frame is the width less its margins): the page's console says so, if it happens.
 */
export async function hideAndShowMain(page: Page): Promise<boolean> {
  await page.evaluate(() => (document.querySelector("main")!.style.display = "none"));
  const hidden = await settleAfterLayout(page);
  await page.evaluate(() => (document.querySelector("main")!.style.display = ""));
  return (await settleAfterLayout(page)) && hidden;
}

/** Resolves once the page has begun `count` more frames (`requestAnimationFrame`). */
export function frames(page: Page, count = 2): Promise<void> {
  return page.evaluate(
    (n) =>
      new Promise<void>((done) => {
        const step = (left: number) => (left === 0 ? done() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      }),
    count,
  );
}

/**
 * Waits out what a change of layout (a resize, `main` hidden or shown, fonts swapped in) sets off, however
 * busy the page is: the frame whose ResizeObserver callbacks report the new `width`, the frame in which the
 * runtime re-runs the cells that read it, every such cell until it settles, then two frames for what they
 * draw. Resolves false if a cell is still pending after 30 s.
 */
export async function settleAfterLayout(page: Page): Promise<boolean> {
  await frames(page, 3);
  const settled = await waitForCells(page);
  await frames(page, 2);
  return settled;
}

/** Every cell the runtime ran on the page, with its status and error. */
export function cellStatuses(page: Page): Promise<{ id: number; status: string; error?: string }[]> {
  return page.evaluate(() => {
    const nb = (window as unknown as { __notebook?: { cells: Map<number, { status: string; error?: unknown }> } })
      .__notebook;
    return [...(nb?.cells ?? [])].map(([id, c]) => ({
      id,
      status: c.status,
      ...(c.error ? { error: String(c.error) } : {}),
    }));
  });
}

/** What {@link inspectPage} found on one page. */
export interface PageReport {
  page: string;
  /** Console errors, page errors and failed requests. */
  errors: string[];
  /** Requests to anything but localhost, which were aborted. */
  external: string[];
  /** Every cell the runtime ran, with its status. */
  cells: { id: number; status: string; error?: string }[];
  settled: boolean;
  /** Milliseconds from navigation start to every cell settled. */
  settleMs: number;
  /** Each canvas: its cell and the share of pixels unlike the corner pixel (0 = blank). */
  canvases: { cell: string; width: number; height: number; nonBackground: number }[];
  /** Each slider: its label, whether moving it changed a figure, and how long the figure took to update. */
  sliders: { label: string; changed: boolean; updateMs: number }[];
  katexErrors: number;
}

type Fingerprint = string[];

/** Fingerprints every figure on the page: SVG markup and canvas pixels, one string per figure. */
function fingerprint(): Fingerprint {
  const out: string[] = [];
  for (const svg of document.querySelectorAll("main svg")) out.push(svg.outerHTML);
  for (const canvas of document.querySelectorAll("main canvas")) out.push((canvas as HTMLCanvasElement).toDataURL());
  for (const table of document.querySelectorAll("main .matrix-table")) out.push(table.textContent ?? "");
  return out;
}

/**
 * Opens `url` with every non-localhost request aborted, waits until every cell has settled, and checks
 * cells, canvases and sliders. Takes a full-page screenshot to `screenshot` if given.
 */
export async function inspectPage(page: Page, url: string, screenshot?: string): Promise<PageReport> {
  const errors: string[] = [];
  const external: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("requestfailed", (r) => {
    if (!external.includes(r.url())) errors.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ""}`);
  });
  await page.route("**/*", (route) => {
    const target = new URL(route.request().url());
    if (["data:", "blob:"].includes(target.protocol) || ["127.0.0.1", "localhost"].includes(target.hostname))
      return route.continue();
    external.push(target.href);
    return route.abort();
  });
  await page.goto(url, { waitUntil: "load" });
  const settled = await waitForCells(page);
  const settleMs = await page.evaluate(() => performance.now());
  await page.evaluate(() => document.fonts.ready);
  await settleAfterLayout(page);
  const cells = await cellStatuses(page);
  const canvases = await page.evaluate(() =>
    Array.from(document.querySelectorAll("main canvas"), (canvas) => {
      const c = canvas as HTMLCanvasElement;
      const copy = Object.assign(document.createElement("canvas"), { width: c.width, height: c.height });
      const ctx = copy.getContext("2d")!;
      ctx.drawImage(c, 0, 0);
      const { data } = ctx.getImageData(0, 0, copy.width, copy.height);
      let differ = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) differ++;
      }
      return {
        cell: c.closest("[id^=cell-]")?.id ?? "?",
        width: c.width,
        height: c.height,
        nonBackground: differ / (data.length / 4),
      };
    }),
  );
  const katexErrors = await page.evaluate(() => document.querySelectorAll(".katex-error").length);
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });

  const sliders: PageReport["sliders"] = [];
  const count = await page.locator("main input[type=range]").count();
  for (let i = 0; i < count; i++) {
    const before = await page.evaluate(fingerprint);
    const result = await page.evaluate(async (index) => {
      const input = document.querySelectorAll<HTMLInputElement>("main input[type=range]")[index]!;
      const label = input.closest("form")?.querySelector("label")?.textContent ?? `slider ${index + 1}`;
      const min = Number(input.min || 0);
      const max = Number(input.max || 100);
      const value = Number(input.value);
      const target = value + (max - min) / 3 <= max ? value + (max - min) / 3 : value - (max - min) / 3;
      const start = performance.now();
      // The change: the first DOM mutation, or — for a figure that only draws, a WebGL canvas, and changes
      // no DOM — the first cell to settle after the input. The time is that of the first frame after it.
      const changed = new Promise<number>((resolveChange) => {
        let seen = false; // a change was seen (or the guard ran out): nothing else may resolve
        const finish = (time: number) => {
          observer.disconnect();
          resolveChange(time);
        };
        const observer = new MutationObserver(() => {
          if (seen) return;
          seen = true;
          requestAnimationFrame(() => finish(performance.now()));
        });
        observer.observe(document.querySelector("main") ?? document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        const cells = (window as { __notebook?: { cells: Map<number, { settledAt?: number }> } }).__notebook?.cells;
        const poll = () => {
          if (seen) return;
          // Seen a frame after the settling one (this callback was queued before the runtime's): that frame's time.
          if (![...(cells?.values() ?? [])].some((c) => (c.settledAt ?? 0) > start)) requestAnimationFrame(poll);
          else {
            seen = true;
            finish(performance.now());
          }
        };
        requestAnimationFrame(poll);
        setTimeout(() => {
          seen = true;
          finish(Number.NaN);
        }, 3000);
      });
      input.value = String(target);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      const end = await changed;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return { label, updateMs: end - start };
    }, i);
    const after = await page.evaluate(fingerprint);
    const changed = before.length !== after.length || before.some((f, k) => f !== after[k]);
    sliders.push({ label: result.label.trim(), changed, updateMs: result.updateMs });
  }
  return {
    page: new URL(url).pathname.split("/").pop()!,
    errors,
    external,
    cells,
    settled,
    settleMs,
    canvases,
    sliders,
    katexErrors,
  };
}
