/** Reflection and the focal property: the checks of exercises/13-ellipsoidal-mirrors/05-reflect-and-focus.ts. */

import { type Vec3, ellipsoid, random, vec3 } from "../../../lib/index.ts";
import type { Ellipsoid } from "../../../lib/ellipsoid.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/13-ellipsoidal-mirrors/05-reflect-and-focus.ts";
import { caseRng, point } from "../cases.ts";

/** A handful of products on vectors of length ≤ ~10: a few ulps of 10. */
const VECTOR: Comparison = { kind: "numbers", atol: 1e-12, rtol: 1e-12 };
/**
 * The focal property holds to ~1e-14 in the reference (a stable hit point, an exact gradient); the task
 * promises 1e-9, which any correct reflection meets. Aiming at the other focus instead of reflecting is
 * exact there — and off by degrees from a point that is not a focus.
 */
const FOCAL: Comparison = { kind: "numbers", atol: 1e-9, rtol: 0 };
/** A unit direction through a hit point and its normal on mirrors up to ~50 across: ~1e-14; 1e-10 is generous. */
const BOUNCE: Comparison = { kind: "numbers", atol: 1e-10, rtol: 0 };

type BounceArgs = [Ellipsoid, Vec3, Vec3];

/** A random spheroid from two foci. */
const spheroid = (rng: random.Rng): Ellipsoid => {
  const f1 = point(rng, 20);
  return ellipsoid.fromFoci(
    f1,
    vec3.add(f1, vec3.scale(random.unitVector(rng), random.uniform(rng, 1, 30))),
    random.uniform(rng, 2, 30),
  );
};

export default defineExercise<typeof solution>({
  title: "Reflection, and the focal property",
  // vec3 without projectOnPlane: 2·projectOnPlane(d, n) − d is the reflection with the normal's length already divided out.
  uses: [
    "vec3.add",
    "vec3.sub",
    "vec3.scale",
    "vec3.negate",
    "vec3.dot",
    "vec3.cross",
    "vec3.length",
    "vec3.normalize",
    "vec3.distance",
    "vec3.lerp",
    "vec3.angleBetween",
    "quat",
    "ellipsoid.intersectRay",
    "ellipsoid.fromFoci",
    "ellipsoid.foci",
    "ellipsoid.normalAt",
  ],
  hints: [
    "Split d into its part along the unit normal, (d·n̂)n̂, and the rest. A mirror keeps the rest and flips the part along n̂: d − 2(d·n̂)n̂. Normalize n first — with |n| = 2 the formula subtracts four times too much.",
    "bounce: const hit = ellipsoid.intersectRay(e, origin, direction) gives hit.point and hit.normal (outward; the sign does not matter to a reflection). Return reflect(direction, hit.normal) normalized.",
    "Check the focal property yourself: from f1 = ellipsoid.foci(e)[0] every bounce should point at f2, i.e. |(f2 − hit) × out| ≈ 0. Do not return normalize(f2 − hit) instead — that is right only from a focus.",
  ],
  checks: [
    // Guards: d − 2(d·n̂)n̂: along the normal turns round, along the plane unchanged.
    {
      name: "reflect: unit normals",
      points: 1,
      comparison: VECTOR,
      cases: () => {
        const rng = caseRng(1351);
        return [
          {
            fn: "reflect" as const,
            args: [
              [1, -1, 0],
              [0, 1, 0],
            ] as [Vec3, Vec3],
            label: "(1, −1, 0) in the floor: (1, 1, 0)",
          },
          {
            fn: "reflect" as const,
            args: [
              [0, 0, 3],
              [0, 0, 1],
            ] as [Vec3, Vec3],
            label: "along the normal: turns round",
          },
          {
            fn: "reflect" as const,
            args: [
              [2, 5, 0],
              [0, 0, 1],
            ] as [Vec3, Vec3],
            label: "along the plane: unchanged",
          },
          ...Array.from({ length: 6 }, () => ({
            fn: "reflect" as const,
            args: [point(rng, 5), random.unitVector(rng)] as [Vec3, Vec3],
            label: "random",
          })),
        ];
      },
    },
    // Guards: n of any length from 1e-100 to 1e100 (the ends of the stated range) and either sign: n̂ normalized, |d|
    // kept.
    {
      name: "reflect: a normal of any length or sign",
      points: 1,
      comparison: VECTOR,
      cases: () => {
        const rng = caseRng(1352);
        return [
          {
            fn: "reflect" as const,
            args: [
              [1, -1, 0],
              [0, 2, 0],
            ] as [Vec3, Vec3],
            label: "n = (0, 2, 0)",
          },
          {
            fn: "reflect" as const,
            args: [
              [1, -1, 0],
              [0, -0.01, 0],
            ] as [Vec3, Vec3],
            label: "n = (0, −0.01, 0)",
          },
          ...[1e-100, 0.001, 0.5, 7, 300, 1e100].map((k) => ({
            fn: "reflect" as const,
            args: [point(rng, 5), vec3.scale(random.unitVector(rng), k * (rng() < 0.5 ? -1 : 1))] as [Vec3, Vec3],
            label: `|n| = ${k}`,
          })),
        ];
      },
    },
    // Guards: from one focus the unit leaving direction points at the other focus, to 1e-9.
    {
      name: "bounce from a focus: through the other focus (1e-9)",
      points: 2,
      comparison: FOCAL,
      cases: () => {
        const rng = caseRng(1353);
        const blog = ellipsoid.fromFoci([-50, 40, 0], [50, 70, 0], 100);
        return [
          ...Array.from({ length: 4 }, () => ({
            fn: "bounce" as const,
            args: [blog, [-50, 40, 0], random.unitVector(rng)] as BounceArgs,
            label: "fact 13.1's mirror, from (−50, 40, 0)",
          })),
          ...Array.from({ length: 8 }, () => {
            const e = spheroid(rng);
            const [f1, f2] = ellipsoid.foci(e);
            return {
              fn: "bounce" as const,
              args: [
                e,
                rng() < 0.5 ? f1 : f2,
                vec3.scale(random.unitVector(rng), random.uniform(rng, 0.1, 10)),
              ] as BounceArgs,
              label: "a random spheroid, from a focus",
            };
          }),
        ];
      },
    },
    // Guards: bounce reflects (rays from points that are not foci), not aim at the other focus; a unit direction.
    {
      name: "bounce from a point that is not a focus",
      points: 2,
      comparison: BOUNCE,
      cases: () => {
        const rng = caseRng(1354);
        return Array.from({ length: 8 }, () => {
          const e = spheroid(rng);
          const inside = ellipsoid.fromUnitSphere(e, vec3.scale(random.unitVector(rng), random.uniform(rng, 0.1, 0.9)));
          return {
            fn: "bounce" as const,
            args: [e, inside, random.unitVector(rng)] as BounceArgs,
            label: "a random spheroid, from a point inside",
          };
        });
      },
    },
  ],
});
