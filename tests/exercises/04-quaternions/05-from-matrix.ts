/** Rotation matrix to quaternion (Shepperd): the checks of exercises/04-quaternions/05-from-matrix.ts. */

import { type Mat3, type Vec3, axisAngle, quat, random } from "../../../lib/index.ts";
import { type Call, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/04-quaternions/05-from-matrix.ts";
import { asProduct, caseRng, deg, generated, one } from "../cases.ts";

/** A random axis whose component `k` (0, 1, 2: x, y, z) is the largest by far: ±1, the others within ±0.5. */
const dominant = (rng: random.Rng, k: number): Vec3 => {
  const axis: Vec3 = [random.uniform(rng, -0.5, 0.5), random.uniform(rng, -0.5, 0.5), random.uniform(rng, -0.5, 0.5)];
  axis[k] = rng() < 0.5 ? -1 : 1;
  return axis;
};

const XYZ = ["x", "y", "z"];

export default defineExercise<typeof solution>({
  title: "Rotation matrix to quaternion (Shepperd)",
  uses: ["scalar", "vec3", "mat3"],
  hints: [
    "The diagonal and the trace give the squares: 4w² = 1 + tr, 4x² = 1 + m00 − m11 − m22, and so on. The off-diagonal sums and differences give 4wx, 4xy, …",
    "w = √(1 + tr)/2 and x = (m21 − m12)/(4w) works — until w is near 0 (turns near 180°), where it divides by almost nothing. Take the largest of the four squares instead.",
    "Largest x² branch: x = √(1 + m00 − m11 − m22)/2, y = (m01 + m10)/(4x), z = (m02 + m20)/(4x), w = (m21 − m12)/(4x). Then flip all four signs if w < 0.",
  ],
  checks: [
    // Guards: the w branch (4w² = 1 + tr largest) for turns of 0 … 90°, the identity included.
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
    // Guards: "take the largest of the four squares … never divide by a small number" at exactly 180° (w = 0),
    // one case per x, y, z branch.
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
        )
          .map(([axis, name]): Call<typeof solution> => ({
            fn: "fromMatrix",
            args: [axisAngle.toMat3(axis, Math.PI)],
            label: `180° about ${name}`,
          }))
          .concat(
            // A half turn about a random axis for each branch.
            (() => {
              const rng = caseRng(453);
              return [0, 1, 2].map((b) => ({
                fn: "fromMatrix" as const,
                args: [axisAngle.toMat3(dominant(rng, b), Math.PI)] as [Mat3],
                label: `180° about a random axis, ${XYZ[b]} largest`,
              }));
            })(),
          ),
    },
    // Guards: the same next to 180° (π − 1e-9), built exactly and as a product arrives (every entry rounded).
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
        )
          .flatMap(([axis, name]): Call<typeof solution>[] => [
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
          ])
          .concat(
            // The same for a random axis per branch, as the product of two turns split at a random angle.
            (() => {
              const rng = caseRng(454);
              return [0, 1, 2].flatMap((b) => {
                const axis = dominant(rng, b);
                return [
                  {
                    fn: "fromMatrix" as const,
                    args: [axisAngle.toMat3(axis, Math.PI - 1e-9)] as [Mat3],
                    label: `π − 1e-9 about a random axis, ${XYZ[b]} largest`,
                  },
                  {
                    fn: "fromMatrix" as const,
                    args: [asProduct(axis, Math.PI - 1e-9, random.uniform(rng, 0.3, 2.8))] as [Mat3],
                    label: `π − 1e-9 about a random axis, ${XYZ[b]} largest, as a product of two turns`,
                  },
                ];
              });
            })(),
          ),
    },
    // Guards: "Return w ≥ 0" in the x, y, z branches (pinned sign), away from w = 0 where rounding would decide.
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
        )
          .map(([axis, name]): Call<typeof solution> => ({
            fn: "fromMatrix",
            args: [axisAngle.toMat3(axis, deg(150))],
            label: `150° about (${axis.join(", ")}), ${name}`,
          }))
          .concat(
            // 150° about a random axis per branch, its largest component of either sign.
            (() => {
              const rng = caseRng(455);
              return [0, 1, 2].map((b) => ({
                fn: "fromMatrix" as const,
                args: [axisAngle.toMat3(dominant(rng, b), deg(150))] as [Mat3],
                label: `150° about a random axis, ${XYZ[b]} largest`,
              }));
            })(),
          ),
    },
    // Guards: the quaternion of any rotation matrix (random, all branches).
    {
      name: "random rotations",
      points: 2,
      hidden: true,
      comparison: { kind: "rotationQuat" },
      cases: () => generated("fromMatrix", 452, 30, (rng) => [quat.toMat3(random.unitQuat(rng))]),
    },
  ],
});
