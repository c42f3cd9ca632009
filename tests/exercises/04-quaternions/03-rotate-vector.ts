/** Rotate a vector: q v q*: the checks of exercises/04-quaternions/03-rotate-vector.ts. */

import { quat, random, vec3 } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/04-quaternions/03-rotate-vector.ts";
import { deg, generated, negate, numbers, randomVector } from "../cases.ts";

export default defineExercise<typeof solution>({
  title: "Rotate a vector: q v q*",
  uses: ["scalar", "vec3"],
  hints: [
    "Write v as the pure quaternion [vx, vy, vz, 0] and the conjugate as q* = [−x, −y, −z, w]. You need two Hamilton products.",
    "Order matters: first p = q·[v, 0], then p·q*. The result's scalar part is 0 (to rounding); return its vector part.",
    "Test on q = [0, 0, sin 45°, cos 45°] (90° about Z): X must go to Y. If it goes to −Y, you computed q*·v·q.",
  ],
  checks: [
    // Guards: q·(v, 0)·q*, not q*·(v, 0)·q: X → Y about Z, and in a turned frame.
    {
      name: "quarter turns about X, Y, Z",
      points: 2,
      comparison: numbers,
      cases: () => [
        {
          fn: "rotateVector",
          args: [quat.fromAxisAngle([0, 0, 1], deg(90)), [1, 0, 0]],
          label: "90° about Z: X → Y",
        },
        {
          fn: "rotateVector",
          args: [quat.fromAxisAngle([1, 0, 0], deg(90)), [0, 1, 0]],
          label: "90° about X: Y → Z",
        },
        {
          fn: "rotateVector",
          args: [quat.fromAxisAngle([0, 1, 0], deg(90)), [0, 0, 1]],
          label: "90° about Y: Z → X",
        },
        // The same quarter turn in a randomly turned frame (X', Y', Z'): 90° about Z' takes X' to Y'.
        ...generated("rotateVector", 433, 3, (rng) => {
          const r = random.unitQuat(rng);
          const x = quat.rotateVec3(r, vec3.X);
          const z = quat.rotateVec3(r, vec3.Z);
          return [quat.fromAxisAngle(z, deg(90)), vec3.scale(x, random.uniform(rng, 0.2, 3))];
        }).map((c) => ({ ...c, label: "90° about Z' of a turned frame: X' → Y'" })),
      ],
    },
    // Guards: the sandwich is quadratic in q: q and −q rotate alike.
    {
      name: "q and −q rotate alike",
      points: 1,
      comparison: numbers,
      cases: () => [
        {
          fn: "rotateVector",
          args: [quat.fromAxisAngle([1, 1, 0], deg(120)), [0.3, -1, 2]],
          label: "q: 120° about (1, 1, 0)",
        },
        {
          fn: "rotateVector",
          args: [negate(quat.fromAxisAngle([1, 1, 0], deg(120))), [0.3, -1, 2]],
          label: "−q: the same rotation",
        },
        ...generated("rotateVector", 434, 1, (rng) => [random.unitQuat(rng), randomVector(rng)]).flatMap((c) => [
          { ...c, label: "q: a random rotation" },
          { ...c, args: [negate(c.args[0]), c.args[1]] as typeof c.args, label: "−q: the same random rotation" },
        ]),
      ],
    },
    // Guards: the rotated vector (the vector part, the scalar part dropped) for random q and v, to 1e-12.
    // Guards: "the rotated vector, new": every case also fails if the call changed an argument (inputs: "unchanged").
    {
      name: "random rotations and vectors",
      inputs: "unchanged",
      points: 3,
      comparison: numbers,
      cases: () => generated("rotateVector", 431, 20, (rng) => [random.unitQuat(rng), randomVector(rng)]),
    },
    // Guards: vectors of length 1e4, to 1e-12 relative (atol 1e-9).
    {
      name: "long vectors",
      points: 1,
      hidden: true,
      comparison: { kind: "numbers", atol: 1e-9, rtol: 1e-12 },
      cases: () =>
        generated("rotateVector", 432, 10, (rng) => [random.unitQuat(rng), vec3.scale(random.unitVector(rng), 1e4)]),
    },
  ],
});
