/**
 * Chapters 10 and 14's remaining hot paths against three.js on the same work, timed in one process:
 * one FABRIK iteration (ours `ik.fabrikIteration` with `out`, in place; three.js has no FABRIK, so the
 * peer is the same two passes written with `Vector3`, as three.js ports such as fullik do), one signed
 * distance evaluation of a scene (ours: `sdf.union(sphere, box, plane)`; three: `Math.min` of
 * `Sphere.distanceToPoint`, `Box3.distanceToPoint` and `Plane.distanceToPoint`) and one sphere-traced
 * ray through it (ours `sdf.march` with `out`; three: the same loop on `Ray.at`). Each speed line is
 * followed by the accuracy of both on the same inputs.
 *
 * Run alone: `node --import ./tools/author/register-ts.mjs bench/applied.ts [--cpu-time]`.
 */

import { Box3, Plane, Ray, Sphere, Vector3 } from "three";
import { type Vec3, ik, sdf, vec3 } from "../lib/index.ts";
import { isMain } from "../tools/author/root.ts";
import { type SpeedCase, type SpeedOptions, randomUnitVec, rng, runCase, table } from "./harness.ts";

const SPEED: Omit<SpeedOptions, "clock"> = { roundMs: 25, rounds: 11, warmupMs: 100 };
const POOL = 256;
const JOINTS = 8;

const v3 = (p: Readonly<Vec3>) => new Vector3(p[0], p[1], p[2]);

/** three.js FABRIK: the backward and forward passes on `Vector3`s, in place (fullik's `solveForward/Backward`). */
function threeFabrik(p: Vector3[], target: Vector3, lengths: readonly number[], base: Vector3, dir: Vector3): void {
  const n = p.length - 1;
  p[n]!.copy(target);
  for (let i = n - 1; i >= 0; i--) {
    dir.subVectors(p[i]!, p[i + 1]!).normalize();
    p[i]!.copy(p[i + 1]!).addScaledVector(dir, lengths[i]!);
  }
  p[0]!.copy(base);
  for (let i = 1; i <= n; i++) {
    dir.subVectors(p[i]!, p[i - 1]!).normalize();
    p[i]!.copy(p[i - 1]!).addScaledVector(dir, lengths[i - 1]!);
  }
}

/** A zig-zag chain of JOINTS unit bones and random reachable targets. */
function chains(): { start: Vec3[]; targets: Vec3[] } {
  const r = rng(21);
  const start = Array.from({ length: JOINTS + 1 }, (_, i): Vec3 => [i * 0.9, i % 2 ? 0.3 : -0.1, 0.05 * i]);
  const targets = Array.from({ length: POOL }, () => vec3.scale(randomUnitVec(r), 1 + 5 * r()));
  return { start, targets };
}

/** The scene: a sphere, a box and a ground plane; ours and three's, the same numbers. */
const SCENE = {
  sphere: { center: [0, 1, 6] as Vec3, radius: 1 },
  box: { center: [2.5, 0.5, 7] as Vec3, half: [0.5, 0.5, 0.5] as Vec3 },
  plane: { normal: [0, 1, 0] as Vec3, offset: -1 },
};
const oursScene = sdf.union(
  sdf.sphere(SCENE.sphere.center, SCENE.sphere.radius),
  sdf.box(SCENE.box.center, SCENE.box.half),
  sdf.plane(SCENE.plane.normal, SCENE.plane.offset),
);
const tSphere = new Sphere(v3(SCENE.sphere.center), SCENE.sphere.radius);
const tBox = new Box3(v3(vec3.sub(SCENE.box.center, SCENE.box.half)), v3(vec3.add(SCENE.box.center, SCENE.box.half)));
const tPlane = new Plane(v3(SCENE.plane.normal), -SCENE.plane.offset); // three: n·p + constant
const threeScene = (p: Vector3) =>
  Math.min(tSphere.distanceToPoint(p), tBox.distanceToPoint(p), tPlane.distanceToPoint(p));

/** three.js sphere tracing: the same loop as sdf.march, on Ray.at. */
function threeMarch(ray: Ray, p: Vector3, eps = 1e-4, maxDistance = 100, maxSteps = 256): { t: number; hit: boolean } {
  let t = 0;
  for (let steps = 0; steps < maxSteps; steps++) {
    const d = threeScene(ray.at(t, p));
    if (d < eps) return { t, hit: true };
    t += d;
    if (t > maxDistance) break;
  }
  return { t, hit: false };
}

/** Rays from the camera at (0, 1, 0) into the scene (most hit the sphere, box or floor). */
function rays(): { origin: Vec3; direction: Vec3 }[] {
  const r = rng(22);
  return Array.from({ length: POOL }, () => ({
    origin: [0, 1, 0] as Vec3,
    direction: vec3.normalize([1.2 * (r() - 0.3), 0.8 * (r() - 0.6), 1]),
  }));
}

function speedCases(): SpeedCase[] {
  const { start, targets } = chains();
  const lengths = ik.boneLengths(start);
  const ours = start.map((p): Vec3 => [p[0], p[1], p[2]]);
  const three = start.map(v3);
  const tTargets = targets.map(v3);
  const base = v3(start[0]!);
  const dir = new Vector3();
  const points = Array.from({ length: POOL }, (_, i): Vec3 => [
    6 * Math.sin(i) - 1,
    2 * Math.cos(3 * i),
    4 + 4 * Math.sin(7 * i),
  ]);
  const tPoints = points.map(v3);
  const rs = rays();
  const tRays = rs.map((x) => new Ray(v3(x.origin), v3(x.direction)));
  const scratch = new Vector3();
  const marched: sdf.MarchResult = { hit: false, t: 0.5, steps: 1, point: [0.5, 0.5, 0.5], distance: 0.5 };
  return [
    {
      name: `one FABRIK iteration, ${JOINTS} bones`,
      opsPerIteration: 1,
      ours: (n) => {
        let sum = 0;
        for (let i = 0; i < n; i++) {
          ik.fabrikIteration(ours, targets[i & (POOL - 1)]!, lengths, ours);
          sum += ours[JOINTS]![0];
        }
        return sum;
      },
      glMatrix: null,
      three: (n) => {
        let sum = 0;
        for (let i = 0; i < n; i++) {
          threeFabrik(three, tTargets[i & (POOL - 1)]!, lengths, base, dir);
          sum += three[JOINTS]!.x;
        }
        return sum;
      },
      note: "both in place on a chain carried from one call to the next; ours checks its inputs (one comparison).",
    },
    {
      name: "one SDF evaluation (sphere ∪ box ∪ plane)",
      opsPerIteration: 1,
      ours: (n) => {
        let sum = 0;
        for (let i = 0; i < n; i++) sum += oursScene(points[i & (POOL - 1)]!);
        return sum;
      },
      glMatrix: null,
      three: (n) => {
        let sum = 0;
        for (let i = 0; i < n; i++) sum += threeScene(tPoints[i & (POOL - 1)]!);
        return sum;
      },
      note: "three's Box3.distanceToPoint is unsigned (0 inside) and so does less work than a signed box.",
    },
    {
      name: "one march (sphere tracing to 1e-4)",
      opsPerIteration: 1,
      ours: (n) => {
        let sum = 0;
        for (let i = 0; i < n; i++) {
          const x = rs[i & (POOL - 1)]!;
          sum += sdf.march(oursScene, x.origin, x.direction, undefined, marched).t;
        }
        return sum;
      },
      glMatrix: null,
      three: (n) => {
        let sum = 0;
        for (let i = 0; i < n; i++) sum += threeMarch(tRays[i & (POOL - 1)]!, scratch).t;
        return sum;
      },
      note: "ours also checks and normalizes the direction and returns the hit point; three's loop assumes a unit direction.",
    },
  ];
}

/** Accuracy of both on the timed inputs: bone-length error and tip error after FABRIK; SDF and hit errors. */
function accuracyRows(): string[][] {
  const { start, targets } = chains();
  const lengths = ik.boneLengths(start);
  let oursLen = 0,
    threeLen = 0,
    oursTip: number[] = [],
    threeTip: number[] = [];
  for (const t of targets) {
    const p = start.map((x): Vec3 => [x[0], x[1], x[2]]);
    const q = start.map(v3);
    for (let k = 0; k < 50; k++) {
      ik.fabrikIteration(p, t, lengths, p);
      threeFabrik(q, v3(t), lengths, v3(start[0]!), new Vector3());
    }
    const tp = q.map((v): Vec3 => [v.x, v.y, v.z]);
    oursLen = Math.max(oursLen, ...ik.boneLengths(p).map((l, i) => Math.abs(l - lengths[i]!)));
    threeLen = Math.max(threeLen, ...ik.boneLengths(tp).map((l, i) => Math.abs(l - lengths[i]!)));
    oursTip.push(vec3.distance(p[JOINTS]!, t));
    threeTip.push(vec3.distance(tp[JOINTS]!, t));
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  // SDF: against the sphere's exact distance on points near and far (the scene's sphere alone).
  const sOurs = sdf.sphere(SCENE.sphere.center, SCENE.sphere.radius);
  let sdfOurs = 0,
    sdfThree = 0;
  for (const k of [1e-8, 1, 1e4, 1e8]) {
    const p = vec3.add(SCENE.sphere.center, [k * 0.6, k * 0.8, 0]);
    const exact = k - SCENE.sphere.radius;
    sdfOurs = Math.max(sdfOurs, Math.abs(sOurs(p) - exact) / Math.max(1, Math.abs(exact)));
    sdfThree = Math.max(sdfThree, Math.abs(tSphere.distanceToPoint(v3(p)) - exact) / Math.max(1, Math.abs(exact)));
  }
  // March: rays from the camera aimed at the sphere; exact first hit from the analytic ray–sphere root.
  const r = rng(23);
  let marchOurs = 0,
    marchThree = 0;
  for (let i = 0; i < 200; i++) {
    const aim = vec3.add(SCENE.sphere.center, vec3.scale(randomUnitVec(r), 0.5));
    const origin: Vec3 = [0, 1, 0];
    const d = vec3.normalize(vec3.sub(aim, origin));
    const m = vec3.sub(origin, SCENE.sphere.center);
    const b = vec3.dot(m, d);
    const exact = -b - Math.sqrt(b * b - (vec3.dot(m, m) - 1));
    const o = sdf.march(sOurs, origin, d);
    const ray = new Ray(v3(origin), v3(d));
    let t = 0;
    for (let s = 0; s < 256; s++) {
      const dist = tSphere.distanceToPoint(ray.at(t, new Vector3()));
      if (dist < 1e-4) break;
      t += dist;
    }
    marchOurs = Math.max(marchOurs, Math.abs(o.t - exact));
    marchThree = Math.max(marchThree, Math.abs(t - exact));
  }
  const e = (x: number) => (x === 0 ? "0" : x.toExponential(1));
  return [
    [`FABRIK, ${POOL} targets × 50 iterations: largest bone-length error`, e(oursLen), e(threeLen)],
    ["— median tip error", e(med(oursTip)), e(med(threeTip))],
    ["sphere SDF at 1e-8 … 1e8 from the centre: relative error", e(sdfOurs), e(sdfThree)],
    ["march to a sphere (ε = 1e-4), 200 rays: worst |t − exact| (ε-bounded by design)", e(marchOurs), e(marchThree)],
  ];
}

/**
 * The markdown section: each hot path's ratio to its three.js peer, then the accuracy of both.
 * @param clock - `"wall"` (default) or `"cpu"`, as bench/index.ts's `--cpu-time`.
 */
export function appliedBenchSection(clock: SpeedOptions["clock"] = "wall"): string {
  const speed = speedCases().map((c) => runCase(c, { ...SPEED, clock }));
  const rows = speed.map((s) => [
    s.name,
    s.ours.toFixed(1),
    s.three!.toFixed(1),
    (s.ours / s.three!).toFixed(2),
    `${(100 * s.noise).toFixed(1)}%`,
  ]);
  return [
    "## FABRIK, signed distances and sphere tracing (chapters 10 and 14) against three.js",
    "",
    `Median ns per call over ${SPEED.rounds} alternating rounds of ~${SPEED.roundMs} ms (${clock === "cpu" ? "process CPU time" : "wall time"}).`,
    "",
    table(["operation", "ours ns", "three ns", "ours/three", "noise"], rows),
    "",
    ...speed.filter((s) => s.note).map((s) => `- ${s.name}: ${s.note}`),
    "",
    "Accuracy on the same inputs:",
    "",
    table(["case", "ours", "three"], accuracyRows()),
  ].join("\n");
}

if (isMain(import.meta.url)) console.log(appliedBenchSection(process.argv.includes("--cpu-time") ? "cpu" : "wall"));
