/** Chapter 04's exercises. (Issue: the rest of chapter 04 comes with the chapter itself.) */

import { type Quat, quat, random } from "../../../lib/index.ts";
import { generated } from "../cases.ts";
import type { Chapter } from "../types.ts";

const i: Quat = [1, 0, 0, 0];
const j: Quat = [0, 1, 0, 0];
const k: Quat = [0, 0, 1, 0];
const one: Quat = [0, 0, 0, 1];

export const chapter04: Chapter = {
  id: "04-quaternions",
  title: "Quaternions",
  exercises: [
    {
      id: "quat-multiply",
      title: "The Hamilton product",
      file: "04-quaternions/02-multiply.ts",
      exports: ["multiply"],
      timeLimitMs: 5000,
      hints: [
        "Split each quaternion into its vector part v = [x, y, z] and scalar w. The product's scalar part is w₁w₂ − v₁·v₂.",
        "The vector part is w₁v₂ + w₂v₁ + v₁ × v₂ — the cross product is what makes ij = k but ji = −k.",
        "Write out x: w₁x₂ + w₂x₁ + (y₁z₂ − z₁y₂). y and z follow by cycling x → y → z → x.",
      ],
      checks: [
        {
          name: "Hamilton's rules: ij = k, ji = −k, i² = −1",
          points: 3,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 0, rtol: 0 },
          cases: () =>
            [
              [i, j, "i·j"],
              [j, i, "j·i"],
              [j, k, "j·k"],
              [k, i, "k·i"],
              [i, i, "i·i"],
              [k, k, "k·k"],
              [one, j, "1·j"],
            ].map(([a, b, label]) => ({ fn: "multiply", args: [a as Quat, b as Quat], label: label as string })),
        },
        {
          name: "products of random rotations",
          points: 4,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-15, rtol: 1e-15 },
          cases: () => generated("multiply", 421, 20, (rng) => [random.unitQuat(rng), random.unitQuat(rng)]),
        },
        {
          name: "composition order: a·b rotates by b first",
          points: 2,
          visibility: "visible",
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
          visibility: "hidden",
          comparison: { kind: "numbers", atol: 1e-13, rtol: 1e-13 },
          cases: () =>
            generated("multiply", 422, 10, (rng) => [
              random.unitQuat(rng).map((x) => 3 * x),
              random.unitQuat(rng).map((x) => -0.5 * x),
            ]),
        },
      ],
    },
  ],
};
