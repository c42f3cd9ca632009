/** Detecting gimbal lock: the checks of exercises/02-euler-angles/03-detect-gimbal-lock.ts. */

import { type EulerAngles, type EulerOrder, random, scalar } from "../../../lib/index.ts";
import { type Call, type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/02-euler-angles/03-detect-gimbal-lock.ts";
import { ORDERS, caseRng, deg, generated, randomAngles } from "../cases.ts";

/**
 * A distance in radians, relative to its size: 1e-8 rad from lock must read 1e-8 (acos(|sin b|) reads 0
 * there), while π/2 from lock may be off by 1.6e-7 (asin(|cos b|) loses √ε ≈ 1.5e-8 at that far end).
 */
const DISTANCE = { kind: "numbers", atol: 1e-12, rtol: 1e-7 } satisfies Comparison;
const EXACT = { kind: "exact" } satisfies Comparison;

type Case = Call<typeof solution>;

/** isGimbalLock at tolerance 1e-9 for `[0.3, middle, 1]`, labelled by order and middle angle. */
const locked = (order: EulerOrder, middle: number, label = `${scalar.radToDeg(middle).toFixed(0)}°`): Case => ({
  fn: "isGimbalLock",
  args: [[0.3, middle, 1], order, 1e-9],
  label: `${order}, middle ${label}, tolerance 1e-9`,
});

const distance = (order: EulerOrder, middle: number, label: string): Case => ({
  fn: "lockDistance",
  args: [[0, middle, 0], order],
  label: `${order}, middle ${label}`,
});

/**
 * `n` isGimbalLock cases at tolerance 1e-9 for random orders of one kind, random outer angles and a
 * middle angle on a random lock of that kind (`locks`, radians) plus a random number of whole turns:
 * half of them within 1e-10 rad of it (locked, 10× inside the tolerance), half 1e-7 … 0.3 rad from it.
 */
function lockedAtRandom(seed: number, n: number, orders: readonly EulerOrder[], locks: readonly number[]): Case[] {
  const rng = caseRng(seed);
  return Array.from({ length: n }, (_, k): Case => {
    const order = orders[Math.floor(rng() * orders.length)]!;
    const lock = locks[Math.floor(rng() * locks.length)]! + 2 * Math.PI * (Math.floor(rng() * 5) - 2);
    const sign = rng() < 0.5 ? -1 : 1;
    const off = sign * (k % 2 === 0 ? random.uniform(rng, 0, 1e-10) : 10 ** random.uniform(rng, -7, -0.5));
    const [a, , c] = randomAngles(rng);
    return {
      fn: "isGimbalLock",
      args: [[a, lock + off, c], order, 1e-9],
      label: `${order}, middle ${scalar.radToDeg(lock).toFixed(0)}° ${sign < 0 ? "−" : "+"} ${Math.abs(off).toExponential(1)} rad, tolerance 1e-9`,
    };
  });
}

const PROPER = ORDERS.filter((o) => o[0] === o[2]);
const TAIT_BRYAN = ORDERS.filter((o) => o[0] !== o[2]);

export default defineExercise<typeof solution>({
  title: "Detecting gimbal lock",
  uses: ["scalar"],
  hints: [
    "Tait–Bryan orders (three different letters) lock where cos(middle) = 0; proper Euler orders (first letter = last) where sin(middle) = 0. order[0] === order[2] tells them apart.",
    "The distance from b to the nearest zero of cos b is asin(|cos b|) — accurate near lock, where it matters — not acos(|sin b|), which reads |sin b| = 1 and returns 0 for b 1e-8 from lock. atan2(|cos b|, |sin b|) is accurate everywhere and needs no wrapping of b.",
    "isGimbalLock is then one comparison: lockDistance(angles, order) <= toleranceRad (≤, so a tolerance of 0 still accepts an exact lock).",
  ],
  checks: [
    // Guards: Tait–Bryan orders lock at ±90°, at the edge (90° + 1e-12, 90° − 1e-8 with a 1e-9 tolerance), and not
    // at 0°, 45°, 180°.
    {
      name: "Tait–Bryan orders lock at ±90°",
      points: 2,
      comparison: EXACT,
      cases: () => [
        locked("XYZ", deg(90)),
        locked("ZYX", deg(-90)),
        locked("YXZ", deg(90) + 1e-12, "90° + 1e-12 rad"),
        locked("XZY", deg(90) - 1e-8, "90° − 1e-8 rad"),
        locked("XYZ", deg(45)),
        locked("ZXY", 0),
        locked("YZX", deg(180)),
        ...lockedAtRandom(301, 4, TAIT_BRYAN, [Math.PI / 2, -Math.PI / 2]),
      ],
    },
    // Guards: proper Euler orders lock at 0° and ±180°, at the edge (1e-12, 1e-8 from 0), and not at ±90°, 30°.
    {
      name: "proper Euler orders lock at 0° and 180°",
      points: 2,
      comparison: EXACT,
      cases: () => [
        locked("ZXZ", 0),
        locked("ZYZ", deg(180)),
        locked("XYX", deg(-180)),
        locked("YXY", 1e-12, "1e-12 rad"),
        locked("ZYZ", 1e-8, "1e-8 rad"),
        locked("ZXZ", deg(90)),
        locked("YZY", deg(-90)),
        locked("XZX", deg(30)),
        ...lockedAtRandom(302, 4, PROPER, [0, Math.PI, -Math.PI]),
      ],
    },
    // Guards: lockDistance in [0, π/2], to 1e-7 of itself: 1e-8, 3e-6 and 1e-9 rad from lock (where acos(|sin b|)
    // reads 0), and 270°, −200° ("270° is −90°") for all 12 orders.
    {
      name: "distance to lock, all orders",
      points: 3,
      comparison: DISTANCE,
      cases: () => [
        distance("XYZ", deg(60), "60° (30° from lock)"),
        distance("ZXZ", deg(60), "60° (60° from lock)"),
        distance("ZYX", deg(270), "270° (= −90°: locked)"),
        distance("YZY", deg(-200), "−200° (20° from 180°)"),
        distance("XYZ", deg(90) - 1e-8, "90° − 1e-8 rad"),
        distance("YXZ", deg(-90) + 3e-6, "−90° + 3e-6 rad"),
        distance("ZYZ", deg(180) + 1e-9, "180° + 1e-9 rad"),
        ...ORDERS.flatMap((order, i) =>
          generated("lockDistance", 281 + i, 2, (rng): [EulerAngles, EulerOrder] => [randomAngles(rng), order]).map(
            (c) => ({ ...c, label: order }),
          ),
        ),
      ],
    },
    // Guards: "angles may lie outside (−180°, 180°]" (450°, −270°, 540°, 720° + 0.01) and the rule "true when
    // lockDistance <= toleranceRad" (1e-3 against 1e-2 and 1e-4; exactly 0 against a tolerance of 0).
    {
      name: "angles beyond ±180° and the tolerance",
      points: 1,
      hidden: true,
      comparison: EXACT,
      cases: () => [
        { fn: "isGimbalLock", args: [[0, deg(450), 0], "XYZ", 1e-9], label: "XYZ, middle 450°" },
        { fn: "isGimbalLock", args: [[0, deg(-270), 0], "ZXY", 1e-9], label: "ZXY, middle −270°" },
        { fn: "isGimbalLock", args: [[0, deg(540), 0], "ZXZ", 1e-9], label: "ZXZ, middle 540°" },
        { fn: "isGimbalLock", args: [[0, deg(720) + 0.01, 0], "ZXZ", 1e-9], label: "ZXZ, middle 720° + 0.01 rad" },
        {
          fn: "isGimbalLock",
          args: [[0, deg(90) - 1e-3, 0], "XYZ", 1e-2],
          label: "XYZ, 1e-3 rad from lock, tolerance 1e-2",
        },
        {
          fn: "isGimbalLock",
          args: [[0, deg(90) - 1e-3, 0], "XYZ", 1e-4],
          label: "XYZ, 1e-3 rad from lock, tolerance 1e-4",
        },
        {
          fn: "isGimbalLock",
          args: [[0, deg(180) + 1e-3, 0], "YXY", 1e-2],
          label: "YXY, 1e-3 rad from lock, tolerance 1e-2",
        },
        {
          fn: "isGimbalLock",
          args: [[0, deg(180) + 1e-3, 0], "YXY", 1e-4],
          label: "YXY, 1e-3 rad from lock, tolerance 1e-4",
        },
        { fn: "isGimbalLock", args: [[0.5, 0, -2], "XZX", 0], label: "XZX, middle exactly 0, tolerance 0" },
      ],
    },
  ],
});
