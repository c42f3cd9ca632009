/** Rotate a vector by Rodrigues' formula: the checks of exercises/03-axis-angle/02-rotate-vector.ts. */

import { type Vec3, random, scalar, vec3 } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/03-axis-angle/02-rotate-vector.ts";
import { LANDMARK_ANGLES, deg, generated, numbers, randomVector } from "../cases.ts";

export default defineExercise<typeof solution>({
  title: "Rotate a vector by Rodrigues' formula",
  uses: ["scalar", "vec3"],
  hints: [
    "Normalize the axis: n = axis / |axis|. The formula has three terms: cos θ r, (1 − cos θ)(n·r) n and sin θ (n × r).",
    "Check on an easy case: axis Z, θ = 90°, r = X must give Y (counter-clockwise looking down Z).",
    "A vector along the axis must not move, and a vector perpendicular to it keeps its length: test both.",
  ],
  checks: [
    // Guards: the right-hand rule: X → Y about Z by +90°, X → −Y by −90°.
    {
      name: "quarter turns about X, Y and Z",
      points: 2,
      comparison: numbers,
      cases: () => [
        { fn: "rotateVector", args: [[0, 0, 1], deg(90), [1, 0, 0]], label: "Z by 90°: X → Y" },
        { fn: "rotateVector", args: [[1, 0, 0], deg(90), [0, 1, 0]], label: "X by 90°: Y → Z" },
        { fn: "rotateVector", args: [[0, 1, 0], deg(90), [0, 0, 1]], label: "Y by 90°: Z → X" },
        { fn: "rotateVector", args: [[0, 0, 1], deg(-90), [1, 0, 0]], label: "Z by −90°: X → −Y" },
        // A quarter turn either way about a random one of ±X, ±Y, ±Z, of a random vector.
        ...generated("rotateVector", 323, 3, (rng): [Vec3, number, Vec3] => {
          const axis: Vec3 = [0, 0, 0];
          axis[Math.floor(rng() * 3)] = rng() < 0.5 ? -1 : 1;
          return [axis, rng() < 0.5 ? deg(-90) : deg(90), randomVector(rng)];
        }).map((c) => ({
          ...c,
          label: `axis (${c.args[0].join(", ")}) by ${c.args[1] > 0 ? "" : "−"}90°, a random vector`,
        })),
      ],
    },
    // Guards: n normalized (axis (k, k, k), k = 0.3 … 3) at 0, 180°, 270°, 360° and the other landmarks.
    {
      name: "landmark angles about (1, 1, 1)",
      points: 2,
      comparison: numbers,
      cases: () => [
        ...LANDMARK_ANGLES.map((a) => ({
          fn: "rotateVector" as const,
          args: [[1, 1, 1], a, [1, -2, 0.5]] as [Vec3, number, Vec3],
          label: `axis (1, 1, 1) unnormalised, θ = ${scalar.radToDeg(a).toFixed(0)}°`,
        })),
        // A random landmark angle about (k, k, k), k = 0.3 … 3 (still unnormalised), of a random vector.
        ...generated("rotateVector", 324, 3, (rng): [Vec3, number, Vec3] => {
          const k = random.uniform(rng, 0.3, 3);
          return [[k, k, k], LANDMARK_ANGLES[Math.floor(rng() * LANDMARK_ANGLES.length)]!, randomVector(rng)];
        }).map((c) => ({
          ...c,
          label: `axis (${c.args[0][0].toFixed(3)}, …) unnormalised, θ = ${scalar.radToDeg(c.args[1]).toFixed(0)}°, a random vector`,
        })),
      ],
    },
    // Guards: Rodrigues' formula for random unit axes, angles in (−π, π) and vectors, to 1e-12.
    // Guards: "the rotated vector, new": every case also fails if the call changed an argument (inputs: "unchanged").
    {
      name: "random axes, angles and vectors",
      inputs: "unchanged",
      points: 3,
      comparison: numbers,
      cases: () =>
        generated("rotateVector", 321, 20, (rng) => [
          random.unitVector(rng),
          random.uniform(rng, -Math.PI, Math.PI),
          randomVector(rng),
        ]),
    },
    // Guards: "any non-zero length" at the ends of 1e-3 … 1e3. (A normalize with an epsilon in the axis's
    // units, n/√(|n|² + 1e-12), is 5e-7 short at 1e-3.)
    {
      name: "axes of length 1e-3 and 1e3",
      points: 1,
      comparison: numbers,
      cases: () =>
        [1e-3, 1e3].flatMap((length, i) =>
          generated("rotateVector", 325 + i, 4, (rng): [Vec3, number, Vec3] => [
            vec3.scale(random.unitVector(rng), length),
            random.uniform(rng, 1, 5),
            randomVector(rng),
          ]).map((c) => ({ ...c, label: `an axis of length ${length}, θ = 1 … 5 rad` })),
        ),
    },
    // Guards: r ∥ axis is fixed at any angle (sin θ (n × r) = 0, (1 − cos θ) term restores it).
    {
      name: "vector along the axis stays put",
      points: 1,
      hidden: true,
      comparison: numbers,
      cases: () =>
        generated("rotateVector", 322, 10, (rng) => {
          const n = random.unitVector(rng);
          return [vec3.scale(n, 4), random.uniform(rng, -10, 10), vec3.scale(n, -2)];
        }),
    },
  ],
});
