/** Slerp: short arc, tiny angles: the checks of exercises/05-interpolating-rotations/03-slerp.ts. */

import { type Quat, quat, random } from "../../../lib/index.ts";
import { type Call, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/05-interpolating-rotations/03-slerp.ts";
import { caseRng, generated, near, negate, quatEndpoints, EXACT_TIES, randomTie } from "../cases.ts";

/**
 * Rotation angles (rad) across the whole small-angle band, at t = ½ where a shortcut's error peaks. The
 * 4D angle is half of each: gl-matrix's slerp switches to a plain, unnormalised lerp where
 * 1 − cos Ω ≤ 1e-6 (Ω ≤ 1.414e-3, a turn of ≤ 2.828e-3 rad), and that lerp is short of unit length by
 * t(1 − t)Ω²/2: 2.4e-7 just below the switch, 6.1e-8 at 1.4e-3 rad, 1e-9 at 1.8e-4 rad. The band's
 * edges (1e-2 and 1e-8) and both sides of the switch are here; a normalized lerp below the switch is
 * off by ~Ω³/100 ≈ 3e-11 rad, well inside the 1e-9 rad every rotation comparison allows.
 */
const SMALL_TURNS = [1e-2, 3e-3, 2.9e-3, 2.82e-3, 2.5e-3, 2e-3, 1.4e-3, 1e-3, 5e-4, 2e-4, 1e-5, 1e-8];

export default defineExercise<typeof solution>({
  title: "Slerp: short arc, tiny angles",
  uses: ["scalar", "vec3"],
  hints: [
    "First the short arc: if a·b < 0, use −b instead of b (the same rotation).",
    "Ω, the 4D angle between a and b, is 2·atan2(|a − b|, |a + b|). acos(a·b) loses every digit when a and b are 1e-10 apart.",
    "If Ω is exactly 0, return a. Otherwise the weights are sin((1 − t)Ω)/sin Ω and sin(tΩ)/sin Ω — accurate even for tiny Ω.",
  ],
  checks: [
    // Guards: slerp(a, b, 0) = a and slerp(a, b, 1) = ±b, to 1e-12 rad (the ends of t in [0, 1]).
    {
      name: "endpoints",
      points: 2,
      comparison: { kind: "rotationQuat", toleranceRad: 1e-12 },
      cases: () => quatEndpoints("slerp", 501, 10),
    },
    // Guards: "at constant angular speed" (the sin weights, not nlerp's) for b on a's side.
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
    // Guards: "take the short arc (if a·b < 0, use −b)".
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
    // Guards: "stay accurate when a and b are very close" at the far end (1e-10 rad, to 1e-13 rad): no
    // NaN from 0/0, no returning a.
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
    // Guards: "stay accurate when a and b are very close: a result that is not unit length … fails", across
    // the whole small-angle band (1e-2 … 1e-8 rad) and on both sides of gl-matrix's 1 − cos Ω = 1e-6 switch,
    // held to the comparison's unit length (1e-9) and 1e-9 rad.
    {
      name: "small angles (1e-8 … 1e-2 rad): unit length",
      points: 2,
      comparison: { kind: "rotationQuat" },
      cases: () => {
        const rng = caseRng(508);
        return [
          // On every salt: from the identity, b's w is cos(5e-9), which rounds to exactly 1, so a·b = 1 and
          // Ω = acos(a·b) = 0 — an answer without a close-inputs branch divides 0 by 0.
          {
            fn: "slerp",
            args: [[0, 0, 0, 1], quat.fromAxisAngle([0, 0, 1], 1e-8), 0.5],
            label: "a = identity, b turned 1e-8 rad about z (a·b rounds to 1), t = ½",
          },
          ...SMALL_TURNS.map((angle): Call<typeof solution> => {
            const a = random.unitQuat(rng);
            return { fn: "slerp", args: [a, near(rng, a, angle), 0.5], label: `b = a turned ${angle} rad, t = ½` };
          }),
          // Random t below 3e-3 rad, where even a plain nlerp is off by < 1e-10 rad: this check is about length
          // (constant speed and the flip have their own checks; b stays on a's side).
          ...generated("slerp", 509, 12, (rng) => {
            const a = random.unitQuat(rng);
            return [a, near(rng, a, 3 * 10 ** random.uniform(rng, -8, -3)), random.uniform(rng, 0.2, 0.8)];
          }).map((c) => ({ ...c, label: `b = a turned 3e-8 … 3e-3 rad, t = ${c.args[2].toFixed(3)}` })),
        ];
      },
    },
    // Guards: the tie of the short-arc rule — the flip is for a·b < 0, so at a·b = 0 exactly (quaternions
    // of 0, ±½ and ±1, where no rounding decides) b is kept, as the stub's example shows.
    {
      name: "a·b = 0 exactly: b is kept",
      points: 1,
      comparison: { kind: "rotationQuat" },
      cases: () =>
        // At t = ½ only, where nlerp equals slerp: this check is about the tie alone.
        [
          ...EXACT_TIES.map(([a, b, label]): Call<typeof solution> => ({
            fn: "slerp",
            args: [a, b, 0.5],
            label: `${label}, t = ½`,
          })),
          ...generated("slerp", 510, 3, (rng) => [...randomTie(rng), 0.5] as [Quat, Quat, number]).map((c) => ({
            ...c,
            label: "entries 0, ±½, ±1 with a·b = 0 exactly, drawn at random, t = ½",
          })),
        ],
    },
    // Guards: Ω = 0 exactly (b = a, and b = −a after the flip): a unit result, no NaN.
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
