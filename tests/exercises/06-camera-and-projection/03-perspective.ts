/** The perspective projection, two depth ranges: the checks of exercises/06-camera-and-projection/03-perspective.ts. */

import { type DepthRange, random } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/06-camera-and-projection/03-perspective.ts";
import { deg, generated, numbers } from "../cases.ts";

/** Random gluPerspective arguments: fovY 10°…150°, aspect 0.5…2.5, near 0.01…5, far 2…1000 times further. */
function perspectiveArgs(rng: random.Rng, depth: DepthRange): Parameters<typeof solution.perspective> {
  const near = random.uniform(rng, 0.01, 5);
  return [
    deg(random.uniform(rng, 10, 150)),
    random.uniform(rng, 0.5, 2.5),
    near,
    near * random.uniform(rng, 2, 1000),
    depth,
  ];
}

export default defineExercise<typeof solution>({
  title: "The perspective projection, two depth ranges",
  uses: ["scalar", "mat4"],
  hints: [
    "x and y: m[5] = f = 1/tan(fovY/2) and m[0] = f/aspect. The fourth row is (0, 0, −1, 0), so m[11] = −1 and m[15] = 0: w = −z.",
    "Depth is (A·z + B)/(−z) = −A − B/z. Write two equations: at z = −near it equals the near end (−1 or 0), at z = −far it equals 1. Subtract them to find B, then A.",
    "For −1..1: A = −(far + near)/(far − near), B = −2·far·near/(far − near). For 0..1: A = −far/(far − near), B = −far·near/(far − near). A goes in m[10], B in m[14].",
  ],
  checks: [
    // Guards: fact 6.1's matrix in both depth ranges (the fourth row (0, 0, −1, 0), f = 1/tan(fovY/2)).
    {
      name: "fovY 90°, aspect 1, near 1, far 100 (fact 6.1)",
      points: 2,
      comparison: numbers,
      cases: () => [
        { fn: "perspective", args: [deg(90), 1, 1, 100, "negOneToOne"], label: "depth −1..1" },
        { fn: "perspective", args: [deg(90), 1, 1, 100, "zeroToOne"], label: "depth 0..1" },
        // Fact 6.1's frustum (90°, square) with random planes, in both depth ranges.
        ...generated("perspective", 623, 2, (rng): Parameters<typeof solution.perspective> => {
          const [, , near, far] = perspectiveArgs(rng, "negOneToOne");
          return [deg(90), 1, near, far, "negOneToOne"];
        }),
        ...generated("perspective", 624, 2, (rng): Parameters<typeof solution.perspective> => {
          const [, , near, far] = perspectiveArgs(rng, "zeroToOne");
          return [deg(90), 1, near, far, "zeroToOne"];
        }),
      ],
    },
    // Guards: "negOneToOne": z = −near → −1, z = −far → 1, x scaled by f/aspect (portrait and wide).
    {
      name: "depth −1..1 (OpenGL, WebGL)",
      points: 2,
      comparison: numbers,
      cases: () => [
        { fn: "perspective", args: [deg(50), 16 / 9, 0.1, 2000, "negOneToOne"], label: "50°, 16:9, 0.1 … 2000" },
        { fn: "perspective", args: [deg(30), 0.5, 2, 3, "negOneToOne"], label: "30°, portrait, 2 … 3" },
        ...generated("perspective", 621, 8, (rng) => perspectiveArgs(rng, "negOneToOne")),
      ],
    },
    // Guards: "zeroToOne": z = −near → 0, z = −far → 1 (fovY up to 120°).
    {
      name: "depth 0..1 (WebGPU, Direct3D)",
      points: 2,
      comparison: numbers,
      cases: () => [
        { fn: "perspective", args: [deg(50), 16 / 9, 0.1, 2000, "zeroToOne"], label: "50°, 16:9, 0.1 … 2000" },
        { fn: "perspective", args: [deg(120), 2, 0.5, 1, "zeroToOne"], label: "120°, 2:1, 0.5 … 1" },
        ...generated("perspective", 622, 8, (rng) => perspectiveArgs(rng, "zeroToOne")),
      ],
    },
    // Guards: "near > 0, far > near" at their extremes: near 1e-3 with far 1e7, and a thin slab 100 … 100.5.
    {
      name: "extreme planes: near 1e-3, far 1e7",
      points: 1,
      hidden: true,
      comparison: numbers,
      cases: () => [
        { fn: "perspective", args: [deg(60), 1.5, 1e-3, 1e7, "negOneToOne"] },
        { fn: "perspective", args: [deg(60), 1.5, 1e-3, 1e7, "zeroToOne"] },
        { fn: "perspective", args: [deg(1), 1, 100, 100.5, "zeroToOne"], label: "1°, a thin slab 100 … 100.5" },
      ],
    },
  ],
});
