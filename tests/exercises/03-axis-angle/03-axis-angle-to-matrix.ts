/** Axis–angle to matrix: the checks of exercises/03-axis-angle/03-axis-angle-to-matrix.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/03-axis-angle/03-axis-angle-to-matrix.ts";
import { deg, generated, numbers } from "../cases.ts";

export default defineExercise<typeof solution>({
  title: "Axis–angle to matrix",
  // mat3 without rotationX/Y/Z: composing canonical rotations is chapter 01's way, not this formula.
  uses: [
    "scalar",
    "vec3",
    "mat3.identity",
    "mat3.crossMatrix",
    "mat3.fromColumns",
    "mat3.column",
    "mat3.get",
    "mat3.transpose",
    "mat3.multiply",
    "mat3.transformVec3",
  ],
  hints: [
    "R = cos θ I + (1 − cos θ) n nᵀ + sin θ [n]×, with n normalized and [n]× = [[0, −z, y], [z, 0, −x], [−y, x, 0]].",
    "Column j of R is R·e_j = cos θ e_j + (1 − cos θ) n_j n + sin θ (n × e_j). Write the nine entries column by column.",
    "Column-major: m[0], m[1], m[2] is the first column. If your answer rotates the wrong way, you stored rows: transpose.",
  ],
  checks: [
    // Guards: column-major (column j = where axis j goes): about X, Y, Z it is Rx, Ry, Rz.
    {
      name: "canonical axes give Rx, Ry, Rz",
      points: 2,
      comparison: numbers,
      cases: () => [
        ...(
          [
            [[1, 0, 0], "X"],
            [[0, 1, 0], "Y"],
            [[0, 0, 1], "Z"],
          ] satisfies [Vec3, string][]
        ).flatMap(([axis, name]) =>
          [30, 90, -120].map((a) => ({
            fn: "toMatrix" as const,
            args: [axis, deg(a)] as [Vec3, number],
            label: `axis ${name}, θ = ${a}°`,
          })),
        ),
        // A random one of X, Y, Z, by a random angle.
        ...generated("toMatrix", 333, 3, (rng): [Vec3, number] => {
          const axis: Vec3 = [0, 0, 0];
          axis[Math.floor(rng() * 3)] = 1;
          return [axis, random.uniform(rng, -Math.PI, Math.PI)];
        }).map((c) => ({ ...c, label: `axis (${c.args[0].join(", ")}), a random θ` })),
      ],
    },
    // Guards: R = cos θ I + (1 − cos θ) n nᵀ + sin θ [n]× for random unit axes, to 1e-12.
    {
      name: "random axes and angles",
      points: 3,
      comparison: numbers,
      cases: () =>
        generated("toMatrix", 331, 20, (rng) => [random.unitVector(rng), random.uniform(rng, -Math.PI, Math.PI)]),
    },
    // Guards: "any non-zero length" (1.3e-3 … 1e3, and 0.01 … 100 at random) and the ends θ = 0 (I) and π.
    {
      name: "unnormalised axes and θ = 0, π",
      points: 2,
      comparison: numbers,
      cases: () => [
        { fn: "toMatrix", args: [[2, 0, 0], 0], label: "θ = 0: the identity" },
        { fn: "toMatrix", args: [[1, 1, 1], Math.PI], label: "axis (1, 1, 1), θ = 180°" },
        { fn: "toMatrix", args: [[0, -5, 0], deg(45)], label: "axis (0, −5, 0), θ = 45°" },
        { fn: "toMatrix", args: [[3, 4, 12], deg(200)], label: "axis (3, 4, 12), θ = 200°" },
        {
          fn: "toMatrix",
          args: [[3e-4, 4e-4, 12e-4], deg(100)],
          label: "axis (3, 4, 12)·1e-4 (length 1.3e-3), θ = 100°",
        },
        { fn: "toMatrix", args: [[-600, 0, 800], deg(-70)], label: "axis (−600, 0, 800) (length 1e3), θ = −70°" },
        // A random axis of length 0.01 … 100 at θ = 0, at θ = π and at a random θ.
        ...[0, Math.PI, undefined].flatMap((angle, k) =>
          generated("toMatrix", 334 + k, 1, (rng): [Vec3, number] => [
            vec3.scale(random.unitVector(rng), 10 ** random.uniform(rng, -2, 2)),
            angle ?? random.uniform(rng, -Math.PI, Math.PI),
          ]).map((c) => ({
            ...c,
            label: `a random unnormalised axis, θ = ${angle === undefined ? "random" : angle === 0 ? "0" : "180°"}`,
          })),
        ),
      ],
    },
    // Guards: any real angle (±20 rad) gives a rotation within 1e-9 rad.
    {
      name: "large angles",
      points: 1,
      hidden: true,
      comparison: { kind: "rotationMatrix" },
      cases: () => generated("toMatrix", 332, 10, (rng) => [random.unitVector(rng), random.uniform(rng, -20, 20)]),
    },
  ],
});
