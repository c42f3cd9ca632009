/** Where a ray meets a sphere: the checks of exercises/13-ellipsoidal-mirrors/02-ray-sphere.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/13-ellipsoidal-mirrors/02-ray-sphere.ts";
import { caseRng, point } from "../cases.ts";

type Args = [Vec3, number, Vec3, Vec3];

/**
 * t from a handful of products and one square root: ~1e-15 relative when the discriminant is formed
 * without cancellation. The task asks for 1e-12, so the cancelling b² − ac (off by 4e-11 … 2e-10
 * relative for the rays from 1e6 and 1e7 away) fails and any stable formula passes with a thousandfold margin.
 */
const T: Comparison = { kind: "numbers", atol: 1e-12, rtol: 1e-12 };

/** A ray from `distance` away (direction scaled by `k`) aimed at a point `aim·r` from the centre, as seen from a random side. */
function aimed(rng: random.Rng, distance: number, aim: number, k: number): Args {
  const c = point(rng, 10);
  const r = random.uniform(rng, 0.3, 5);
  const target = vec3.add(c, vec3.scale(random.unitVector(rng), aim * r));
  const origin = vec3.add(target, vec3.scale(random.unitVector(rng), distance));
  return [c, r, origin, vec3.scale(vec3.normalize(vec3.sub(target, origin)), k)];
}

export default defineExercise<typeof solution>({
  title: "Where a ray meets a sphere",
  uses: ["vec3"],
  hints: [
    "Put p = o + t·d into |p − c|² = r² and expand: (d·d) t² + 2 ((o − c)·d) t + |o − c|² − r² = 0. With a = d·d, b = (o − c)·d and c' = |o − c|² − r², the roots are (−b ± √(b² − a c')) / a. Do not normalize d: t must be in its units.",
    "Which root: if the smaller is > 0 the origin is outside and that is the entry; if only the larger is > 0 the origin is inside and that is the exit; if neither, the sphere is behind the ray (null). A negative discriminant is a miss (null).",
    "From 1e7 away b² and a c' are both ≈ 1e14 and their difference (≈ 1) keeps only a few digits. The discriminant also equals a (r² − |h|²) with h = (o − c) − (b/a) d, the offset of the centre from the line — no cancellation. Then take q = −(b + sign(b)√disc) and the roots q/a and c'/q.",
  ],
  checks: [
    // Guards: the entry (smallest root t > 0) from outside; a tangent (zero discriminant, exact in binary) touches and
    // its double root is the answer.
    {
      name: "rays from outside",
      points: 2,
      comparison: T,
      cases: () => [
        {
          fn: "intersectSphere",
          args: [[0, 0, 5], 1, [0, 0, 0], [0, 0, 1]],
          label: "unit sphere at (0, 0, 5), along +z: t = 4",
        },
        { fn: "intersectSphere", args: [[0, 0, 0], 2, [-5, 1, 0], [1, 0, 0]], label: "radius 2, offset 1: t = 5 − √3" },
        // Tangents with exact numbers: every formula's discriminant is exactly 0, and the double root is the hit.
        {
          fn: "intersectSphere",
          args: [[0, 0, 5], 1, [1, 0, 0], [0, 0, 1]],
          label: "grazes the unit sphere at (1, 0, 5), a tangent: t = 5",
        },
        {
          fn: "intersectSphere",
          args: [[0, 0, 0], 3, [3, -4, 0], [0, 1, 0]],
          label: "grazes radius 3 at (3, 0, 0), a tangent: t = 4",
        },
        ...Array.from({ length: 10 }, (_, i) => ({
          fn: "intersectSphere" as const,
          args: aimed(caseRng(1321 + 100 * i), 12, 0.9, 1),
          label: "a random sphere, a unit ray from outside",
        })),
      ],
    },
    // Guards: from inside, the exit — not the negative root behind the origin.
    {
      name: "from inside: the exit, not the root behind",
      points: 2,
      comparison: T,
      cases: () => {
        const rng = caseRng(1322);
        return [
          {
            fn: "intersectSphere" as const,
            args: [[0, 0, 0], 1, [0, 0, 0], [0, 1, 0]] as Args,
            label: "from the centre: t = 1",
          },
          {
            fn: "intersectSphere" as const,
            args: [[1, 1, 1], 3, [1, 2, 1], [0, -1, 0]] as Args,
            label: "off centre: t = 4",
          },
          ...Array.from({ length: 8 }, () => {
            const c = point(rng, 10);
            const r = random.uniform(rng, 0.3, 5);
            const o = vec3.add(c, vec3.scale(random.unitVector(rng), random.uniform(rng, 0, 0.95 * r)));
            return {
              fn: "intersectSphere" as const,
              args: [c, r, o, random.unitVector(rng)] as Args,
              label: "a random point inside",
            };
          }),
        ];
      },
    },
    // Guards: `d` of any length from 1e-100 to 1e100 (the stated range's ends, and 0.001 … 250 between), t in its
    // units (the hit is o + t·d).
    {
      name: "a direction of any length: t in its units",
      points: 2,
      comparison: T,
      cases: () => [
        { fn: "intersectSphere", args: [[0, 0, 5], 1, [0, 0, 0], [0, 0, 2]], label: "d = (0, 0, 2): t = 2" },
        { fn: "intersectSphere", args: [[0, 0, 5], 1, [0, 0, 0], [0, 0, 0.001]], label: "d = (0, 0, 0.001): t = 4000" },
        ...[1e-100, 0.01, 0.3, 7, 250, 1e100].map((k, i) => ({
          fn: "intersectSphere" as const,
          args: aimed(caseRng(1323 + i), 12, 0.5, k),
          label: `a random ray with |d| = ${k}`,
        })),
      ],
    },
    // Guards: null for a miss (passing 1.5 … 3 radii off) and for a sphere behind the ray.
    {
      name: "misses and spheres behind: null",
      points: 1,
      comparison: { kind: "exact" },
      cases: () => [
        { fn: "intersectSphere", args: [[0, 0, 5], 1, [0, 0, 0], [0, 0, -1]], label: "the sphere is behind the ray" },
        {
          fn: "intersectSphere",
          args: [[0, 0, 5], 1, [1.5, 0, 0], [0, 0, 1]],
          label: "passes 1.5 from the centre of a unit sphere",
        },
        { fn: "intersectSphere", args: [[0, 0, 0], 1, [0, 0, 3], [0, 1, 1]], label: "heads away, above the sphere" },
        (() => {
          // A ray aimed through a random sphere from 12 away, turned round: both roots near −12, behind.
          const [c, r, o, d] = aimed(caseRng(1331), 12, 0.9, random.uniform(caseRng(1332), 0.1, 10));
          return {
            fn: "intersectSphere" as const,
            args: [c, r, o, vec3.scale(d, -1)] as Args,
            label: "a random sphere behind the ray",
          };
        })(),
        (() => {
          // The line's closest approach to the centre is 1.5 … 3 radii: a clear miss.
          const rng = caseRng(1333);
          const c = point(rng, 10);
          const r = random.uniform(rng, 0.3, 5);
          const u = random.unitVector(rng);
          const closest = vec3.add(c, vec3.scale(u, random.uniform(rng, 1.5, 3) * r));
          const across = vec3.normalize(vec3.cross(u, random.unitVector(rng)));
          const o = vec3.add(closest, vec3.scale(across, 12));
          return {
            fn: "intersectSphere" as const,
            args: [c, r, o, vec3.scale(across, -random.uniform(rng, 0.1, 10))] as Args,
            label: "a random ray passing 1.5 to 3 radii from the centre",
          };
        })(),
        (() => {
          // From a random point outside, any direction away from the centre: the sphere is behind.
          const rng = caseRng(1334);
          const c = point(rng, 10);
          const r = random.uniform(rng, 0.3, 5);
          const out = random.unitVector(rng);
          const o = vec3.add(c, vec3.scale(out, random.uniform(rng, 1.2, 4) * r));
          let d = random.unitVector(rng);
          if (vec3.dot(d, out) < 0) d = vec3.scale(d, -1);
          d = vec3.normalize(vec3.add(d, vec3.scale(out, 0.2)));
          return {
            fn: "intersectSphere" as const,
            args: [c, r, o, vec3.scale(d, random.uniform(rng, 0.1, 10))] as Args,
            label: "heads away from a random sphere, from outside it",
          };
        })(),
      ],
    },
    // Guards: 1e-12 relative from far away (1e7): the discriminant from the centre's distance to the line, not b² − ac.
    {
      name: "from far away: no digits lost (1e-12)",
      points: 1,
      hidden: true,
      comparison: T,
      cases: () => [
        {
          fn: "intersectSphere",
          args: [[0, 0, 0], 1, [-1e7, 0.6, 0], [1, 0, 0]],
          label: "1e7 away, offset 0.6: t = 1e7 − 0.8",
        },
        ...[1e6, 1e7].map((dist, i) => ({
          fn: "intersectSphere" as const,
          args: aimed(caseRng(1325 + i), dist, 0.7, 1),
          label: `a random ray from ${dist.toExponential(0)} away`,
        })),
      ],
    },
  ],
});
