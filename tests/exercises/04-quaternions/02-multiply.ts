/** The Hamilton product: the checks of exercises/04-quaternions/02-multiply.ts. */

import { type Quat, quat, random } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/04-quaternions/02-multiply.ts";
import { generated, i, j, k, numbers, one } from "../cases.ts";

/** `q` scaled by `s` (a quaternion that is not unit length). */
const scaled = (q: Quat, s: number): Quat => [q[0] * s, q[1] * s, q[2] * s, q[3] * s];

export default defineExercise<typeof solution>({
  title: "The Hamilton product",
  uses: ["scalar", "vec3"],
  hints: [
    "Split each quaternion into its vector part v = [x, y, z] and scalar w. The product's scalar part is w₁w₂ − v₁·v₂.",
    "The vector part is w₁v₂ + w₂v₁ + v₁ × v₂ — the cross product is what makes ij = k but ji = −k.",
    "Write out x: w₁x₂ + w₂x₁ + (y₁z₂ − z₁y₂). y and z follow by cycling x → y → z → x.",
  ],
  checks: [
    {
      name: "Hamilton's rules: ij = k, ji = −k, i² = −1",
      points: 3,
      // Products of 0 and ±1 are exact in any order; a wrong answer is off by 1 or 2, not by rounding.
      comparison: numbers,
      cases: () =>
        (
          [
            [i, j, "i·j"],
            [j, i, "j·i"],
            [j, k, "j·k"],
            [k, i, "k·i"],
            [i, i, "i·i"],
            [k, k, "k·k"],
            [one, j, "1·j"],
          ] satisfies [Quat, Quat, string][]
        ).map(([a, b, label]) => ({ fn: "multiply", args: [a, b], label })),
    },
    {
      name: "products of random rotations",
      points: 4,
      // Each entry sums four products of numbers ≤ 1: any order of the sums agrees to a few 1e-16.
      comparison: numbers,
      cases: () => generated("multiply", 421, 20, (rng) => [random.unitQuat(rng), random.unitQuat(rng)]),
    },
    {
      name: "composition order: a·b rotates by b first",
      points: 2,
      comparison: { kind: "rotationQuat" },
      cases: () => [
        {
          fn: "multiply",
          args: [quat.fromAxisAngle([0, 0, 1], Math.PI / 2), quat.fromAxisAngle([1, 0, 0], Math.PI / 2)],
          label: "Rz(90°)·Rx(90°)",
        },
        {
          fn: "multiply",
          args: [quat.fromAxisAngle([1, 0, 0], Math.PI / 2), quat.fromAxisAngle([0, 0, 1], Math.PI / 2)],
          label: "Rx(90°)·Rz(90°)",
        },
      ],
    },
    {
      name: "non-unit quaternions",
      points: 1,
      hidden: true,
      comparison: numbers,
      cases: () =>
        generated("multiply", 422, 10, (rng) => [scaled(random.unitQuat(rng), 3), scaled(random.unitQuat(rng), -0.5)]),
    },
  ],
});
