/** Oblique projections: cavalier and cabinet: the checks of exercises/06-camera-and-projection/04-oblique.ts. */

import { random } from "../../../lib/index.ts";
import { type Call, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/06-camera-and-projection/04-oblique.ts";
import { deg, generated } from "../cases.ts";

export default defineExercise<typeof solution>({
  title: "Oblique projections: cavalier and cabinet",
  uses: ["scalar", "mat4"],
  hints: [
    "The matrix is the identity except for the z column, m[8] and m[9]: where the point (0, 0, 1) goes in x and y.",
    "A point at depth 1 in front of the plane has z = −1 and must move by depthScale·(cos angle, sin angle). So m[8] = −depthScale·cos(angle) and m[9] = −depthScale·sin(angle).",
    "A projector through one unit of depth meets the plane depthScale away: tan(projector angle) = 1/depthScale. Math.atan2(1, depthScale) gives 45° for 1, 63.43° for 1/2, and 90° — not a division by zero — for 0.",
  ],
  checks: [
    // Guards: x' = x − depthScale·cos(angle)·z, y' = y − depthScale·sin(angle)·z at depthScale 1 (the sign of
    // the shear).
    {
      name: "cavalier (depth at full length)",
      points: 2,
      comparison: { kind: "numbers", atol: 1e-15, rtol: 0 },
      cases: () => [
        ...[0, 30, 45, 90, 135].map((a): Call<typeof solution> => ({
          fn: "oblique",
          args: [deg(a), 1],
          label: `cavalier, angle ${a}°`,
        })),
        ...generated("oblique", 643, 2, (rng) => [random.uniform(rng, -Math.PI, Math.PI), 1]),
      ],
    },
    // Guards: depthScale 1/2, and 0 ("0 orthographic": the identity).
    {
      name: "cabinet (depth halved) and orthographic (no shear)",
      points: 2,
      comparison: { kind: "numbers", atol: 1e-15, rtol: 0 },
      cases: () => [
        ...[30, 45, 63.4].map((a): Call<typeof solution> => ({
          fn: "oblique",
          args: [deg(a), 0.5],
          label: `cabinet, angle ${a}°`,
        })),
        { fn: "oblique", args: [deg(45), 0], label: "depthScale 0: the identity" },
        ...generated("oblique", 644, 2, (rng) => [random.uniform(rng, -Math.PI, Math.PI), 0.5]),
        ...generated("oblique", 645, 1, (rng) => [random.uniform(rng, -Math.PI, Math.PI), 0]),
      ],
    },
    // Guards: projectorAngle: π/4 at 1, atan 2 at 1/2, π/2 at exactly 0 (the edge of "≥ 0"), atan(1/s)
    // beyond.
    {
      name: "projector angles",
      points: 2,
      comparison: { kind: "numbers", atol: 1e-15, rtol: 1e-15 },
      cases: () => [
        { fn: "projectorAngle", args: [1], label: "cavalier: 45°" },
        { fn: "projectorAngle", args: [0.5], label: "cabinet: 63.43°" },
        { fn: "projectorAngle", args: [0], label: "orthographic: 90°" },
        { fn: "projectorAngle", args: [2], label: "depth doubled: 26.57°" },
        ...generated("projectorAngle", 646, 2, (rng) => [random.uniform(rng, 0.05, 5)]),
      ],
    },
    // Guards: both functions at random angles and scales 0 … 10 (hidden).
    {
      name: "random angles and scales",
      points: 1,
      hidden: true,
      comparison: { kind: "numbers", atol: 1e-14, rtol: 1e-14 },
      cases: () => [
        ...generated("oblique", 641, 10, (rng) => [random.uniform(rng, -Math.PI, Math.PI), random.uniform(rng, 0, 3)]),
        ...generated("projectorAngle", 642, 10, (rng) => [random.uniform(rng, 0, 10)]),
      ],
    },
  ],
});
