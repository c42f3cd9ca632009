/** Rotation matrix to quaternion (Shepperd): the checks of exercises/04-quaternions/05-from-matrix.ts. */

import { type Vec3, axisAngle, quat, random } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/04-quaternions/05-from-matrix.ts";
import { asProduct, deg, generated, one } from "../cases.ts";

export default defineExercise<typeof solution>({
  title: "Rotation matrix to quaternion (Shepperd)",
  uses: ["scalar", "vec3", "mat3"],
  hints: [
    "The diagonal and the trace give the squares: 4w² = 1 + tr, 4x² = 1 + m00 − m11 − m22, and so on. The off-diagonal sums and differences give 4wx, 4xy, …",
    "w = √(1 + tr)/2 and x = (m21 − m12)/(4w) works — until w is near 0 (turns near 180°), where it divides by almost nothing. Take the largest of the four squares instead.",
    "Largest x² branch: x = √(1 + m00 − m11 − m22)/2, y = (m01 + m10)/(4x), z = (m02 + m20)/(4x), w = (m21 − m12)/(4x). Then flip all four signs if w < 0.",
  ],
  checks: [
    {
      name: "w largest: small and medium rotations",
      points: 2,
      comparison: { kind: "rotationQuat" },
      cases: () => [
        { fn: "fromMatrix", args: [quat.toMat3(one)], label: "the identity" },
        { fn: "fromMatrix", args: [axisAngle.toMat3([1, 2, 3], deg(40))], label: "40° about (1, 2, 3)" },
        ...generated("fromMatrix", 451, 10, (rng) => [
          axisAngle.toMat3(random.unitVector(rng), random.uniform(rng, 0, deg(90))),
        ]),
      ],
    },
    {
      name: "x, y or z largest: half turns about each axis",
      points: 3,
      comparison: { kind: "rotationQuat" },
      cases: () =>
        (
          [
            [[1, 0, 0], "X"],
            [[0, 1, 0], "Y"],
            [[0, 0, 1], "Z"],
            [[1, 0.2, -0.1], "(1, 0.2, −0.1), x largest"],
            [[0.1, -1, 0.3], "(0.1, −1, 0.3), y largest"],
            [[-0.2, 0.3, 1], "(−0.2, 0.3, 1), z largest"],
          ] satisfies [Vec3, string][]
        ).map(([axis, name]) => ({
          fn: "fromMatrix",
          args: [axisAngle.toMat3(axis, Math.PI)],
          label: `180° about ${name}`,
        })),
    },
    {
      name: "turns within 1e-9 of 180°",
      points: 2,
      comparison: { kind: "rotationQuat" },
      cases: () =>
        (
          [
            [[2, 1, 0], "x largest"],
            [[0.5, 3, -1], "y largest"],
            [[-1, 1, 4], "z largest"],
          ] satisfies [Vec3, string][]
        ).flatMap(([axis, name]) => [
          {
            fn: "fromMatrix" as const,
            args: [axisAngle.toMat3(axis, Math.PI - 1e-9)],
            label: `π − 1e-9 about (${axis.join(", ")}), ${name}`,
          },
          {
            fn: "fromMatrix" as const,
            args: [asProduct(axis, Math.PI - 1e-9, 1.2)],
            label: `π − 1e-9 about (${axis.join(", ")}), ${name}, as the product R(1.2)·R(π − 1e-9 − 1.2)`,
          },
        ]),
    },
    {
      // The sign the task pins: away from w = 0 (every case here has w ≥ 0.26), of q and −q the one with w ≥ 0.
      name: "w ≥ 0, as the task asks",
      points: 1,
      comparison: { kind: "rotationQuat", sign: "pinned" },
      cases: () =>
        (
          [
            [[-1, 0.2, 0.1], "x largest, n_x < 0"],
            [[0.1, -1, 0.3], "y largest, n_y < 0"],
            [[-0.2, 0.3, -1], "z largest, n_z < 0"],
            [[1, 0.2, 0.1], "x largest, n_x > 0"],
          ] satisfies [Vec3, string][]
        ).map(([axis, name]) => ({
          fn: "fromMatrix",
          args: [axisAngle.toMat3(axis, deg(150))],
          label: `150° about (${axis.join(", ")}), ${name}`,
        })),
    },
    {
      name: "random rotations",
      points: 2,
      hidden: true,
      comparison: { kind: "rotationQuat" },
      cases: () => generated("fromMatrix", 452, 30, (rng) => [quat.toMat3(random.unitQuat(rng))]),
    },
  ],
});
