/** Euler angles to a matrix, any order and frame: the checks of exercises/02-euler-angles/01-euler-to-matrix.ts. */

import { type EulerAngles, type EulerFrame, type EulerOrder, euler, random } from "../../../lib/index.ts";
import { type Call, type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/02-euler-angles/01-euler-to-matrix.ts";
import { ORDERS, deg, generated, randomAngles } from "../cases.ts";

/** The result as a rotation: orthonormal with det +1 to 1e-9, then within 1e-9 rad of the reference. */
const ROTATION = { kind: "rotationMatrix" } satisfies Comparison;

type Case = Call<typeof solution>;

/** The middle angle at which `order` locks (±90° Tait–Bryan, 0 or 180° proper Euler). */
const lockAngle = (order: EulerOrder): number => (euler.isProperEuler(order) ? Math.PI : Math.PI / 2);

/** Two random triples per order in `frame`, labelled by order. */
const allOrders = (frame: EulerFrame, seed: number): Case[] =>
  ORDERS.flatMap((order, i) =>
    generated("eulerToMatrix", seed + i, 2, (rng): [EulerAngles, EulerOrder, EulerFrame] => [
      randomAngles(rng),
      order,
      frame,
    ]).map((c) => ({ ...c, label: `${order} ${frame}` })),
  );

export default defineExercise<typeof solution>({
  title: "Euler angles to a matrix, any order and frame",
  uses: ["scalar", "vec3", "mat3"],
  hints: [
    "Make the three canonical matrices first: r0 about order[0] by angles[0], r1 about order[1] by angles[1], r2 about order[2] by angles[2].",
    "Intrinsic (moving axes) is r0·r1·r2; extrinsic (fixed axes) is r2·r1·r0 — the first rotation to act stands next to the vector.",
    'Check with the lecture: extrinsic "XYZ" must give Rz(θz)·Ry(θy)·Rx(θx). Proper Euler orders like "ZXZ" use the same code: the first and last matrices are just about the same axis.',
  ],
  checks: [
    // Guards: the stub's example: extrinsic "XYZ" is Rz(a2)·Ry(a1)·Rx(a0), the lecture's, at 0, 90°, 180° and random.
    {
      name: "the lecture's Rz·Ry·Rx (extrinsic XYZ)",
      points: 2,
      comparison: ROTATION,
      cases: () => [
        { fn: "eulerToMatrix", args: [[deg(90), 0, 0], "XYZ", "extrinsic"], label: "(90°, 0, 0)" },
        { fn: "eulerToMatrix", args: [[deg(30), deg(45), deg(60)], "XYZ", "extrinsic"], label: "(30°, 45°, 60°)" },
        { fn: "eulerToMatrix", args: [[deg(180), 0, 0], "XYZ", "extrinsic"], label: "(180°, 0, 0)" },
        { fn: "eulerToMatrix", args: [[0, deg(180), deg(180)], "XYZ", "extrinsic"], label: "(0, 180°, 180°)" },
        // The lecture's product at random (θx, θy, θz).
        ...generated("eulerToMatrix", 205, 3, (rng): [EulerAngles, EulerOrder, EulerFrame] => [
          randomAngles(rng),
          "XYZ",
          "extrinsic",
        ]).map((c) => ({ ...c, label: "random (θx, θy, θz)" })),
      ],
    },
    // Guards: intrinsic "ABC" = R_A(a0)·R_B(a1)·R_C(a2) for "any of the 12 orders" (proper Euler ones too).
    {
      name: "all 12 orders, intrinsic",
      points: 3,
      comparison: ROTATION,
      cases: () => allOrders("intrinsic", 211),
    },
    // Guards: extrinsic "ABC" = R_C(a2)·R_B(a1)·R_A(a0) for any of the 12 orders.
    {
      name: "all 12 orders, extrinsic",
      points: 3,
      comparison: ROTATION,
      cases: () => allOrders("extrinsic", 231),
    },
    // Guards: angles in radians of any size (±20 rad), and every order at its lock angle (no special case).
    {
      name: "large angles and gimbal lock",
      points: 1,
      hidden: true,
      comparison: ROTATION,
      cases: () => [
        ...generated("eulerToMatrix", 251, 12, (rng): [EulerAngles, EulerOrder, EulerFrame] => [
          [random.uniform(rng, -20, 20), random.uniform(rng, -20, 20), random.uniform(rng, -20, 20)],
          ORDERS[Math.floor(rng() * 12)]!,
          rng() < 0.5 ? "intrinsic" : "extrinsic",
        ]),
        ...ORDERS.map((order): Case => ({
          fn: "eulerToMatrix",
          args: [[0.4, lockAngle(order), -1.2], order, "intrinsic"],
          label: `${order} at lock`,
        })),
      ],
    },
  ],
});
