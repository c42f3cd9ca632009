/** Hinge projection and limits: the checks of exercises/10-inverse-kinematics/03-hinge-limits.ts. */

import { type Quat, type Vec3, quat, random } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/10-inverse-kinematics/03-hinge-limits.ts";
import { caseRng, deg, generated } from "../cases.ts";

/**
 * An angle from one atan2 of two dot products: ~1e-16 rad of rounding, 1e-15 through a matrix or the
 * blog's rotate-back product. 1e-12 rad leaves a wide margin and still catches a plain clamp (wrong by
 * a whole limit range) or a sign slip (wrong by 2π or by twice the angle).
 */
const ANGLE: Comparison = { kind: "numbers", atol: 1e-12, rtol: 0 };
const FREE: [number, number] = [-Math.PI, Math.PI];
const TURN = 2 * Math.PI;

type Args = [Quat, Vec3, [number, number]];
/** A rotation that is `twistDeg` about `axis` after a swing of `swingDeg` about an axis ⟂ it. */
const swungTwist = (rng: random.Rng, axis: Vec3, twistRad: number, swingRad: number): Quat => {
  const a = axis;
  const r = random.unitVector(rng);
  const perp = [r[1] * a[2] - r[2] * a[1], r[2] * a[0] - r[0] * a[2], r[0] * a[1] - r[1] * a[0]] as Vec3;
  return quat.multiply(quat.fromAxisAngle(perp, swingRad), quat.fromAxisAngle(a, twistRad));
};
/** Limits avoiding ±π exactly, so the answer never sits on the seam where −π and π are one angle. */
const randomTwist = (rng: random.Rng): number => random.uniform(rng, -3.1, 3.1);

/**
 * `n` turns about a random axis by a random angle, with random limits (min in [−π, π], a width of
 * 0.3 … 5.5 rad, so often one-sided or past ±π): inside about half the time, outside the other. Drawn
 * again when the angle is within 1e-6 rad of a limit or, outside, when the two limits are within 1e-6
 * rad of equally near (a tie either end answers).
 */
function limitedTwists(rng: random.Rng, n: number): { fn: "hingeAngle"; args: Args; label: string }[] {
  const out: { fn: "hingeAngle"; args: Args; label: string }[] = [];
  const gap = (x: number) => ((x % TURN) + TURN) % TURN; // going up from 0 to x, in [0, 2π)
  while (out.length < n) {
    const lo = random.uniform(rng, -Math.PI, Math.PI);
    const hi = lo + random.uniform(rng, 0.3, 5.5);
    const twist = randomTwist(rng);
    const axis = random.unitVector(rng);
    const past = gap(twist - hi); // how far past max, going up
    const short = gap(lo - twist); // how far short of min, going up
    const inside = gap(twist - lo) <= hi - lo;
    if (Math.min(past, short, TURN - past, TURN - short) < 1e-6) continue;
    if (!inside && Math.abs(past - short) < 1e-6) continue;
    const deg = (x: number) => `${((x * 180) / Math.PI).toFixed(1)}°`;
    out.push({
      fn: "hingeAngle",
      args: [quat.fromAxisAngle(axis, twist), axis, [lo, hi]],
      label: `${deg(twist)} with [${deg(lo)}, ${deg(hi)}]`,
    });
  }
  return out;
}

export default defineExercise<typeof solution>({
  title: "Hinge projection and limits",
  uses: ["vec3", "quat", "scalar"],
  hints: [
    "Normalize the axis to â. The twist of q = [x, y, z, w] about â is a rotation by θ = 2·atan2(q⃗·â, w) (q⃗ = [x, y, z]): the swing, about an axis ⟂ â, adds nothing to q⃗·â. The blog's 'rotate the current hinge axis back onto the parent's' gives the same rotation.",
    "q and −q are one rotation; flip q to w ≥ 0 first so θ lands in [−π, π]. At a half-turn swing, q⃗·â = 0 and w = 0: atan2(0, 0) is 0, but atan2(0, −0) is π — return 0 explicitly.",
    "For the limits, bring θ into [min, min + 2π) by adding whole turns. If it is ≤ max it is inside. Otherwise it has gone (θ − max) past max, or (min + 2π − θ) short of min the other way round: return the nearer limit. A plain clamp is wrong for one-sided limits: with [0°, 90°], −170° is 100° past 90° but 170° short of 0°.",
  ],
  checks: [
    // Guards: the twist angle 2·atan2(q⃗·â, w) of a pure turn, an axis of any length or reversed, and w = 0
    // exactly (a half turn about the hinge: π, where limits [−90°, 270°] hold π but not −π).
    {
      name: "a turn about the hinge reads back its angle",
      points: 1,
      comparison: ANGLE,
      cases: () => [
        { fn: "hingeAngle", args: [quat.fromAxisAngle([0, 0, 1], deg(90)), [0, 0, 1], FREE], label: "90° about z" },
        {
          fn: "hingeAngle",
          args: [quat.fromAxisAngle([1, 0, 0], deg(-130)), [2, 0, 0], FREE],
          label: "−130° about x (axis of length 2)",
        },
        {
          fn: "hingeAngle",
          args: [quat.fromAxisAngle([0, 1, 0], deg(30)), [0, -1, 0], FREE],
          label: "30° about y, hinge given as −y: −30°",
        },
        // w = 0 exactly, but q⃗·â = 1: a twist of 180°, no swing. Limits [−90°, 270°] hold π but not −π.
        {
          fn: "hingeAngle",
          args: [
            [0, 0, 1, 0],
            [0, 0, 1],
            [deg(-90), deg(270)],
          ],
          label: "exactly a half turn about the hinge z, [0, 0, 1, 0], limits [−90°, 270°]: 180°",
        },
        ...generated("hingeAngle", 1034, 4, (rng): Args => {
          const axis = random.unitVector(rng);
          const q = quat.fromAxisAngle(axis, randomTwist(rng));
          // The hinge given at another length, sometimes reversed (then the angle reads negated).
          const scale = (rng() < 0.5 ? -1 : 1) * random.uniform(rng, 0.2, 5);
          return [q, axis.map((x) => x * scale) as Vec3, FREE];
        }).map((c) => ({ ...c, label: "a random turn about a random hinge (any length, either way)" })),
      ],
    },
    // Guards: "keep only its twist" — swings up to 2.5 rad about an axis ⟂ the hinge add nothing.
    {
      name: "the swing is removed",
      points: 2,
      comparison: ANGLE,
      cases: () => {
        const rng = caseRng(1031);
        return Array.from({ length: 15 }, () => {
          const axis = random.unitVector(rng);
          const q = swungTwist(rng, axis, randomTwist(rng), random.uniform(rng, -2.5, 2.5));
          return { fn: "hingeAngle" as const, args: [q, axis, FREE] as Args };
        });
      },
    },
    // Guards: "q and −q … must give the same angle" (w < 0).
    {
      name: "q and −q give the same angle",
      points: 1,
      comparison: ANGLE,
      cases: () => {
        const rng = caseRng(1032);
        return Array.from({ length: 6 }, () => {
          const axis = random.unitVector(rng);
          const q = swungTwist(rng, axis, randomTwist(rng), random.uniform(rng, -1, 1));
          return {
            fn: "hingeAngle" as const,
            args: [q.map((x) => -x) as Quat, axis, FREE] as Args,
            label: "−q, w < 0",
          };
        });
      },
    },
    // Guards: inside "up to whole turns" returned in [min, max]; outside, the limit nearer around the circle;
    // the extremes of "min ≤ max ≤ min + 2π" (a locked hinge, a full circle). A tie is no promise (the stub
    // says either limit is right): limitedTwists keeps every case 1e-6 rad from one and from each limit.
    {
      name: "limits: the nearer end around the circle",
      points: 2,
      comparison: ANGLE,
      cases: () => [
        ...limitedTwists(caseRng(1033), 10),
        {
          fn: "hingeAngle",
          args: [quat.fromAxisAngle([1, 0, 0], deg(120)), [1, 0, 0], [deg(-90), deg(90)]],
          label: "120° with ±90°: 90°",
        },
        {
          fn: "hingeAngle",
          args: [quat.fromAxisAngle([1, 0, 0], deg(-170)), [1, 0, 0], [0, deg(90)]],
          label: "−170° with [0°, 90°]: 90° is nearer around the circle",
        },
        {
          fn: "hingeAngle",
          args: [quat.fromAxisAngle([1, 0, 0], deg(-20)), [1, 0, 0], [0, deg(90)]],
          label: "−20° with [0°, 90°]: 0°",
        },
        {
          fn: "hingeAngle",
          args: [quat.fromAxisAngle([0, 1, 0], deg(-100)), [0, 1, 0], [0, deg(270)]],
          label: "−100° with [0°, 270°]: inside, as 260°",
        },
        {
          fn: "hingeAngle",
          args: [quat.fromAxisAngle([0, 0, 1], deg(175)), [0, 0, 1], [deg(-150), deg(150)]],
          label: "175° with ±150°: 150°",
        },
        {
          fn: "hingeAngle",
          args: [quat.fromAxisAngle([0, 0, 1], deg(-179)), [0, 0, 1], [deg(-150), deg(150)]],
          label: "−179° with ±150°: −150°",
        },
        {
          fn: "hingeAngle",
          args: [quat.fromAxisAngle([0, 0, 1], deg(-100)), [0, 0, 1], [0, 2 * Math.PI]],
          label: "−100° with [0°, 360°] (the whole circle): inside, as 260°",
        },
        {
          fn: "hingeAngle",
          args: [quat.fromAxisAngle([0, 0, 1], deg(-100)), [0, 0, 1], [deg(30), deg(30)]],
          label: "−100° with [30°, 30°] (a locked hinge): 30°",
        },
      ],
    },
    // Guards: "when the swing is a half turn … return 0 there (the limits permitting)", w = ±0, not π or NaN,
    // and held to the limits when they exclude 0.
    {
      name: "a half-turn swing: angle 0, not π or NaN",
      points: 1,
      hidden: true,
      comparison: ANGLE,
      cases: () => [
        { fn: "hingeAngle", args: [[1, 0, 0, 0], [0, 0, 1], FREE], label: "a half turn about x, hinge z" },
        { fn: "hingeAngle", args: [[0, 1, 0, -0], [1, 0, 0], FREE], label: "a half turn about y (w = −0), hinge x" },
        {
          fn: "hingeAngle",
          args: [
            [Math.SQRT1_2, Math.SQRT1_2, 0, 0],
            [0, 0, 1],
            [deg(-90), deg(90)],
          ],
          label: "a half turn about (1, 1, 0), hinge z, ±90°",
        },
        {
          fn: "hingeAngle",
          args: [
            [1, 0, 0, 0],
            [0, 0, 1],
            [deg(30), deg(90)],
          ],
          label: "a half turn about x, hinge z, limits [30°, 90°]: 0 is held to 30°",
        },
      ],
    },
  ],
});
