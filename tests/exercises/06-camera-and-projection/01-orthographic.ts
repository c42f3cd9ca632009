/** The orthographic projection: the checks of exercises/06-camera-and-projection/01-orthographic.ts. */

import { random } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/06-camera-and-projection/01-orthographic.ts";
import { box, generated, numbers } from "../cases.ts";

/** A random box as `orthographic`'s six arguments. */
const boxArgs = (rng: random.Rng): Parameters<typeof solution.orthographic> => {
  const [left, right, bottom, top, near, far] = box(rng);
  return [left!, right!, bottom!, top!, near!, far!];
};

/** The lecture's configuration at a random place and size: a square box left = bottom, right = top, all positive. */
const lectureLikeArgs = (rng: random.Rng): Parameters<typeof solution.orthographic> => {
  const lo = random.uniform(rng, 1, 50);
  const hi = lo + random.uniform(rng, 1, 40);
  const [, , , , near, far] = box(rng);
  return [lo, hi, lo, hi, near!, far!];
};

/** A random box centred on the axis: left = −right, bottom = −top. */
const symmetricArgs = (rng: random.Rng): Parameters<typeof solution.orthographic> => {
  const halfWidth = random.uniform(rng, 0.25, 20);
  const halfHeight = random.uniform(rng, 0.25, 20);
  const [, , , , near, far] = box(rng);
  return [-halfWidth, halfWidth, -halfHeight, halfHeight, near!, far!];
};

export default defineExercise<typeof solution>({
  title: "The orthographic projection",
  uses: ["scalar", "vec3", "mat4"],
  hints: [
    "Each axis is an affine map of one interval onto [−1, 1]: x' = 2x/(r − l) − (r + l)/(r − l). The scales go on the diagonal (m[0], m[5], m[10]), the offsets in the last column (m[12], m[13], m[14]).",
    "The camera looks down −Z: the near plane is at z = −near and must go to −1, the far plane z = −far to +1. So as z decreases, depth increases — the z scale is −2/(far − near).",
    "Check the depth offset with z = −near: (−2/(f − n))·(−n) + c = −1 gives c = −(f + n)/(f − n). m[15] = 1 and m[3] = m[7] = m[11] = 0: no perspective.",
  ],
  checks: [
    // Guards: x left → −1 … right → +1, y bottom → −1 … top → +1, z = −near → −1 … −far → +1 (the lecture's
    // box, near −1 and 0.5).
    {
      name: "the lecture's box: left = bottom = 10 m, right = top = 20 m",
      points: 2,
      comparison: numbers,
      cases: () => [
        { fn: "orthographic", args: [10, 20, 10, 20, -1, 1], label: "x, y ∈ [10, 20], near −1, far 1" },
        { fn: "orthographic", args: [10, 20, 10, 20, 0.5, 50], label: "x, y ∈ [10, 20], near 0.5, far 50" },
        ...generated("orthographic", 603, 2, lectureLikeArgs),
      ],
    },
    // Guards: the same map on symmetric boxes (the NDC cube itself is the identity up to z's flip).
    {
      name: "symmetric boxes",
      points: 2,
      comparison: numbers,
      cases: () => [
        { fn: "orthographic", args: [-1, 1, -1, 1, 1, 3], label: "the unit box, near 1, far 3" },
        { fn: "orthographic", args: [-1, 1, -1, 1, -1, 1], label: "the NDC cube itself (identity up to z)" },
        { fn: "orthographic", args: [-8, 8, -4.5, 4.5, 0.1, 100], label: "16:9, near 0.1, far 100" },
        ...generated("orthographic", 604, 3, symmetricArgs),
      ],
    },
    // Guards: off-centre boxes, "near may be zero or negative" (near 0, near −10), and "right ≠ left" either
    // way round (right < left mirrors x).
    {
      name: "off-centre boxes and near ≤ 0",
      points: 2,
      comparison: numbers,
      cases: () => [
        { fn: "orthographic", args: [0, 640, 0, 480, 0, 1], label: "pixels: [0, 640] × [0, 480], near 0" },
        { fn: "orthographic", args: [-3, 5, 2, 3, -10, -2], label: "behind the camera: near −10, far −2" },
        { fn: "orthographic", args: [5, -3, 3, 2, 1, 10], label: "right < left and top < bottom: x and y mirrored" },
        ...generated("orthographic", 601, 8, boxArgs),
      ],
    },
    // Guards: the whole map on 20 random boxes (near −10 … 10, depth 0.5 … 500), to 1e-12.
    {
      name: "random boxes",
      points: 1,
      hidden: true,
      comparison: numbers,
      cases: () => generated("orthographic", 602, 20, boxArgs),
    },
  ],
});
