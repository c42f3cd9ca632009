/** Rodrigues' construction, step by step: the checks of exercises/03-axis-angle/01-rodrigues-steps.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/03-axis-angle/01-rodrigues-steps.ts";
import { generated, numbers, randomVector } from "../cases.ts";

export default defineExercise<typeof solution>({
  title: "Rodrigues' construction, step by step",
  uses: ["scalar", "vec3.add", "vec3.sub", "vec3.scale", "vec3.dot", "vec3.cross", "vec3.length", "vec3.normalize"],
  hints: [
    "Normalize the axis first: n = axis / |axis|. Then r∥ = (n·r) n — a number times a vector.",
    "r⊥ = r − r∥. Check yourself: r⊥·n should be 0, and r∥ + r⊥ should give r back.",
    "v = n × r⊥ (not r∥ × r⊥ as the slide writes: that is scaled by n·r and vanishes when r ⟂ n). |v| = |r⊥|.",
  ],
  checks: [
    // Guards: r∥ = (n·r) n with n normalized (axes of length 1, 2, √2 and 0.2 … 3); r ⟂ axis gives 0.
    // Guards: "a new vector" (all three functions): every case also fails if the call changed an argument (inputs: "unchanged").
    {
      name: "parallel part r∥",
      inputs: "unchanged",
      points: 2,
      comparison: numbers,
      cases: () => [
        {
          fn: "parallelPart",
          args: [
            [0, 0, 1],
            [1, 2, 3],
          ],
          label: "axis Z, r = (1, 2, 3)",
        },
        {
          fn: "parallelPart",
          args: [
            [0, 0, 2],
            [1, 2, 3],
          ],
          label: "axis (0, 0, 2), unnormalised",
        },
        {
          fn: "parallelPart",
          args: [
            [1, 1, 0],
            [1, 0, 0],
          ],
          label: "axis (1, 1, 0), r = X",
        },
        {
          fn: "parallelPart",
          args: [
            [0, 1, 0],
            [4, 0, -1],
          ],
          label: "r ⟂ axis: r∥ = 0",
        },
        ...generated("parallelPart", 311, 10, (rng) => [randomVector(rng), randomVector(rng)]),
      ],
    },
    // Guards: r⊥ = r − r∥, perpendicular to the axis; r along the axis gives 0.
    // Guards: "a new vector" (all three functions): every case also fails if the call changed an argument (inputs: "unchanged").
    {
      name: "perpendicular part r⊥",
      inputs: "unchanged",
      points: 2,
      comparison: numbers,
      cases: () => [
        {
          fn: "perpendicularPart",
          args: [
            [0, 0, 1],
            [1, 2, 3],
          ],
          label: "axis Z, r = (1, 2, 3)",
        },
        {
          fn: "perpendicularPart",
          args: [
            [0, 3, 0],
            [0, 5, 0],
          ],
          label: "r along the axis: r⊥ = 0",
        },
        ...generated("perpendicularPart", 312, 10, (rng) => [randomVector(rng), randomVector(rng)]),
      ],
    },
    // Guards: v = n × r⊥ (not the slide's r∥ × r⊥), with n normalized: an unnormalised −Y axis.
    // Guards: "a new vector" (all three functions): every case also fails if the call changed an argument (inputs: "unchanged").
    {
      name: "quarter turn v = n × r⊥",
      inputs: "unchanged",
      points: 2,
      comparison: numbers,
      cases: () => [
        {
          fn: "quarterTurn",
          args: [
            [0, 0, 1],
            [1, 0, 5],
          ],
          label: "axis Z, r = (1, 0, 5): v = Y",
        },
        {
          fn: "quarterTurn",
          args: [
            [1, 0, 0],
            [0, 1, 0],
          ],
          label: "axis X, r = Y ⟂ axis: v = Z",
        },
        {
          fn: "quarterTurn",
          args: [
            [0, -2, 0],
            [1, 1, 1],
          ],
          label: "axis −Y, unnormalised",
        },
        ...generated("quarterTurn", 313, 10, (rng) => [randomVector(rng), randomVector(rng)]),
      ],
    },
    // Guards: "any non-zero length" at the short end: axes of length 1e-3 for all three functions. (A
    // normalize with an epsilon in the axis's units, n/√(|n|² + 1e-12), is 5e-7 short there.)
    {
      name: "short axes (length 1e-3)",
      points: 1,
      comparison: numbers,
      cases: () =>
        (["parallelPart", "perpendicularPart", "quarterTurn"] as const).flatMap((fn, i) =>
          generated(fn, 315 + i, 3, (rng): [Vec3, Vec3] => [
            vec3.scale(random.unitVector(rng), 1e-3),
            randomVector(rng),
          ]).map((c) => ({ ...c, label: "an axis of length 1e-3, a random r" })),
        ),
    },
    // Guards: "any non-zero length" at the long end: axes of length 1e3, vectors of 50.
    {
      name: "long axes and vectors",
      points: 1,
      hidden: true,
      comparison: numbers,
      cases: () =>
        generated("quarterTurn", 314, 10, (rng) => [
          vec3.scale(random.unitVector(rng), 1e3),
          vec3.scale(random.unitVector(rng), 50),
        ]),
    },
  ],
});
