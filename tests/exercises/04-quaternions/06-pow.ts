/** Powers of a rotation: the checks of exercises/04-quaternions/06-pow.ts. */

import { type Quat, quat, random } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/04-quaternions/06-pow.ts";
import { deg, generated, near, negate, one } from "../cases.ts";

/** A unit quaternion with w ≥ 0 (the form fromMatrix returns). */
const positiveW = (q: Quat): Quat => (q[3] < 0 ? negate(q) : q);

export default defineExercise<typeof solution>({
  title: "Powers of a rotation",
  uses: ["scalar", "vec3"],
  hints: [
    "Write q = (sin α · n, cos α): α = atan2(|v|, w) is half the rotation angle, n = v/|v|. Then q^t = (sin(tα) · n, cos(tα)).",
    "At the identity |v| = 0 and n = v/|v| is 0/0 = NaN — that is the blog's bug (it divides by sin α). The identity to any power is the identity: return it.",
    "Do not make w positive first: q and −q are the same rotation but −q goes round the other way (350° vs −10°), and their powers differ. q = −1 (w = −1, |v| = 0) is a 360° turn: q^t turns by 360°·t about any axis.",
  ],
  checks: [
    // Guards: "the same axis, t times the angle" (45°^(1/3) = 15°, t = 0, 1, 2).
    {
      name: "45° to the power 1/3 is 15° (the blog's example)",
      points: 2,
      comparison: { kind: "rotationQuat" },
      cases: () => [
        { fn: "pow", args: [quat.fromAxisAngle([0, 1, 0], deg(45)), 1 / 3], label: "45° about Y, t = 1/3" },
        {
          fn: "pow",
          args: [quat.fromAxisAngle([1, -2, 2], deg(45)), 1 / 3],
          label: "45° about (1, −2, 2), t = 1/3",
        },
        { fn: "pow", args: [quat.fromAxisAngle([0, 0, 1], deg(90)), 2], label: "90° about Z, t = 2" },
        { fn: "pow", args: [quat.fromAxisAngle([0, 0, 1], deg(90)), 0], label: "t = 0: the identity" },
        { fn: "pow", args: [quat.fromAxisAngle([0, 0, 1], deg(90)), 1], label: "t = 1: q itself" },
        // The same about random axes: 45°^(1/3) is 15°, 90°² is 180°.
        ...generated("pow", 463, 2, (rng) => [quat.fromAxisAngle(random.unitVector(rng), deg(45)), 1 / 3]).map((c) => ({
          ...c,
          label: "45° about a random axis, t = 1/3",
        })),
        ...generated("pow", 464, 1, (rng) => [quat.fromAxisAngle(random.unitVector(rng), deg(90)), 2]).map((c) => ({
          ...c,
          label: "90° about a random axis, t = 2",
        })),
      ],
    },
    // Guards: "the identity to any power is the identity" only at |v| = 0 exactly — a rotation 3e-8 … 1e-5 rad
    // from it is no identity: its power turns t times as far, to the usual 1e-9 rad (atan2(|v|, w) and
    // sin(tα)/|v| are accurate to ~1e-16 relative there). Returning the identity below an epsilon
    // (|v| < 1e-6) is off by |t|·θ ≥ 1.2e-8 rad, and α = acos(w) has lost most digits of α ≤ 5e-6.
    {
      name: "rotations next to the identity (3e-8 … 1e-5 rad)",
      points: 1,
      comparison: { kind: "rotationQuat", toleranceRad: 1e-9 },
      cases: () => [
        ...[
          [1e-7, 0.5],
          [1e-6, 2],
          [3e-8, -1.5],
          [1e-5, 1 / 3],
          // Where acos(w)'s rounding costs the most (α·t off by 1.9e-9 … 2.8e-9 rad), on every salt.
          [5e-8, 1.7],
          [4e-8, 0.9],
          [1e-7, 2],
        ].map(([angle, t]) => ({
          fn: "pow" as const,
          args: [quat.fromAxisAngle([1, 2, -2], angle!), t!] as [Quat, number],
          label: `${angle} rad about (1, 2, −2), t = ${Number(t!.toFixed(3))}`,
        })),
        ...generated("pow", 466, 6, (rng) => [
          positiveW(near(rng, one, 3 * 10 ** random.uniform(rng, -8, -6))),
          (rng() < 0.5 ? -1 : 1) * random.uniform(rng, 0.4, 2),
        ]).map((c) => ({ ...c, label: "3e-8 … 3e-6 rad about a random axis, |t| = 0.4 … 2" })),
      ],
    },
    // Guards: "pow(identity, t) is the identity, with no NaN" (|v| = 0 exactly).
    {
      name: "the identity to any power (no NaN)",
      points: 2,
      comparison: { kind: "rotationQuat" },
      cases: () =>
        [0.5, 1 / 3, 2, -1.5]
          .map((t) => ({ fn: "pow" as const, args: [one, t] as [Quat, number], label: `identity^${t.toPrecision(3)}` }))
          .concat(
            generated("pow", 465, 4, (rng) => [one, random.uniform(rng, -3, 3)]).map((c) => ({
              ...c,
              label: "identity^t, t random",
            })),
          ),
    },
    // Guards: "any real number" t (−2 … 2) on random rotations with w ≥ 0.
    {
      name: "random rotations and exponents",
      points: 2,
      comparison: { kind: "rotationQuat" },
      cases: () => generated("pow", 461, 20, (rng) => [positiveW(random.unitQuat(rng)), random.uniform(rng, -2, 2)]),
    },
    // Guards: "follow q's own arc: do not flip w" (w < 0), and q = −1 (no axis) at whole t.
    {
      name: "w < 0 follows q's own arc",
      points: 1,
      hidden: true,
      comparison: { kind: "rotationQuat" },
      cases: () => [
        ...generated("pow", 462, 10, (rng) => [negate(positiveW(random.unitQuat(rng))), random.uniform(rng, 0.1, 0.9)]),
        // q = −1 has no axis. Its powers turn by 360°·t about any axis, one answer only at whole t (q^t ≡ 1);
        // at t = 1/2 every half turn is right, which a comparison with one expected answer cannot accept.
        { fn: "pow", args: [[0, 0, 0, -1], 1], label: "q = −1 (a full turn), t = 1: no NaN" },
        { fn: "pow", args: [[0, 0, 0, -1], -2], label: "q = −1 (a full turn), t = −2: no NaN" },
      ],
    },
  ],
});
