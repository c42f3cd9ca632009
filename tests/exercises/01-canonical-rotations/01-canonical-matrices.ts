/** Canonical rotation matrices: the checks of exercises/01-canonical-rotations/01-canonical-matrices.ts. */

import { random, scalar } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/01-canonical-rotations/01-canonical-matrices.ts";
import { LANDMARK_ANGLES, generated } from "../cases.ts";

/**
 * Entry by entry: each entry is 0, 1 or a sine or cosine, so any correct formula (direct, half-angle,
 * permuted from another axis) lands within a few 1e-16; a misplaced sign or entry is off by up to 2.
 */
const ENTRIES = { kind: "numbers", atol: 1e-12, rtol: 0 } satisfies Comparison;

const AXES = [
  ["X", "rotationX"],
  ["Y", "rotationY"],
  ["Z", "rotationZ"],
] as const;

export default defineExercise<typeof solution>({
  title: "Canonical rotation matrices",
  uses: ["scalar"],
  hints: [
    "Column j of the matrix is where axis j goes. For Rz(θ), X goes to (cos θ, sin θ, 0) — that is the first column, m[0], m[1], m[2].",
    "Rz(θ) is [c, s, 0, −s, c, 0, 0, 0, 1] in column-major order. Rx and Ry follow by the cyclic order X → Y → Z → X.",
    "In Ry, Z turns towards X: Z goes to (sin θ, 0, cos θ) and X goes to (cos θ, 0, −sin θ), so the −sin sits in the first column.",
  ],
  checks: AXES.flatMap(([axis, fn], i) => [
    // Guards: the right-hand rule (which way Y, Z, X turn) and column-major storage, at 0, ±90°, 180°, 270°,
    // 360° and the other landmarks, exact entries 0 and ±1 to 1e-12, and the same plus whole turns.
    {
      name: `rotation${axis} at landmark angles`,
      points: 2,
      comparison: ENTRIES,
      cases: () => [
        ...LANDMARK_ANGLES.map((a) => ({
          fn,
          args: [a] as [number],
          label: `θ = ${scalar.radToDeg(a).toFixed(0)}°`,
        })),
        // The same landmarks, a random one of them plus 1 … 3 whole turns either way: the same matrix.
        ...generated(fn, 110 + i, 3, (rng): [number] => {
          const turns = (1 + Math.floor(rng() * 3)) * (rng() < 0.5 ? -1 : 1);
          return [LANDMARK_ANGLES[Math.floor(rng() * LANDMARK_ANGLES.length)]! + 2 * Math.PI * turns];
        }).map((c) => ({ ...c, label: `θ = ${scalar.radToDeg(c.args[0]).toFixed(0)}° (a landmark plus whole turns)` })),
      ],
    },
    // Guards: any angle in radians (−10 … 10), every entry a sine or cosine to 1e-12.
    {
      name: `rotation${axis} at random angles`,
      points: 1,
      hidden: true,
      comparison: ENTRIES,
      cases: () => generated(fn, 100 + i, 20, (rng): [number] => [random.uniform(rng, -10, 10)]),
    },
  ]),
});
