/** Slerp: short arc, tiny angles: the checks of exercises/05-interpolating-rotations/03-slerp.ts. */

import { quat, random } from "../../../lib/index.ts";
import { type Call, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/05-interpolating-rotations/03-slerp.ts";
import { generated, near, negate } from "../cases.ts";

export default defineExercise<typeof solution>({
  title: "Slerp: short arc, tiny angles",
  uses: ["scalar", "vec3"],
  hints: [
    "First the short arc: if a·b < 0, use −b instead of b (the same rotation).",
    "Ω, the 4D angle between a and b, is 2·atan2(|a − b|, |a + b|). acos(a·b) loses every digit when a and b are 1e-10 apart.",
    "If Ω is exactly 0, return a. Otherwise the weights are sin((1 − t)Ω)/sin Ω and sin(tΩ)/sin Ω — accurate even for tiny Ω.",
  ],
  checks: [
    {
      name: "endpoints",
      points: 2,
      comparison: { kind: "rotationQuat", toleranceRad: 1e-12 },
      cases: () =>
        generated("slerp", 501, 10, (rng) => [random.unitQuat(rng), random.unitQuat(rng), 0]).concat(
          generated("slerp", 502, 10, (rng) => [random.unitQuat(rng), random.unitQuat(rng), 1]),
        ),
    },
    {
      name: "constant speed in between",
      points: 3,
      comparison: { kind: "rotationQuat" },
      // b on a's side (a·b ≥ 0): this check is about the weights; "short arc" below is about the flip.
      cases: () => [
        {
          fn: "slerp",
          args: [quat.identity(), quat.fromAxisAngle([0, 0, 1], Math.PI / 2), 0.25],
          label: "identity → 90° about Z at t = ¼: 22.5° (nlerp gives ≈ 21.6°)",
        },
        ...generated("slerp", 503, 20, (rng) => {
          const a = random.unitQuat(rng);
          const b = random.unitQuat(rng);
          return [a, quat.dot(a, b) < 0 ? negate(b) : b, rng()];
        }),
      ],
    },
    {
      name: "short arc (a·b < 0)",
      points: 2,
      comparison: { kind: "rotationQuat" },
      cases: () =>
        generated("slerp", 504, 10, (rng) => {
          const a = random.unitQuat(rng);
          const b = random.unitQuat(rng);
          return [a, quat.dot(a, b) < 0 ? b : negate(b), rng()];
        }),
    },
    {
      name: "tiny angles (1e-10 rad)",
      points: 2,
      // The turn is 1e-10 rad; 1e-13 rad is 0.1% of it and ~500 times the rounding of a unit quaternion:
      // answers that return a (or NaN) for close inputs fail, every accurate formula passes.
      comparison: { kind: "rotationQuat", toleranceRad: 1e-13 },
      cases: () =>
        generated("slerp", 505, 10, (rng) => {
          const a = random.unitQuat(rng);
          return [a, near(rng, a, 1e-10), random.uniform(rng, 0.1, 0.9)];
        }).map((c) => ({ ...c, label: `b = a turned 1e-10 rad, t = ${c.args[2].toFixed(3)}` })),
    },
    {
      name: "same rotation twice",
      points: 1,
      hidden: true,
      // slerp(q, ±q, t) is q; 1e-13 rad allows a formula that rounds differently (e.g. a·(a⁻¹·b)^t, 8e-16°).
      comparison: { kind: "rotationQuat", toleranceRad: 1e-13 },
      cases: () => [
        ...generated("slerp", 506, 5, (rng) => {
          const a = random.unitQuat(rng);
          return [a, a, rng()];
        }).map((c) => ({ ...c, label: `b = a, t = ${c.args[2].toFixed(3)}` })),
        ...generated("slerp", 507, 5, (rng) => {
          const a = random.unitQuat(rng);
          return [a, negate(a), rng()];
        }).map((c) => ({ ...c, label: `b = −a, t = ${c.args[2].toFixed(3)}` })),
      ],
    },
  ],
});
