/**
 * Chapter 12's bench: our `segments.closestPointOnSegment` and `segments.closestPointsOnSegments`
 * against three.js's `Line3.closestPointToPoint(p, true, target)` and `Line3.distanceSqToLine3(line,
 * c1, c2)` (three's port of Ericson's 5.1.9), timed in the same process, and their accuracy on the
 * degenerate cases of the chapter — parallel, collinear, zero-length, crossing, tiny and nearly
 * parallel segments — where the exact distance is known in closed form. The blog's demo code
 * (transcribed as in the chapter) is measured beside them for accuracy.
 *
 * Run alone: `node --import ./tools/author/register-ts.mjs bench/segments.ts`.
 */

import { Line3, Vector3 } from "three";
import { type Vec3, quat, segments, vec3 } from "../lib/index.ts";
import { isMain } from "../tools/author/root.ts";
import { type SpeedCase, type SpeedOptions, randomQuat, rng, runCase, table } from "./harness.ts";

const SPEED: Omit<SpeedOptions, "clock"> = { roundMs: 25, rounds: 11, warmupMs: 100 };
const POOL = 1024;

/** The blog's demo code (zalo.github.io, ClosestSegment/SegmentSegment.js), transcribed onto Vec3 tuples. */
function blogDemo(a: Vec3, b: Vec3, c: Vec3, d: Vec3): { onAB: Vec3; onCD: Vec3 } {
  const clamp01 = (x: number) => Math.min(Math.max(x, 0), 1);
  const toSegment = (p: Vec3, s: Vec3, e: Vec3): Vec3 => {
    const se = vec3.sub(e, s);
    return vec3.lerp(s, e, clamp01(vec3.dot(vec3.sub(p, s), se) / vec3.dot(se, se)));
  };
  const axis = vec3.length(vec3.sub(d, c)) === 0 ? ([0, 0, 0] as Vec3) : vec3.normalize(vec3.sub(d, c));
  const flat = (p: Vec3) => vec3.sub(p, vec3.scale(axis, vec3.dot(vec3.sub(p, c), axis)));
  const inPlaneA = flat(a);
  const inPlaneBA = vec3.sub(flat(b), inPlaneA);
  const t = vec3.dot(vec3.sub(c, inPlaneA), inPlaneBA) / vec3.dot(inPlaneBA, inPlaneBA);
  const onCD = toSegment(vec3.lerp(a, b, clamp01(t)), c, d);
  return { onAB: toSegment(onCD, a, b), onCD };
}

const v3 = (p: Vec3) => new Vector3(p[0], p[1], p[2]);
const tuple = (v: Vector3): Vec3 => [v.x, v.y, v.z];

function threePair(a: Vec3, b: Vec3, c: Vec3, d: Vec3): { onAB: Vec3; onCD: Vec3; distance: number } {
  const c1 = new Vector3();
  const c2 = new Vector3();
  const d2 = new Line3(v3(a), v3(b)).distanceSqToLine3(new Line3(v3(c), v3(d)), c1, c2);
  return { onAB: tuple(c1), onCD: tuple(c2), distance: Math.sqrt(d2) };
}

function speedCases(): SpeedCase[] {
  const r = rng(12);
  const pt = (): Vec3 => [4 * r() - 2, 4 * r() - 2, 4 * r() - 2];
  const pts = Array.from({ length: 4 * POOL }, pt);
  const lines = Array.from({ length: 2 * POOL }, (_, i) => new Line3(v3(pts[2 * i]!), v3(pts[2 * i + 1]!)));
  const vs = pts.map(v3);
  const target = new Vector3();
  const c1 = new Vector3();
  const c2 = new Vector3();
  // Ours writes into long-lived results, as three writes into its preallocated vectors.
  const onSegment: segments.SegmentPoint = { point: [0.5, 0.5, 0.5], t: 0.5 };
  const pair: segments.SegmentPair = { s: 0.5, t: 0.5, onAB: [0.5, 0.5, 0.5], onCD: [0.5, 0.5, 0.5], distance: 0.5 };
  return [
    {
      name: "point to segment",
      opsPerIteration: 1,
      ours: (n) => {
        let sum = 0;
        for (let i = 0; i < n; i++) {
          const k = i & (POOL - 1);
          sum += segments.closestPointOnSegment(pts[4 * k + 2]!, pts[4 * k]!, pts[4 * k + 1]!, onSegment).point[0];
        }
        return sum;
      },
      glMatrix: null,
      three: (n) => {
        let sum = 0;
        for (let i = 0; i < n; i++) {
          const k = i & (POOL - 1);
          sum += lines[2 * k]!.closestPointToPoint(vs[4 * k + 2]!, true, target).x;
        }
        return sum;
      },
    },
    {
      name: "segment to segment",
      opsPerIteration: 1,
      ours: (n) => {
        let sum = 0;
        for (let i = 0; i < n; i++) {
          const k = i & (POOL - 1);
          sum += segments.closestPointsOnSegments(
            pts[4 * k]!,
            pts[4 * k + 1]!,
            pts[4 * k + 2]!,
            pts[4 * k + 3]!,
            pair,
          ).distance;
        }
        return sum;
      },
      glMatrix: null,
      three: (n) => {
        let sum = 0;
        for (let i = 0; i < n; i++) {
          const k = i & (POOL - 1);
          sum += Math.sqrt(lines[2 * k]!.distanceSqToLine3(lines[2 * k + 1]!, c1, c2));
        }
        return sum;
      },
    },
  ];
}

/** A degenerate case with its exact distance: `make(r)` returns one instance (random rotations where it says so). */
interface Probe {
  name: string;
  exact: number;
  make: (r: () => number) => [Vec3, Vec3, Vec3, Vec3];
  trials: number;
}

/** Turns and moves a case rigidly, so its coordinates arrive rounded as they do in practice. */
const moved = (r: () => number, pts: Vec3[]): [Vec3, Vec3, Vec3, Vec3] => {
  const q = randomQuat(r);
  const t: Vec3 = [r() * 10 - 5, r() * 10 - 5, r() * 10 - 5];
  return pts.map((p) => vec3.add(t, quat.rotateVec3(q, p))) as [Vec3, Vec3, Vec3, Vec3];
};

const PROBES: Probe[] = [
  { name: "parallel, overlapping (fact 12.1)", exact: 2, trials: 1, make: () => [[1, -2, 0], [1, 2, 0], [-1, -2, 0], [-1, 2, 0]] }, // prettier-ignore
  { name: "parallel, disjoint (fact 12.2)", exact: Math.sqrt(5), trials: 1, make: () => [[0, 0, 0], [1, 0, 0], [3, 1, 0], [5, 1, 0]] }, // prettier-ignore
  { name: "parallel, turned and moved", exact: 1.5, trials: 200, make: (r) => moved(r, [[0, 0, 0], [2, 0, 0], [0.5, 1.5, 0], [1.5, 1.5, 0]]) }, // prettier-ignore
  { name: "collinear, 1 apart, turned and moved", exact: 1, trials: 200, make: (r) => moved(r, [[0, 0, 0], [1, 0, 0], [3, 0, 0], [2, 0, 0]]) }, // prettier-ignore
  {
    name: "CD of zero length",
    exact: 1,
    trials: 1,
    make: () => [
      [0, 0, 0],
      [2, 0, 0],
      [1, 1, 0],
      [1, 1, 0],
    ],
  },
  {
    name: "AB of zero length",
    exact: 1,
    trials: 1,
    make: () => [
      [1, 1, 0],
      [1, 1, 0],
      [0, 0, 0],
      [2, 0, 0],
    ],
  },
  {
    name: "both of zero length",
    exact: 4,
    trials: 1,
    make: () => [
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 7],
      [1, 2, 7],
    ],
  },
  { name: "crossing, turned and moved", exact: 0, trials: 200, make: (r) => moved(r, [[-1, 0, 0], [1, 0, 0], [0, -1, 0], [0, 1, 0]]) }, // prettier-ignore
  { name: "lines cross, segments do not", exact: 1 / Math.sqrt(5), trials: 1, make: () => [[0, 0, 0], [4, 0, 0], [1, 1, 0], [-1, 0, 0]] }, // prettier-ignore
  { name: "crossing, 1e-9 long (tiny units)", exact: 0, trials: 1, make: () => [[-1e-9, 0, 0], [1e-9, 0, 0], [0, -1e-9, 0], [0, 1e-9, 0]] }, // prettier-ignore
  { name: "skew, 1e-9 long, 1e-9 apart", exact: 1e-9, trials: 1, make: () => [[-1e-9, 0, 0], [1e-9, 0, 0], [0, -1e-9, 1e-9], [0, 1e-9, 1e-9]] }, // prettier-ignore
];

/**
 * The worst error of one implementation over a probe's trials, relative to the segments' size
 * (the length of the longer one): `|distance − exact|`, or a pair off its segments, whichever is
 * worse; NaN results are counted, not averaged away.
 */
function probeError(
  p: Probe,
  solve: (a: Vec3, b: Vec3, c: Vec3, d: Vec3) => { onAB: Vec3; onCD: Vec3 },
): { worst: number; nan: number } {
  const r = rng(1200 + p.name.length);
  let worst = 0;
  let nan = 0;
  for (let i = 0; i < p.trials; i++) {
    const [a, b, c, d] = p.make(r);
    const size = Math.max(vec3.distance(a, b), vec3.distance(c, d)) || 1; // two points: absolute error
    const { onAB, onCD } = solve(a, b, c, d);
    if (![...onAB, ...onCD].every(Number.isFinite)) {
      nan++;
      continue;
    }
    const off = Math.max(
      vec3.distance(onAB, segments.closestPointOnSegment(onAB, a, b).point),
      vec3.distance(onCD, segments.closestPointOnSegment(onCD, c, d).point),
    );
    worst = Math.max(worst, Math.abs(vec3.distance(onAB, onCD) - p.exact) / size, off / size);
  }
  return { worst, nan };
}

const fmt = (e: { worst: number; nan: number }, trials: number) =>
  e.nan === trials ? "NaN" : `${e.worst === 0 ? "0" : e.worst.toExponential(1)}${e.nan ? ` (${e.nan} NaN)` : ""}`;

/**
 * The markdown section: speed ratios against three.js, then accuracy on the degenerate cases.
 * @param clock - `"wall"` (default) or `"cpu"` (process CPU time, for a machine shared with other work), as bench/index.ts's `--cpu-time`.
 */
export function segmentsBenchSection(clock: SpeedOptions["clock"] = "wall"): string {
  const speed = speedCases().map((c) => runCase(c, { ...SPEED, clock }));
  const speedRows = speed.map((s) => [
    s.name,
    s.ours.toFixed(1),
    s.three!.toFixed(1),
    (s.ours / s.three!).toFixed(2),
    `${(100 * s.noise).toFixed(1)}%`,
  ]);
  const accuracyRows = PROBES.map((p) => [
    p.name,
    String(p.trials),
    fmt(probeError(p, segments.closestPointsOnSegments), p.trials),
    fmt(probeError(p, threePair), p.trials),
    fmt(probeError(p, blogDemo), p.trials),
  ]);
  return [
    "## Closest points between segments (chapter 12) against three.js",
    "",
    `Median ns per call over ${SPEED.rounds} alternating rounds of ~${SPEED.roundMs} ms (${clock === "cpu" ? "process CPU time" : "wall time"}); inputs cycle through ${POOL} random pairs in [−2, 2]³. ` +
      "three: `Line3.closestPointToPoint(p, true, target)` and `Line3.distanceSqToLine3(line, c1, c2)` (then `Math.sqrt`), writing into preallocated vectors; ours fills preallocated results (the `out` argument).",
    "",
    table(["operation", "ours ns", "three ns", "ours/three", "noise"], speedRows),
    "",
    "Accuracy on the degenerate cases: worst over the trials of max(|distance − exact|, distance of a returned point from its segment), divided by the longer segment's length (absolute for two points). NaN: every trial returned NaN.",
    "",
    table(["case", "trials", "ours", "three distanceSqToLine3", "the blog's demo code"], accuracyRows, [0]),
    "",
    "three treats a segment whose squared length is ≤ 1e-16 as a point (an absolute epsilon), so in tiny units it answers with the start points; " +
      "the blog's demo divides by |projected AB|² and |CD|², which are 0 for parallel and zero-length segments.",
  ].join("\n");
}

if (isMain(import.meta.url)) console.log(segmentsBenchSection(process.argv.includes("--cpu-time") ? "cpu" : "wall"));
