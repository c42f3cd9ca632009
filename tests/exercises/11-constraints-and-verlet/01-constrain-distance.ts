/** The distance constraint: the checks of exercises/11-constraints-and-verlet/01-constrain-distance.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/11-constraints-and-verlet/01-constrain-distance.ts";
import { caseRng, generated, point } from "../cases.ts";

/**
 * `anchor + distance · unit`: one normalization and one multiply-add per coordinate, a few ulps of the
 * larger of |anchor| and distance (≤ ~100 here, an ulp ≈ 1.4e-14). 1e-12 leaves room for any order of the
 * arithmetic; a point off the ray or off the sphere is off by ≥ 1e-6.
 */
const POINT: Comparison = { kind: "numbers", atol: 1e-12, rtol: 1e-12 };

export default defineExercise<typeof solution>({
  title: "The distance constraint",
  uses: ["vec3"],
  hints: [
    "Take the offset point − anchor, divide it by its length to get a unit direction, multiply by distance and add the anchor back.",
    "When point = anchor the offset is [0, 0, 0] and its length 0: 0/0 is NaN. Test for the zero offset first and answer anchor + (distance, 0, 0), as the task says.",
    "An offset of 1e-170 has a squared length of 1e-340, which is 0 in floating point, so √(x² + y² + z²) is 0 although the offset is not. Math.hypot, or vec3.normalize (which rescales first), keeps the direction.",
  ],
  checks: [
    // Guards: the ray from the anchor through the point, `distance` along it, pushing out as well as pulling in;
    // `distance = 0` returns the anchor.
    {
      name: "the blog's building block",
      points: 1,
      comparison: POINT,
      cases: () => {
        // Seeded, so that the check cannot be earned by copying the answers the student edition ships.
        const rng = caseRng(1114);
        const a = point(rng, 20);
        const moved = vec3.add(a, vec3.scale([3, 4, 0], random.uniform(rng, 0.1, 5)));
        return [
          { fn: "constrainDistance", args: [[3, 4, 0], [0, 0, 0], 1], label: "(3, 4, 0) onto the unit circle about 0" },
          { fn: "constrainDistance", args: [[0.2, 0, 0], [0, 0, 0], 1], label: "a point inside is pushed out" },
          { fn: "constrainDistance", args: [[1, 2, 2], [1, 0, 0], 6], label: "(1, 2, 2) six from (1, 0, 0)" },
          { fn: "constrainDistance", args: [[5, -1, 2], [5, -1, 7], 0], label: "distance 0: the anchor itself" },
          {
            fn: "constrainDistance",
            args: [moved, a, random.uniform(rng, 0.5, 10)],
            label: "along (3, 4, 0) from a random anchor",
          },
        ];
      },
    },
    // Guards: any length unit: random points and distances at scales ~1, 1e-3 and 1e3.
    {
      name: "random points, anchors and distances",
      points: 2,
      comparison: POINT,
      cases: () => [
        ...generated("constrainDistance", 1111, 20, (rng): [Vec3, Vec3, number] => [
          point(rng, 50),
          point(rng, 50),
          random.uniform(rng, 0.01, 30),
        ]),
        // Any length unit: the same at 1e-3 and 1e3 (the tolerance is relative there, as at 1).
        ...[1e-3, 1e3].flatMap((s) =>
          generated("constrainDistance", s < 1 ? 1115 : 1116, 4, (rng): [Vec3, Vec3, number] => [
            vec3.scale(point(rng, 50), s),
            vec3.scale(point(rng, 50), s),
            random.uniform(rng, 0.01, 30) * s,
          ]).map((c) => ({ ...c, label: `points and distance ~${s}` })),
        ),
      ],
    },
    // Guards: a point exactly on its anchor (0/0) goes `distance` along +x, distance 0 included.
    {
      name: "a point on its anchor goes along +x",
      points: 1,
      comparison: POINT,
      cases: () => {
        const rng = caseRng(1112);
        const a = point(rng, 20);
        return [
          { fn: "constrainDistance", args: [[0, 0, 0], [0, 0, 0], 1], label: "p = a = 0" },
          { fn: "constrainDistance", args: [a, [...a], 2.5], label: "p = a, a random anchor" },
          { fn: "constrainDistance", args: [[-3, 8, 1], [-3, 8, 1], 0], label: "p = a, distance 0" },
        ];
      },
    },
    // Guards: a point 1e-170 (and 3e-180) from its anchor still has a direction: no squared-length underflow, no
    // absolute epsilon.
    {
      name: "a point 1e-170 from its anchor keeps its direction",
      points: 1,
      hidden: true,
      comparison: POINT,
      cases: () => {
        const rng = caseRng(1113);
        const d = random.unitVector(rng);
        return [
          { fn: "constrainDistance", args: [[0, -1e-170, 0], [0, 0, 0], 2], label: "1e-170 below the anchor" },
          {
            fn: "constrainDistance",
            args: [vec3.scale(d, 3e-180), [0, 0, 0], 1],
            label: "3e-180 away, a random direction",
          },
        ];
      },
    },
  ],
});
