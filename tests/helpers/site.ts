/**
 * The built site and one headless Chromium, shared by every browser test of a run.
 *
 * The "browser" project (vitest.config.ts) names this module as its `globalSetup`: before the first
 * browser test file runs, it builds the site once (`vite build`, into a scratch folder of this run) and
 * launches one Chromium as a server; both are gone when the run ends. A browser test file uses them with
 * one line at the top:
 *
 *     const site = sharedSite();
 *
 * which, for that file, serves the built site on a free localhost port and connects to the shared
 * Chromium (beforeAll), and closes both again (afterAll): `site.base` is the URL of the site's root,
 * `site.browser` the connected browser (`site.browser.newPage()`; its pages and contexts close with the
 * file), `site.dist` the built folder. Build variants of your own (other exercises, one page) only
 * for what the shared build cannot show — see tests/e2e/site.test.ts.
 *
 * Outside the browser project (no globalSetup ran), `sharedSite()` builds and launches for its file alone.
 *
 * `COURSE_SITE_PAGES=04-quaternions,08-kabsch` builds only those pages (names without `.html`), for a run
 * that opens no other (with `-t`): the student edition's test samples its browser tests that way.
 */

import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { type Browser, type BrowserServer, chromium } from "playwright-core";
import { type Plugin, type PreviewServer, build } from "vite";
import { afterAll, beforeAll, inject } from "vitest";
import type { TestProject } from "vitest/node";
import { launchBrowser, launchBrowserServer, serveDist } from "../../tools/author/browser.ts";
import { fromRoot } from "../../tools/author/root.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The site built once for the run (absolute path), by this module's globalSetup. */
    siteDist: string;
    /** The shared Chromium's WebSocket endpoint, for `chromium.connect`. */
    browserEndpoint: string;
  }
}

/** Builds the site into `outDir` (the whole site, or only the pages `only`: names without `.html`). */
export async function buildSite(outDir: string, only?: readonly string[]): Promise<void> {
  // Options given to build() are merged into vite.config.ts's, inputs included: set them in a hook instead.
  const onlyPages: Plugin = {
    name: "only-these-pages",
    config(config) {
      config.build!.rolldownOptions!.input = Object.fromEntries(only!.map((p) => [p, fromRoot(`notebooks/${p}.html`)]));
    },
  };
  await build({
    configFile: fromRoot("vite.config.ts"),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
    plugins: only ? [onlyPages] : [],
  });
}

/** globalSetup of the "browser" project: one build and one Chromium for the run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const scratch = await mkdtemp(join(await ensureCache(), "run-"));
  const dist = join(scratch, "dist");
  const launched = launchBrowserServer(); // while the site builds
  let server: BrowserServer;
  try {
    const only = process.env.COURSE_SITE_PAGES?.split(",").filter(Boolean);
    await buildSite(dist, only?.length ? only : undefined);
    server = await launched;
  } catch (e) {
    await (await launched.catch(() => undefined))?.close();
    await rm(scratch, { recursive: true, force: true });
    throw e;
  }
  project.provide("siteDist", dist);
  project.provide("browserEndpoint", server.wsEndpoint());
  return async () => {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  };
}

/** .cache/e2e-site/ (git-ignored), created if needed: each run (or file) builds into a folder of its own there. */
async function ensureCache(): Promise<string> {
  const dir = fromRoot(".cache/e2e-site");
  await mkdir(dir, { recursive: true });
  return dir;
}

/** The shared site and browser, for one test file: see the top of this module. */
export interface SharedSite {
  /** URL of the site's root, ending in "/". */
  readonly base: string;
  readonly browser: Browser;
  /** The built site's folder. */
  readonly dist: string;
}

/** Serves the shared build and connects to the shared Chromium for the calling test file. */
export function sharedSite(): SharedSite {
  let preview: PreviewServer | undefined;
  let browser: Browser | undefined;
  let base = "";
  let dist = "";
  let own: string | undefined; // a build of this file's own, outside the browser project
  beforeAll(async () => {
    const endpoint = inject("browserEndpoint");
    dist = inject("siteDist") ?? "";
    if (!dist) {
      own = await mkdtemp(join(await ensureCache(), "file-"));
      dist = join(own, "dist");
      await buildSite(dist);
    }
    ({ server: preview, base } = await serveDist(dist));
    browser = endpoint ? await chromium.connect(endpoint) : await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close(); // connected: disconnects, closing this file's pages; launched: closes it
    await preview?.close();
    if (own) await rm(own, { recursive: true, force: true });
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined || value === "") throw new Error(`sharedSite(): ${what} is used before beforeAll ran`);
    return value;
  };
  return {
    get base() {
      return ready(base, "base");
    },
    get browser() {
      return ready(browser, "browser");
    },
    get dist() {
      return ready(dist, "dist");
    },
  };
}
