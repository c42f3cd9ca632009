/**
 * Chapter 13's bench: our `ellipsoid.intersectRay` against three.js's `Ray.intersectSphere` (spheres) and
 * against three's way of hitting an ellipsoid — the ray carried into the unit sphere's space by the
 * inverse of the object's matrix (`Ray.applyMatrix4`, as `Mesh.raycast` does), intersected there and the
 * point carried back — timed in the same process, and their accuracy where the chapter says the
 * intersection is delicate: rays from far away (the cancelling discriminant), grazing rays, and a ray
 * that starts on the surface after a bounce (the root at t ≈ 0).
 *
 * Run alone: `node --import ./tools/author/register-ts.mjs bench/ellipsoid.ts`.
 */

import { Matrix3, Matrix4, Quaternion, Ray, Sphere, Vector3 } from "three";
import { type Quat, type Vec3, ellipsoid, quat, vec3 } from "../lib/index.ts";
import type { Ellipsoid } from "../lib/ellipsoid.ts";
import { isMain } from "../tools/author/root.ts";
import { type SpeedCase, type SpeedOptions, randomQuat, randomUnitVec, rng, runCase, table } from "./harness.ts";

const SPEED: Omit<SpeedOptions, "clock"> = { roundMs: 25, rounds: 11, warmupMs: 100 };
const POOL = 1024;

const v3 = (p: Readonly<Vec3>) => new Vector3(p[0], p[1], p[2]);
const tuple = (v: Vector3): Vec3 => [v.x, v.y, v.z];
const UNIT = new Sphere(new Vector3(), 1);

/** three's ellipsoid hit: the ray by the inverse matrix into the unit sphere's space, then the point back. */
function threeEllipsoidHit(e: Ellipsoid, origin: Vec3, direction: Vec3): Vec3 | null {
  const m = new Matrix4().compose(v3(e.center), new Quaternion(...e.rotation), v3(e.radii));
  const ray = new Ray(v3(origin), v3(direction)).applyMatrix4(m.clone().invert());
  const hit = ray.intersectSphere(UNIT, new Vector3());
  return hit ? tuple(hit.applyMatrix4(m)) : null;
}

function threeSphereHit(c: Vec3, r: number, origin: Vec3, direction: Vec3): Vec3 | null {
  const hit = new Ray(v3(origin), v3(vec3.normalize(direction))).intersectSphere(new Sphere(v3(c), r), new Vector3());
  return hit ? tuple(hit) : null;
}

function speedCases(): SpeedCase[] {
  const r = rng(13);
  const rays = Array.from({ length: POOL }, () => {
    const target = randomUnitVec(r).map((x) => 0.6 * x) as Vec3;
    const origin = vec3.add(target, randomUnitVec(r).map((x) => 5 * x) as Vec3);
    return { origin, direction: vec3.normalize(vec3.sub(target, origin)) };
  });
  const sphere: Ellipsoid = { center: [0, 0, 0], rotation: quat.identity(), radii: [1, 1, 1] };
  const q: Quat = randomQuat(r);
  const squashed: Ellipsoid = { center: [0.1, -0.2, 0.3], rotation: q, radii: [1.5, 1, 0.6] };
  const threeRays = rays.map((x) => new Ray(v3(x.origin), v3(x.direction)));
  const m = new Matrix4().compose(v3(squashed.center), new Quaternion(...q), v3(squashed.radii));
  const inv = m.clone().invert();
  const normalMatrix = new Matrix3().getNormalMatrix(m); // the inverse transpose: normals' map
  const scratch = new Ray();
  const target = new Vector3();
  const normal = new Vector3();
  // Ours writes into a long-lived hit, as three writes into its preallocated target.
  const hit: ellipsoid.RayHit = { t: 0.5, point: [0.5, 0.5, 0.5], normal: [0.5, 0.5, 0.5] };
  return [
    {
      name: "ray–sphere (first hit)",
      opsPerIteration: 1,
      ours: (n) => {
        let sum = 0;
        for (let i = 0; i < n; i++) {
          const x = rays[i & (POOL - 1)]!;
          sum += ellipsoid.intersectRay(sphere, x.origin, x.direction, undefined, hit)?.t ?? 0;
        }
        return sum;
      },
      glMatrix: null,
      three: (n) => {
        let sum = 0;
        for (let i = 0; i < n; i++) {
          // The same answer as ours: the point, the outward unit normal and t (what Raycaster reports as distance).
          const ray = threeRays[i & (POOL - 1)]!;
          const hit = ray.intersectSphere(UNIT, target);
          if (hit) {
            normal.subVectors(hit, UNIT.center).divideScalar(UNIT.radius);
            sum += ray.origin.distanceTo(hit) + normal.x;
          }
        }
        return sum;
      },
      note: "both return t, the point and the outward unit normal (three: the normal as (p − c)/r, t as the distance from the origin, as Raycaster does); ours also checks its inputs and takes any direction length (three assumes a unit one)",
    },
    {
      name: "ray–ellipsoid (rotated, squashed)",
      opsPerIteration: 1,
      ours: (n) => {
        let sum = 0;
        for (let i = 0; i < n; i++) {
          const x = rays[i & (POOL - 1)]!;
          sum += ellipsoid.intersectRay(squashed, x.origin, x.direction, undefined, hit)?.t ?? 0;
        }
        return sum;
      },
      glMatrix: null,
      three: (n) => {
        let sum = 0;
        for (let i = 0; i < n; i++) {
          const ray = threeRays[i & (POOL - 1)]!;
          const hit = scratch.copy(ray).applyMatrix4(inv).intersectSphere(UNIT, target);
          if (hit) {
            // The unit sphere's normal at the hit is the hit itself; the world normal is it by the normal matrix.
            normal.copy(hit).applyNormalMatrix(normalMatrix);
            hit.applyMatrix4(m);
            sum += ray.origin.distanceTo(hit) + normal.x;
          }
        }
        return sum;
      },
      note: "three as Mesh.raycast does it, plus the normal by the normal matrix and t as the distance from the origin (both return t, the point and the unit normal)",
    },
  ];
}

/** A delicate case with its exact hit point (world units). */
interface Probe {
  name: string;
  trials: number;
  make: (r: () => number) => { e: Ellipsoid; origin: Vec3; direction: Vec3; exact: Vec3 };
}

const sphereAt = (c: Vec3, radius: number): Ellipsoid => ({
  center: c,
  rotation: quat.identity(),
  radii: [radius, radius, radius],
});

const PROBES: Probe[] = [
  ...[3, 5, 7, 9].map((k): Probe => ({
    name: `unit sphere, ray from 1e${k} away, offset 0.6`,
    trials: 1,
    make: () => ({
      e: sphereAt([0, 0, 0], 1),
      origin: [-(10 ** k), 0.6, 0],
      direction: [1, 0, 0],
      exact: [-0.8, 0.6, 0],
    }),
  })),
  {
    name: "unit sphere, grazing: offset 1 − 1e-8",
    trials: 1,
    make: () => ({
      e: sphereAt([0, 0, 0], 1),
      origin: [-5, 1 - 1e-8, 0],
      direction: [1, 0, 0],
      // From the offset as stored (1 − 1e-8 rounded): 1 − y² = (1 − y)(1 + y), both factors exact or nearly.
      exact: [-Math.sqrt((1 - (1 - 1e-8)) * (1 + (1 - 1e-8))), 1 - 1e-8, 0],
    }),
  },
  {
    name: "from a surface point, inward (after a bounce)",
    trials: 500,
    make: (r) => {
      // A rotated squashed ellipsoid; the exact far point comes from the chord in unit-sphere space.
      const e: Ellipsoid = { center: [1, 2, 3], rotation: randomQuat(r), radii: [3, 1.5, 0.7] };
      const u = randomUnitVec(r);
      let w = randomUnitVec(r);
      if (vec3.dot(w, u) > -0.2) w = vec3.normalize(vec3.sub(w, vec3.scale(u, vec3.dot(w, u) + 1)));
      const origin = ellipsoid.fromUnitSphere(e, u); // rounded, as a computed hit point is
      const farU = vec3.sub(u, vec3.scale(w, 2 * vec3.dot(u, w))); // the chord's far end: u − 2(u·w)w
      const direction = vec3.sub(ellipsoid.fromUnitSphere(e, farU), origin);
      return { e, origin, direction, exact: ellipsoid.fromUnitSphere(e, farU) };
    },
  },
];

/** The worst distance of a returned hit from the exact one, relative to the largest radius; misses counted. */
function probeError(
  p: Probe,
  solve: (e: Ellipsoid, o: Vec3, d: Vec3) => Vec3 | null,
): { worst: number; misses: number } {
  const r = rng(1300 + p.name.length);
  let worst = 0;
  let misses = 0;
  for (let i = 0; i < p.trials; i++) {
    const { e, origin, direction, exact } = p.make(r);
    const hit = solve(e, origin, direction);
    if (!hit || !hit.every(Number.isFinite)) {
      misses++;
      continue;
    }
    worst = Math.max(worst, vec3.distance(hit, exact) / Math.max(...e.radii));
  }
  return { worst, misses };
}

const fmt = (e: { worst: number; misses: number }, trials: number) =>
  e.misses === trials
    ? "misses"
    : `${e.worst === 0 ? "0" : e.worst.toExponential(1)}${e.misses ? ` (${e.misses} misses)` : ""}`;

const ours = (e: Ellipsoid, o: Vec3, d: Vec3) => ellipsoid.intersectRay(e, o, d)?.point ?? null;
const threeAny = (e: Ellipsoid, o: Vec3, d: Vec3) =>
  e.radii[0] === e.radii[1] && e.radii[1] === e.radii[2] && e.rotation[3] === 1
    ? threeSphereHit(e.center, e.radii[0], o, d)
    : threeEllipsoidHit(e, o, d);

/**
 * The markdown section: speed ratios against three.js, then accuracy on the delicate cases.
 * @param clock - `"wall"` (default) or `"cpu"` (process CPU time, for a machine shared with other work), as bench/index.ts's `--cpu-time`.
 */
export function ellipsoidBenchSection(clock: SpeedOptions["clock"] = "wall"): string {
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
    fmt(probeError(p, ours), p.trials),
    fmt(probeError(p, threeAny), p.trials),
  ]);
  return [
    "## Ray–ellipsoid intersection (chapter 13) against three.js",
    "",
    `Median ns per call over ${SPEED.rounds} alternating rounds of ~${SPEED.roundMs} ms (${clock === "cpu" ? "process CPU time" : "wall time"}); ${POOL} random rays from 5 away aimed inside. ` +
      "three: `Ray.intersectSphere(sphere, target)` on a preallocated target; for the ellipsoid, `Ray.applyMatrix4(inverse)`, `intersectSphere` on the unit sphere and the point back by the matrix (what `Mesh.raycast` does); then, as ours returns them, the unit normal and `t`. Ours fills a preallocated `{t, point, normal}` (the `out` argument).",
    "",
    table(["operation", "ours ns", "three ns", "ours/three", "noise"], speedRows),
    "",
    ...speed.filter((s) => s.note).map((s) => `- ${s.name}: ${s.note}`),
    "",
    'Accuracy: worst distance of the returned hit from the exact one, over the largest radius; "misses": no hit returned.',
    "",
    table(["case", "trials", "ellipsoid.intersectRay", "three.js"], accuracyRows, [0]),
    "",
    "three forms the discriminant as r² − (|m|² − t_ca²), which cancels for far origins; from a surface point it returns the root at t ≈ 0 (or the far one, by the sign of the rounding), where ours skips roots within 1e-9 of the origin.",
  ].join("\n");
}

if (isMain(import.meta.url)) console.log(ellipsoidBenchSection(process.argv.includes("--cpu-time") ? "cpu" : "wall"));
