/** Rotate a vector by Rodrigues' formula: the checks of exercises/03-axis-angle/02-rotate-vector.ts. */

import { random, scalar, vec3 } from "../../../lib/index.ts";
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
    {
      name: "quarter turns about X, Y and Z",
      points: 2,
      comparison: numbers,
      cases: () => [
        { fn: "rotateVector", args: [[0, 0, 1], deg(90), [1, 0, 0]], label: "Z by 90°: X → Y" },
        { fn: "rotateVector", args: [[1, 0, 0], deg(90), [0, 1, 0]], label: "X by 90°: Y → Z" },
        { fn: "rotateVector", args: [[0, 1, 0], deg(90), [0, 0, 1]], label: "Y by 90°: Z → X" },
        { fn: "rotateVector", args: [[0, 0, 1], deg(-90), [1, 0, 0]], label: "Z by −90°: X → −Y" },
      ],
    },
    {
      name: "landmark angles about (1, 1, 1)",
      points: 2,
      comparison: numbers,
      cases: () =>
        LANDMARK_ANGLES.map((a) => ({
          fn: "rotateVector",
          args: [[1, 1, 1], a, [1, -2, 0.5]],
          label: `axis (1, 1, 1) unnormalised, θ = ${scalar.radToDeg(a).toFixed(0)}°`,
        })),
    },
    {
      name: "random axes, angles and vectors",
      points: 3,
      comparison: numbers,
      cases: () =>
        generated("rotateVector", 321, 20, (rng) => [
          random.unitVector(rng),
          random.uniform(rng, -Math.PI, Math.PI),
          randomVector(rng),
        ]),
    },
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
