/** From NDC to pixels: the checks of exercises/06-camera-and-projection/02-viewport.ts. */

import { random } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/06-camera-and-projection/02-viewport.ts";
import { box, generated, numbers } from "../cases.ts";

export default defineExercise<typeof solution>({
  title: "From NDC to pixels",
  uses: ["scalar", "mat4"],
  hints: [
    "Map −1 → x and +1 → x + width: that is px = x + (ndc + 1)·width/2 = (width/2)·ndc + (x + width/2). Same for y; depth goes from [−1, 1] to [0, 1]: 0.5·ndc + 0.5.",
    "screenSpace maps [left, right] onto [0, width]: px = (X − left)·width/(right − left). Scale on the diagonal, −left·width/(right − left) in m[12].",
    "In screenSpace, z passes through: m[10] = 1, m[14] = 0. For the lecture's 10 m … 20 m on 640 × 480: 64 pixels per metre across, 48 up, and the translation is (−640, −480).",
  ],
  checks: [
    // Guards: NDC x, y ∈ [−1, 1] → [x, x + width] × [y, y + height], depth [−1, 1] → [0, 1], pixel y up.
    {
      name: "viewport corners and centre",
      points: 2,
      comparison: numbers,
      cases: () => [
        { fn: "viewport", args: [0, 0, 640, 480], label: "640 × 480 at the origin" },
        { fn: "viewport", args: [0, 0, 1920, 1080], label: "1920 × 1080" },
        { fn: "viewport", args: [100, 50, 200, 100], label: "an inset viewport at (100, 50)" },
        ...generated("viewport", 613, 2, (rng) => [
          Math.round(random.uniform(rng, 0, 500)),
          Math.round(random.uniform(rng, 0, 500)),
          Math.round(random.uniform(rng, 1, 4000)),
          Math.round(random.uniform(rng, 1, 4000)),
        ]),
      ],
    },
    // Guards: "height ≠ 0 (negative flips y)": the sign of height is kept, not its absolute value.
    {
      name: "a y-down canvas (negative height)",
      points: 1,
      comparison: numbers,
      cases: () => [
        { fn: "viewport", args: [0, 480, 640, -480], label: "y = 480, height −480" },
        // A random canvas, y at its top row and the height negated, at a random offset.
        ...generated("viewport", 614, 2, (rng) => {
          const height = Math.round(random.uniform(rng, 1, 4000));
          return [
            Math.round(random.uniform(rng, 0, 500)),
            Math.round(random.uniform(rng, 0, 500)) + height,
            Math.round(random.uniform(rng, 1, 4000)),
            -height,
          ];
        }),
      ],
    },
    // Guards: screenSpace: (left, bottom) → (0, 0), (right, top) → (width, height), z unchanged.
    {
      name: "the lecture's screen-space transformation",
      points: 3,
      comparison: numbers,
      cases: () => [
        { fn: "screenSpace", args: [10, 20, 10, 20, 640, 480], label: "10 m … 20 m → 640 × 480" },
        { fn: "screenSpace", args: [10, 20, 10, 20, 1920, 1080], label: "10 m … 20 m → 1920 × 1080" },
        { fn: "screenSpace", args: [-5, 5, 0, 2, 800, 160], label: "[−5, 5] × [0, 2] → 800 × 160" },
        // The lecture's square window (left = bottom, right = top) at a random place and size, on a random screen.
        ...generated("screenSpace", 615, 2, (rng) => {
          const lo = random.uniform(rng, -50, 50);
          const hi = lo + random.uniform(rng, 0.5, 40);
          return [lo, hi, lo, hi, Math.round(random.uniform(rng, 1, 4000)), Math.round(random.uniform(rng, 1, 4000))];
        }),
      ],
    },
    // Guards: both maps on random rectangles (hidden), to 1e-12.
    {
      name: "random rectangles",
      points: 1,
      hidden: true,
      comparison: numbers,
      cases: () => [
        ...generated("viewport", 611, 10, (rng) => [
          Math.round(random.uniform(rng, 0, 500)),
          Math.round(random.uniform(rng, 0, 500)),
          Math.round(random.uniform(rng, 1, 4000)),
          Math.round(random.uniform(rng, 1, 4000)),
        ]),
        ...generated("screenSpace", 612, 10, (rng) => {
          const [l, r, b, t] = box(rng);
          return [l!, r!, b!, t!, Math.round(random.uniform(rng, 1, 4000)), Math.round(random.uniform(rng, 1, 4000))];
        }),
      ],
    },
  ],
});
