/**
 * The bench's machinery: a seeded random source, random rotations, the timing
 * loop (warm-up, calibration, alternating rounds, medians) and plain-text tables.
 *
 * Every measured function is a closure with its *own* loop, so the call it
 * times sits at a monomorphic call site that V8 can inline — a shared
 * `for (...) fn()` driver would go megamorphic and time the call, not the work.
 */

import type { Quat, Vec3 } from "../lib/index.ts";

/** A deterministic PRNG (mulberry32), so every run measures the same inputs. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniformly distributed unit quaternion (Shoemake's method); both signs of `w` occur. */
export function randomQuat(r: () => number): Quat {
  const u1 = r(),
    u2 = 2 * Math.PI * r(),
    u3 = 2 * Math.PI * r();
  const a = Math.sqrt(1 - u1),
    b = Math.sqrt(u1);
  return [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)];
}

/** A uniformly distributed unit vector. */
export function randomUnitVec(r: () => number): Vec3 {
  const z = 2 * r() - 1;
  const phi = 2 * Math.PI * r();
  const s = Math.sqrt(1 - z * z);
  return [s * Math.cos(phi), s * Math.sin(phi), z];
}

/** One library's implementation of an operation: runs it `iterations` times, returns a checksum. */
export type Loop = (iterations: number) => number;

/** An operation timed for the three libraries; `null` where a library has no such function. */
export interface SpeedCase {
  name: string;
  /** Operations per loop iteration (e.g. 100 000 for one batch of points), to report ns per operation. */
  opsPerIteration: number;
  ours: Loop;
  glMatrix: Loop | null;
  three: Loop | null;
  /** Shown under the table. */
  note?: string;
}

/** Medians (and spread) of one case, ns per operation; `null` where the peer has no implementation. */
export interface SpeedResult {
  name: string;
  ours: number;
  glMatrix: number | null;
  three: number | null;
  /** Largest interquartile range / median over the peers: the run-to-run noise of this row. */
  noise: number;
  note?: string;
}

export interface SpeedOptions {
  /**
   * `"wall"`: elapsed time, `process.hrtime.bigint()` (the default). `"cpu"`: CPU time of
   * this process, `process.cpuUsage()` — for a machine shared with other work, where
   * wall time also counts the moments this process waited for a core. CPU time covers all
   * of the process's threads, so it also charges parallel GC work to allocating code.
   */
  clock: "wall" | "cpu";
  /** Time of one round of one peer, ms (20–50 ms keeps timer and GC noise small). */
  roundMs: number;
  /** Rounds per peer; the median is reported. */
  rounds: number;
  /** Warm-up time per peer before calibration, ms. */
  warmupMs: number;
}

/** Everything the loops return is added here and printed at the end, so no loop is dead code. */
let sink = 0;

/** The sum of all checksums, printed by the caller so that the work is observably used. */
export function checksum(): number {
  return sink;
}

/** Current time in ns (as a double: exact to well below 1 ns for ~100 days of uptime). */
let now: () => number = wallNs;

function wallNs(): number {
  return Number(process.hrtime.bigint());
}

function cpuNs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
}

/** Time of `loop(iterations)` in ns, adding its checksum to the sink. */
function timeOnce(loop: Loop, iterations: number): number {
  const t0 = now();
  const c = loop(iterations);
  const t1 = now();
  sink += c;
  return t1 - t0;
}

/** Runs `loop` for about `ms` (warm-up: lets V8 optimize the loop and the code it calls). */
function warmUp(loop: Loop, ms: number): void {
  let iterations = 16;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const t = timeOnce(loop, iterations);
    if (t < 2e6) iterations *= 2;
  }
}

/** Iterations that make one round last about `ms`. */
function calibrate(loop: Loop, ms: number): number {
  let iterations = 1;
  for (;;) {
    const t = timeOnce(loop, iterations);
    if (t >= 5e6 || iterations >= 2 ** 30) return Math.max(1, Math.round((iterations * ms * 1e6) / t));
    iterations *= t < 5e5 ? 8 : 2;
  }
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/**
 * Times one case: warms each peer up, calibrates each to `roundMs` per round,
 * then runs rounds in turn — ours, gl-matrix, three, ours, … — so that drift in
 * CPU clock or GC state hits every peer alike, and reports each peer's median.
 */
export function runCase(c: SpeedCase, opt: SpeedOptions): SpeedResult {
  now = opt.clock === "cpu" ? cpuNs : wallNs;
  const peers = [c.ours, c.glMatrix, c.three];
  const active = peers.map((loop) => (loop ? { loop, iterations: 0, samples: [] as number[] } : null));
  for (const p of active) if (p) warmUp(p.loop, opt.warmupMs);
  for (const p of active) if (p) p.iterations = calibrate(p.loop, opt.roundMs);
  for (let r = 0; r < opt.rounds; r++) {
    for (const p of active) {
      if (p) p.samples.push(timeOnce(p.loop, p.iterations) / (p.iterations * c.opsPerIteration));
    }
  }
  let noise = 0;
  const medians = active.map((p) => {
    if (!p) return null;
    const s = [...p.samples].sort((a, b) => a - b);
    const m = median(s);
    noise = Math.max(noise, (quantile(s, 0.75) - quantile(s, 0.25)) / m);
    return m;
  });
  return {
    name: c.name,
    ours: medians[0]!,
    glMatrix: medians[1] ?? null,
    three: medians[2] ?? null,
    noise,
    ...(c.note ? { note: c.note } : {}),
  };
}

/**
 * Formats rows as an aligned, markdown-style table. Columns listed in `leftColumns` are
 * left-aligned (text); the others are right-aligned (numbers).
 */
export function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  leftColumns: readonly number[] = [0],
): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const left = (i: number) => leftColumns.includes(i);
  const line = (cells: readonly string[]) =>
    "| " + cells.map((cell, i) => (left(i) ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ") + " |";
  const rule = "|" + widths.map((w, i) => (left(i) ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|") + "|";
  return [line(header), rule, ...rows.map(line)].join("\n");
}
