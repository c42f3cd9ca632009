/** The Hamilton product: the checks of exercises/04-quaternions/02-multiply.ts. */

import { type Quat, quat, random, vec3 } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/04-quaternions/02-multiply.ts";
import { caseRng, generated, i, j, k, numbers, one } from "../cases.ts";

/** The pure quaternion of `q` turned by `r` (r q r*): the units i, j, k of a turned frame. */
const turned = (r: Quat, q: Quat): Quat => [...quat.rotateVec3(r, [q[0], q[1], q[2]]), 0];

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
    // Guards: "check yourself on i·j = k and j·i = −k": the units' products, exact, in a fixed and a turned frame.
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
        )
          .map(([a, b, label]) => ({ fn: "multiply" as const, args: [a, b] as [Quat, Quat], label }))
          .concat(
            // The same rules in a randomly turned frame: i' j' = k', j' i' = −k', i'² = −1.
            (() => {
              const r = random.unitQuat(caseRng(423));
              const [ti, tj, tk] = [i, j, k].map((u) => turned(r, u)) as [Quat, Quat, Quat];
              return (
                [
                  [ti, tj, "i'·j' in a turned frame"],
                  [tj, ti, "j'·i' in a turned frame"],
                  [tj, tk, "j'·k' in a turned frame"],
                  [ti, ti, "i'·i' in a turned frame"],
                ] satisfies [Quat, Quat, string][]
              ).map(([a, b, label]) => ({ fn: "multiply" as const, args: [a, b] as [Quat, Quat], label }));
            })(),
          ),
    },
    // Guards: the formula (w₁v₂ + w₂v₁ + v₁ × v₂, w₁w₂ − v₁·v₂) entry by entry, to 1e-12.
    // Guards: "a new quaternion; the inputs are not changed": every case also fails if the call changed an argument (inputs: "unchanged").
    {
      name: "products of random rotations",
      inputs: "unchanged",
      points: 4,
      // Each entry sums four products of numbers ≤ 1: any order of the sums agrees to a few 1e-16.
      comparison: numbers,
      cases: () => generated("multiply", 421, 20, (rng) => [random.unitQuat(rng), random.unitQuat(rng)]),
    },
    // Guards: "rotating by a·b rotates by b first, then by a" (quarter turns about perpendicular axes).
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
        // The same two orders for quarter turns about two random perpendicular axes.
        ...generated("multiply", 424, 1, (rng) => {
          const u = random.unitVector(rng);
          const v = vec3.normalize(vec3.cross(u, random.unitVector(rng)));
          return [quat.fromAxisAngle(u, Math.PI / 2), quat.fromAxisAngle(v, Math.PI / 2)];
        }).flatMap((c) => [
          { ...c, label: "R_u(90°)·R_v(90°), u ⟂ v random" },
          { ...c, args: [c.args[1], c.args[0]] as [Quat, Quat], label: "R_v(90°)·R_u(90°), u ⟂ v random" },
        ]),
      ],
    },
    // Guards: the product of any quaternions, not only unit ones (lengths 3 and 0.5).
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
