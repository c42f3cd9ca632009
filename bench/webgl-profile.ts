/**
 * Where a chapter's settle time goes in WebGL: opens built pages (dist/, from `npm run build`) in headless
 * Chromium, wraps the WebGL 2 calls that can block on the GPU process (context creation, shader compile
 * and link, and the status queries that wait for them), and prints, per page, the settle time, the
 * number of WebGL contexts, and the time spent inside each call — medians over cold loads.
 *
 *   npm run build && node --import ./tools/author/register-ts.mjs bench/webgl-profile.ts --only 08,12 [--runs 3]
 */

import { readFileSync, readdirSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { launchBrowser, serveDist, waitForCells } from "../tools/author/browser.ts";
import { fromRoot } from "../tools/author/root.ts";

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const ONLY = arg("--only")?.split(",");
const RUNS = Number(arg("--runs") ?? 3);
/** `--cpu`: also take a V8 CPU profile of each load and print where its self time goes. */
const CPU = process.argv.includes("--cpu");
/** `--trace`: also record a Chromium trace of the first load and print the main thread's self time by event. */
const TRACE = process.argv.includes("--trace");
/** `--dist DIR`: the built site to serve (default dist/). */
const DIST = arg("--dist");

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
/**
 * CPU time (ms, user + system) used so far by every live process below this one — the browser's, GPU and
 * renderer processes: a measure the other load on the machine disturbs far less than wall time.
 */
function childCpuMs(): Record<string, number> {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(d), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // gone meanwhile
    }
  }
  const below = (pid: number): boolean => {
    for (let p = stats.get(pid)?.ppid; p !== undefined && p > 1; p = stats.get(p)?.ppid)
      if (p === process.pid) return true;
    return false;
  };
  const ms: Record<string, number> = { all: 0 };
  for (const [pid, s] of stats) {
    if (!below(pid)) continue;
    let type = "other";
    try {
      type = /--type=([\w-]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, "utf8"))?.[1] ?? "browser";
    } catch {
      // gone meanwhile
    }
    ms[type] = (ms[type] ?? 0) + s.ticks * 10; // USER_HZ = 100
    ms.all! += s.ticks * 10;
  }
  return ms;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}
/** The renderer main thread's self time by event name (top 20), from a Chromium trace, from navigation to settle. */
function traceSummary(events: TraceEvent[]): string {
  const main = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain");
  if (!main) return "  (no renderer main thread in the trace)";
  const xs = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { end: number; key: string }[] = [];
  let busy = 0;
  for (const e of xs) {
    while (stack.length && stack.at(-1)!.end <= e.ts) stack.pop();
    const key = e.name;
    const parent = stack.at(-1);
    if (parent) self.set(parent.key, (self.get(parent.key) ?? 0) - e.dur!);
    else busy += e.dur!;
    self.set(key, (self.get(key) ?? 0) + e.dur!);
    stack.push({ end: e.ts + e.dur!, key });
  }
  return [
    `  main thread busy ${(busy / 1000).toFixed(0)} ms; self time by event:`,
    ...[...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([name, us]) => `    ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`),
  ].join("\n");
}

/** Self time by function (top 25) and by script, from a CPU profile. */
function summarize(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fn = new Map<string, number>();
  const file = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    const script = n.callFrame.url.split("/").pop() || "(native)";
    const key = `${n.callFrame.functionName || "(anonymous)"} ${script}:${n.callFrame.lineNumber}`;
    fn.set(key, (fn.get(key) ?? 0) + dt);
    file.set(script, (file.get(script) ?? 0) + dt);
  });
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  return ["  self time by script:", ...top(file, 12), "  self time by function:", ...top(fn, 25)].join("\n");
}

/** Runs in the page before any script: wraps the blocking WebGL calls and sums their time. */
function instrument() {
  const stats: Record<string, { n: number; ms: number }> = {};
  (window as unknown as { __webglStats: typeof stats }).__webglStats = stats;
  const wrap = (proto: object, name: string, label = name) => {
    const p = proto as Record<string, unknown>;
    const original = p[name] as (...a: unknown[]) => unknown;
    p[name] = function (this: unknown, ...args: unknown[]) {
      const t = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const s = (stats[label] ??= { n: 0, ms: 0 });
        s.n++;
        s.ms += performance.now() - t;
      }
    };
  };
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
    const t = performance.now();
    try {
      return (getContext as (...a: unknown[]) => RenderingContext | null).call(this, type, ...rest);
    } finally {
      const s = (stats[`getContext(${type})`] ??= { n: 0, ms: 0 });
      s.n++;
      s.ms += performance.now() - t;
    }
  } as typeof getContext;
  const gl = WebGL2RenderingContext.prototype;
  for (const name of [
    "compileShader",
    "linkProgram",
    "getProgramParameter",
    "getShaderParameter",
    "getProgramInfoLog",
    "getShaderInfoLog",
    "drawArrays",
    "drawElements",
    "texImage2D",
    "readPixels",
    "getExtension",
    "getParameter",
    "getShaderPrecisionFormat",
    "bufferData",
    "useProgram",
  ])
    wrap(gl, name);
  const long = { n: 0, ms: 0 };
  stats["long tasks"] = long;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      long.n++;
      long.ms += e.duration;
    }
  }).observe({ type: "longtask", buffered: true });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? Number.NaN;

const pages = (await readdir(fromRoot("dist")))
  .filter((f) => f.endsWith(".html") && (!ONLY || ONLY.some((prefix) => f.startsWith(prefix))))
  .sort();
const { server, base } = await serveDist(DIST);
const browser = await launchBrowser();
try {
  for (const name of pages) {
    const runs: {
      settle: number;
      dcl: number;
      cpu: Record<string, number>;
      stats: Record<string, { n: number; ms: number }>;
    }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(instrument);
      const cpu0 = childCpuMs();
      const cdp = CPU && run === 0 ? await context.newCDPSession(page) : undefined;
      if (cdp) {
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
        await cdp.send("Profiler.start");
      }
      const tracing = TRACE && run === 0;
      if (tracing)
        await browser.startTracing(page, {
          categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink", "gpu"],
        });
      await page.goto(base + name, { waitUntil: "load" });
      await waitForCells(page);
      if (tracing) {
        const buffer = await browser.stopTracing();
        const events = (JSON.parse(buffer.toString("utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
        console.log(`\n${name} trace (first load):\n${traceSummary(events)}`);
      }
      const settle = await page.evaluate(() => performance.now());
      const cpu1 = childCpuMs();
      const cpu = Object.fromEntries(Object.entries(cpu1).map(([k, v]) => [k, v - (cpu0[k] ?? 0)]));
      if (cdp)
        console.log(
          `\n${name} CPU profile (first load):\n${summarize((await cdp.send("Profiler.stop")).profile as never)}`,
        );
      const dcl = await page.evaluate(
        () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd,
      );
      await page.waitForTimeout(100);
      const stats = await page.evaluate(
        () => (window as unknown as { __webglStats: Record<string, { n: number; ms: number }> }).__webglStats,
      );
      runs.push({ settle, dcl, cpu, stats });
      await context.close();
    }
    console.log(
      `\n${name}: settle ${runs.map((r) => r.settle.toFixed(0)).join(", ")} ms (load event ${runs.map((r) => r.dcl.toFixed(0)).join(", ")}); browser CPU ${runs
        .map((r) =>
          Object.entries(r.cpu)
            .map(([k, v]) => `${k} ${v}`)
            .join(" "),
        )
        .join("; ")} ms`,
    );
    const keys = [...new Set(runs.flatMap((r) => Object.keys(r.stats)))].sort(
      (a, b) => median(runs.map((r) => r.stats[b]?.ms ?? 0)) - median(runs.map((r) => r.stats[a]?.ms ?? 0)),
    );
    for (const k of keys) {
      const ms = median(runs.map((r) => r.stats[k]?.ms ?? 0));
      const n = median(runs.map((r) => r.stats[k]?.n ?? 0));
      if (ms >= 1 || k.startsWith("getContext"))
        console.log(`  ${k.padEnd(28)} ${String(n).padStart(5)} calls ${ms.toFixed(1).padStart(8)} ms`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
