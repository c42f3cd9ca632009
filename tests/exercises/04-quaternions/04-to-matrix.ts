/** Quaternion to rotation matrix: the checks of exercises/04-quaternions/04-to-matrix.ts. */

import { type Quat, quat, random } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/04-quaternions/04-to-matrix.ts";
import { deg, generated, negate, numbers, one } from "../cases.ts";

export default defineExercise<typeof solution>({
  title: "Quaternion to rotation matrix",
  uses: ["scalar", "vec3", "mat3"],
  hints: [
    "Column j of the matrix is q e_j q*, where e_j is axis j. Compute the first column, then the others by cycling x → y → z.",
    "The diagonal is 1 − 2(y² + z²), 1 − 2(x² + z²), 1 − 2(x² + y²). Off the diagonal, entry (1, 0) is 2(xy + wz) and entry (0, 1) is 2(xy − wz).",
    "Column-major: m[0], m[1], m[2] is the first column, so m[1] = 2(xy + wz). If your rotations go the wrong way, you stored rows.",
  ],
  checks: [
    // Guards: "column j is the image of axis j", column-major, on the slide's half turns (0, n) and a quarter turn.
    {
      name: "the slide's half turns and the quarter turn about Z",
      points: 2,
      comparison: numbers,
      cases: () => [
        { fn: "toMatrix", args: [[1, 0, 0, 0]], label: "(0, (1, 0, 0)): 180° about X" },
        { fn: "toMatrix", args: [[0, 1, 0, 0]], label: "(0, (0, 1, 0)): 180° about Y" },
        { fn: "toMatrix", args: [[0, 0, 1, 0]], label: "(0, (0, 0, 1)): 180° about Z" },
        { fn: "toMatrix", args: [quat.fromAxisAngle([0, 0, 1], deg(90))], label: "90° about Z" },
        { fn: "toMatrix", args: [one], label: "the identity" },
        // The same turns about random unit axes n: the half turn (0, n) and the quarter turn.
        ...generated("toMatrix", 444, 2, (rng) => [[...random.unitVector(rng), 0] as Quat]).map((c) => ({
          ...c,
          label: "(0, n): 180° about a random axis n",
        })),
        ...generated("toMatrix", 445, 1, (rng) => [quat.fromAxisAngle(random.unitVector(rng), deg(90))]).map((c) => ({
          ...c,
          label: "90° about a random axis",
        })),
      ],
    },
    // Guards: the nine entries of the expanded formula for random unit q, to 1e-12.
    {
      name: "random rotations",
      points: 3,
      comparison: numbers,
      cases: () => generated("toMatrix", 441, 20, (rng) => [random.unitQuat(rng)]),
    },
    // Guards: "q and −q give the same matrix".
    {
      name: "q and −q give the same matrix",
      points: 1,
      comparison: numbers,
      cases: () => generated("toMatrix", 442, 10, (rng) => [negate(random.unitQuat(rng))]),
    },
    // Guards: the matrix of products of rotations (as they arrive, rounded to unit).
    {
      name: "the matrix of a product is the product of the matrices",
      points: 1,
      hidden: true,
      comparison: numbers,
      cases: () => generated("toMatrix", 443, 10, (rng) => [quat.multiply(random.unitQuat(rng), random.unitQuat(rng))]),
    },
  ],
});
