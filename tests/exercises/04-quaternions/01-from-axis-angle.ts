/** Quaternion from axis and angle: the checks of exercises/04-quaternions/01-from-axis-angle.ts. */

import { type Vec3, random, scalar, vec3 } from "../../../lib/index.ts";
import { type Call, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/04-quaternions/01-from-axis-angle.ts";
import { LANDMARK_ANGLES, caseRng, deg, generated, randomVector } from "../cases.ts";

/**
 * q and −q are the same rotation, so most checks compare rotations: an answer with the other sign loses
 * only the check of the sign itself, which the task pins ([sin(θ/2) n, cos(θ/2)]: past a half turn
 * w < 0, and a full turn is −1). Cases there keep |cos(θ/2)| ≥ 0.38, far from the w ≈ 0 of θ = ±180°.
 */
export default defineExercise<typeof solution>({
  title: "Quaternion from axis and angle",
  uses: ["scalar", "vec3"],
  hints: [
    "Normalize the axis. The quaternion is [sin(θ/2)·n, cos(θ/2)]: vector part first, scalar last.",
    "Half the angle! The rotation by θ has sin(θ/2) and cos(θ/2) in it, because q acts twice in q v q*.",
    "Check with the slide: a roll of π about X is (cos(π/2), sin(π/2)·(1, 0, 0)) = (0, (1, 0, 0)), i.e. [1, 0, 0, 0] (to rounding). Do not flip the sign to make w ≥ 0: 360° is [0, 0, 0, −1].",
  ],
  checks: [
    // Guards: the half angle at θ = π (the slide's (0, n) for a roll), for canonical and random axes.
    {
      name: "rolls of π about X, Y, Z (the slide's examples)",
      points: 2,
      comparison: { kind: "rotationQuat" },
      cases: () =>
        (
          [
            [[1, 0, 0], "X"],
            [[0, 1, 0], "Y"],
            [[0, 0, 1], "Z"],
          ] satisfies [Vec3, string][]
        )
          .map(([axis, name]): Call<typeof solution> => ({
            fn: "fromAxisAngle",
            args: [axis, Math.PI],
            label: `roll of π about ${name}`,
          }))
          .concat(
            generated("fromAxisAngle", 413, 3, (rng) => [randomVector(rng), Math.PI]).map((c) => ({
              ...c,
              label: "roll of π about a random axis",
            })),
          ),
    },
    // Guards: "n is the normalized axis" (axes of length 3 and 0.2 … 3) at the landmark angles, 0 and 360° included.
    {
      name: "landmark angles about (1, 2, 2)",
      points: 2,
      comparison: { kind: "rotationQuat" },
      cases: () => {
        const axis = randomVector(caseRng(414));
        return LANDMARK_ANGLES.flatMap((a): Call<typeof solution>[] => [
          {
            fn: "fromAxisAngle",
            args: [[1, 2, 2], a],
            label: `axis (1, 2, 2) unnormalised, θ = ${scalar.radToDeg(a).toFixed(0)}°`,
          },
          {
            fn: "fromAxisAngle",
            args: [axis, a],
            label: `a random axis of length ≠ 1, θ = ${scalar.radToDeg(a).toFixed(0)}°`,
          },
        ]);
      },
    },
    // Guards: the rotation for random axes and angles in (−2π, 2π).
    {
      name: "random axes and angles",
      points: 2,
      comparison: { kind: "rotationQuat" },
      cases: () =>
        generated("fromAxisAngle", 411, 20, (rng) => [
          randomVector(rng),
          random.uniform(rng, -2 * Math.PI, 2 * Math.PI),
        ]),
    },
    // Guards: "do not flip w to be positive": the formula's own sign, pinned, past a half turn and at ±360°.
    {
      name: "the sign: cos(θ/2) < 0 past a half turn, −1 at a full turn",
      points: 1,
      comparison: { kind: "rotationQuat", sign: "pinned" },
      cases: () =>
        (
          [
            [[0, 0, 1], 360],
            [[0, 0, 1], -360],
            [[1, 2, 2], 270],
            [[-3, 0, 4], -300],
            [[0, 1, 0], 45],
            [[2, -1, 2], 400],
            [[1, 1, 0], 720],
          ] satisfies [Vec3, number][]
        )
          .map(([axis, a]): Call<typeof solution> => ({
            fn: "fromAxisAngle",
            args: [axis, deg(a)],
            label: `axis (${axis.join(", ")}), θ = ${a}°`,
          }))
          .concat(
            // A random axis, a full turn (−1) and turns with cos(θ/2) ≤ −0.4 or ≥ 0.4, either way round.
            generated("fromAxisAngle", 415, 1, (rng) => [randomVector(rng), deg(360)]),
            generated("fromAxisAngle", 416, 6, (rng) => [
              randomVector(rng),
              (rng() < 0.5 ? -1 : 1) * random.uniform(rng, deg(232), deg(488)),
            ]),
            generated("fromAxisAngle", 417, 2, (rng) => [randomVector(rng), random.uniform(rng, deg(-128), deg(128))]),
          ),
    },
    // Guards: "any non-zero length" at the ends of 1e-3 … 1e3: the quaternion unit to 1e-9 and the same
    // rotation. (A normalize with an epsilon in the input's units, n/√(|n|² + 1e-12), is 5e-7 short at
    // 1e-3, and so is q.)
    {
      name: "axes of length 1e-3 and 1e3",
      points: 1,
      comparison: { kind: "rotationQuat" },
      cases: () =>
        [1e-3, 1e3].flatMap((length, i) => [
          ...[1, 2, Math.PI].map((angle): Call<typeof solution> => ({
            fn: "fromAxisAngle",
            args: [vec3.scale([2, -1, 2], length / 3), angle],
            label: `axis (2, −1, 2)·${length}/3, θ = ${Number(angle.toFixed(4))}`,
          })),
          ...generated("fromAxisAngle", 418 + i, 3, (rng) => [
            vec3.scale(random.unitVector(rng), length),
            random.uniform(rng, 1, 5),
          ]).map((c) => ({ ...c, label: `a random axis of length ${length}, θ = 1 … 5 rad` })),
        ]),
    },
    // Guards: any real angle, here up to ±20 rad (three turns and more).
    {
      name: "beyond one turn",
      points: 1,
      hidden: true,
      comparison: { kind: "rotationQuat" },
      cases: () => generated("fromAxisAngle", 412, 10, (rng) => [random.unitVector(rng), random.uniform(rng, -20, 20)]),
    },
  ],
});
