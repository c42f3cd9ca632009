/** Normalized lerp: the checks of exercises/05-interpolating-rotations/02-nlerp.ts. */

import { type Quat, quat, random } from "../../../lib/index.ts";
import { type Call, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/05-interpolating-rotations/02-nlerp.ts";
import { deg, generated, near, negate, quatEndpoints, EXACT_TIES, randomTie } from "../cases.ts";

export default defineExercise<typeof solution>({
  title: "Normalized lerp",
  uses: ["scalar", "vec3"],
  hints: [
    "Blend each of the four components: q[i] = (1 − t)·a[i] + t·b[i]. Then divide by the length of q.",
    "q and −q are the same rotation but different points in 4D. If a·b < 0, blending towards b takes the long way (and passes near 0): blend towards −b.",
    "The short-arc flip is the same as using −t instead of t for b's weight. Check the result at t = 0 and t = 1: it must be a and ±b.",
  ],
  checks: [
    // Guards: nlerp(a, b, 0) = a and nlerp(a, b, 1) = ±b, to 1e-12 rad.
    {
      name: "endpoints",
      points: 1,
      comparison: { kind: "rotationQuat", toleranceRad: 1e-12 },
      cases: () => quatEndpoints("nlerp", 5201, 5),
    },
    // Guards: "scale the result back to unit length" / "@returns A unit quaternion" (unit to 1e-9) on the
    // blend's own path, b on a's side.
    {
      name: "unit length, the reference's path",
      points: 3,
      comparison: { kind: "rotationQuat" },
      cases: () =>
        generated("nlerp", 5203, 20, (rng) => {
          const a = random.unitQuat(rng);
          const b = random.unitQuat(rng);
          return [a, quat.dot(a, b) < 0 ? negate(b) : b, rng()];
        }),
    },
    // Guards: "take the short arc (if a·b < 0, blend towards −b)".
    {
      name: "short arc (a·b < 0)",
      points: 2,
      comparison: { kind: "rotationQuat" },
      cases: () => [
        {
          fn: "nlerp",
          args: [quat.identity(), negate(quat.fromAxisAngle([0, 1, 0], deg(60))), 0.5],
          label: "identity → −(60° about Y), t = ½: 30° about Y",
        },
        ...generated("nlerp", 5204, 10, (rng) => {
          const a = random.unitQuat(rng);
          const b = random.unitQuat(rng);
          return [a, quat.dot(a, b) < 0 ? b : negate(b), rng()];
        }),
      ],
    },
    // Guards: the blend is linear in the components (not slerp's constant speed): 21.6°, not 22.5°, at t = ¼.
    {
      name: "not constant speed: 90° turn at t = ¼",
      points: 1,
      comparison: { kind: "rotationQuat" },
      cases: () => [
        {
          fn: "nlerp",
          args: [quat.identity(), quat.fromAxisAngle([0, 0, 1], deg(90)), 0.25],
          label: "identity → 90° about Z at t = ¼ (≈ 21.6°, not 22.5°)",
        },
        // The same 90° turn about a random axis from a random start (nlerp(a, a·d, t) = a·nlerp(1, d, t)).
        ...generated("nlerp", 5206, 2, (rng) => {
          const a = random.unitQuat(rng);
          return [a, quat.multiply(a, quat.fromAxisAngle(random.unitVector(rng), deg(90))), 0.25];
        }).map((c) => ({ ...c, label: "a → a·(90° about a random axis) at t = ¼ (≈ 21.6° from a)" })),
      ],
    },
    // Guards: the tie of the short-arc rule — the flip is for a·b < 0, so at a·b = 0 exactly (quaternions
    // of 0, ±½ and ±1, where no rounding decides) b is kept, as the stub's example shows. At t = ½ only.
    {
      name: "a·b = 0 exactly: b is kept",
      points: 1,
      comparison: { kind: "rotationQuat" },
      cases: () => [
        ...EXACT_TIES.map(([a, b, label]): Call<typeof solution> => ({
          fn: "nlerp",
          args: [a, b, 0.5],
          label: `${label}, t = ½`,
        })),
        ...generated("nlerp", 5207, 3, (rng) => [...randomTie(rng), 0.5] as [Quat, Quat, number]).map((c) => ({
          ...c,
          label: "entries 0, ±½, ±1 with a·b = 0 exactly, drawn at random, t = ½",
        })),
      ],
    },
    // Guards: the short-arc rule where the long way passes near 0 in 4D (179.9° apart, either sign of b).
    {
      name: "nearly opposite rotations (179.9°)",
      points: 1,
      hidden: true,
      comparison: { kind: "rotationQuat" },
      cases: () =>
        generated("nlerp", 5205, 10, (rng) => {
          const a = random.unitQuat(rng);
          const b = near(rng, a, deg(179.9));
          return [a, rng() < 0.5 ? b : negate(b), rng()];
        }),
    },
  ],
});
