/** Fit a plane: the checks of exercises/09-fitting-lines-and-planes/05-fit-plane.ts. */

import { type Vec3, quat, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/09-fitting-lines-and-planes/05-fit-plane.ts";
import { caseRng, cloudWithSpreads, generated, point } from "../cases.ts";

/** `n` points uniform in a box of the given half-extents, turned by a random rotation and moved to `center`. */
const shaped = (rng: random.Rng, n: number, halfExtents: Vec3, center: Vec3): Vec3[] => {
  const q = random.unitQuat(rng);
  return Array.from({ length: n }, () =>
    vec3.add(center, quat.rotateVec3(q, halfExtents.map((h) => random.uniform(rng, -h, h)) as Vec3)),
  );
};

/** `n` points uniform in the box `min … max`, axis-aligned (the blog's demos place their points so). */
const inBox = (rng: random.Rng, n: number, min: Vec3, max: Vec3): Vec3[] =>
  Array.from({ length: n }, () => min.map((lo, i) => random.uniform(rng, lo, max[i]!)) as Vec3);

/**
 * Within 1e-9 rad of the reference's normal (n ≡ −n): the task's promise for λ₃/λ₂ ≤ 0.9. Power iterations
 * stopped on a step of 1e-12 leave ≤ 1e-11 rad there; exactly coplanar points give the normal to ~1e-15.
 */
const NORMAL: Comparison = { kind: "line", toleranceRad: 1e-9 };

export default defineExercise<typeof solution>({
  title: "Fit a plane",
  uses: ["vec3", "mat3", "fit.scatter", "fit.powerStep", "fit.fitLine"],
  hints: [
    "The normal is the direction of least spread: the bottom eigenvector of S. One way: fit.fitLine(points) gives the centroid and the primary axis; project every centred point onto the plane ⟂ that axis (vec3.projectOnPlane), fit the line of those flattened points, and the normal is the cross product of the two axes, normalized.",
    "Another way: M = tr(S)·I − S has the same eigenvectors, in the opposite order, and is positive semidefinite — power iteration on M (fit.powerStep(M, d)) converges to the normal. Either way, pick the start from the data, never a fixed axis: for points in the plane x = 2, the start (1, 0, 0) is the normal itself, S·(1, 0, 0) = 0, and the blog's demo code is left with a zero vector for an axis.",
    "Subtract the centroid: a plane that does not pass through the origin has a different normal from the one of the raw points' second-moment matrix Σ ppᵀ. The shortcut 'normal = cross product of two columns of S' is exact only when the points are exactly coplanar (S then has rank 2); with any noise it is wrong.",
  ],
  checks: [
    // Guards: the bottom eigenvector for exactly coplanar points, turned and moved (either sign).
    {
      name: "exactly coplanar points",
      points: 1,
      comparison: NORMAL,
      cases: () => {
        const planes: [Vec3[], string][] = [
          [[[1, 0, 0], [0, 1, 0], [0, 0, 1]], "three points: the plane x + y + z = 1"], // prettier-ignore
          [[[0, 0, 1], [1, 0, 1], [0, 1, 1], [1, 1, 1]], "a unit square at z = 1"], // prettier-ignore
          [[[2, 0, 0], [0, 3, 0], [0, 0, 6], [1, 1.5, 0], [1, 0, 3], [0.5, 1.5, 1.5]], "six points on 3x + 2y + z = 6"], // prettier-ignore
        ];
        // The same planes turned by a random rotation and moved: coplanar to rounding, the normal turned.
        const rng = caseRng(955);
        const turned = planes.map(([points, label]): [Vec3[], string] => {
          const q = random.unitQuat(rng);
          const t = point(rng, 3);
          return [points.map((p) => vec3.add(t, quat.rotateVec3(q, p))), `${label}, turned and moved`];
        });
        return [...planes, ...turned].map(([points, label]) => ({
          fn: "fitPlane" as const,
          args: [points] as [Vec3[]],
          label,
        }));
      },
    },
    // Guards: noisy flat clouds (the blog's demo and tilted ones), to 1e-9 rad.
    {
      name: "noisy planes (the blog's demo: a 125 × 25 × 125 box)",
      points: 2,
      comparison: NORMAL,
      cases: () => [
        ...generated("fitPlane", 951, 5, (rng): [Vec3[]] => [
          inBox(rng, 10, [-62.5, 62.5, -62.5], [62.5, 87.5, 62.5]),
        ]).map((c) => ({
          ...c,
          label: "the blog's plane demo: 10 points in a 125 × 25 × 125 box centred at (0, 75, 0)",
        })),
        ...generated("fitPlane", 952, 8, (rng): [Vec3[]] => [
          shaped(
            rng,
            6 + Math.floor(rng() * 30),
            [2, random.uniform(rng, 0.8, 2), random.uniform(rng, 0.01, 0.2)],
            point(rng, 5),
          ),
        ]).map((c) => ({ ...c, label: "a tilted, noisy flat cloud" })),
      ],
    },
    // Guards: "within 1e-9 rad … whenever the best plane is unique with λ₃/λ₂ ≤ 0.9": clouds at the promise's
    // edge, where a fixed count of power steps (0.9¹⁰⁰ ≈ 3e-5) is not enough and iterating to a tolerance is.
    {
      name: "a plane at the promise's edge (λ₃/λ₂ = 0.9)",
      points: 1,
      comparison: NORMAL,
      cases: () =>
        generated("fitPlane", 956, 6, (rng): [Vec3[]] => {
          const l2 = random.uniform(rng, 0.2, 0.9);
          return [cloudWithSpreads(rng, 8 + Math.floor(rng() * 20), [1, l2, 0.9 * l2], point(rng, 5))];
        }).map((c) => ({ ...c, label: "a random cloud with λ₃/λ₂ = 0.9 exactly (the promise's edge)" })),
    },
    // Guards: "do not trust a fixed start such as (1, 0, 0): for a plane whose normal is x it is the normal
    // itself" — normals x, y, z.
    {
      name: "a plane whose normal is a coordinate axis",
      points: 2,
      comparison: NORMAL,
      cases: () => {
        const rng = caseRng(953);
        const flat = inBox(rng, 12, [-2, -1.5, 0], [2, 1.5, 0]);
        return [
          { fn: "fitPlane", args: [flat.map(([a, b]): Vec3 => [2, a, b])], label: "12 points in the plane x = 2" },
          {
            fn: "fitPlane",
            args: [flat.map(([a, b]): Vec3 => [a, -1, b])],
            label: "the same points in the plane y = −1",
          },
          {
            fn: "fitPlane",
            args: [flat.map(([a, b]): Vec3 => [a, b, 0])],
            label: "the same points in the plane z = 0",
          },
        ];
      },
    },
    // Guards: "any length unit" and a unique plane far from the origin: 100 × 1 × 0.01 at 10⁴.
    {
      name: "thin, long and far from the origin",
      points: 1,
      hidden: true,
      comparison: NORMAL,
      cases: () =>
        generated("fitPlane", 954, 4, (rng): [Vec3[]] => [
          shaped(rng, 30, [100, 1, 0.01], vec3.scale(random.unitVector(rng), 1e4)),
        ]).map((c) => ({ ...c, label: "30 points spread 100 × 1 × 0.01, 10⁴ from the origin" })),
    },
  ],
});
