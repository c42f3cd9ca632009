/**
 * Chapter 05, sections 1, 2 and 7: four ways from one rotation to another, measured by the one thing the
 * eye notices — how fast the object turns.
 *
 * The pair is fixed: a start `a` (0.3 rad about X) and an end `b`, `a` turned by a chosen total angle about
 * the axis (0.3, 1, −0.2). Slerp walks the great circle of the 4D sphere at constant speed; nlerp walks the
 * chord and speeds up in the middle by 1/cos²(θ/4); the two Euler lerps blend three angles and depend on the
 * axis order. A speed is divided by the total angle, so a path that turns evenly sits at 1.
 */

import { type Quat, euler, interpolate, quat, random, scalar, vec3 } from "../../lib/index.ts";
import { palette } from "./palette.ts";

/** The four methods the chapter compares, in the order of its legend. */
export const TWO_KEY_METHODS = ["slerp", "nlerp (= lerp, normalized)", "Euler lerp, XYZ", "Euler lerp, ZYX"] as const;
export type TwoKeyMethod = (typeof TWO_KEY_METHODS)[number];

/** Each method's colour, the same in the chart and in the 3D view. */
export const TWO_KEY_CSS: Record<TwoKeyMethod, string> = {
  slerp: palette.blue,
  "nlerp (= lerp, normalized)": palette.amber,
  "Euler lerp, XYZ": palette.red,
  "Euler lerp, ZYX": palette.violet,
};

/** The two keys: `start` is 0.3 rad about X, `end` is `start` turned by `totalDeg` about (0.3, 1, −0.2). */
export function twoKeyEnds(totalDeg: number): { start: Quat; end: Quat } {
  const start = quat.fromAxisAngle([1, 0, 0], 0.3);
  const end = quat.multiply(quat.fromAxisAngle(vec3.normalize([0.3, 1, -0.2]), scalar.degToRad(totalDeg)), start);
  return { start, end };
}

/**
 * Each method as a path `t ↦ rotation` from `start` to `end`. The Euler paths lerp each angle, with the end
 * triple unwrapped so that no angle moves by more than 180°.
 */
export function twoKeyPaths(start: Readonly<Quat>, end: Readonly<Quat>): Record<TwoKeyMethod, (t: number) => Quat> {
  const eulerPath = (order: "XYZ" | "ZYX") => {
    const [from, to] = interpolate.unwrapEulerKeys([euler.fromQuat(start, order), euler.fromQuat(end, order)]);
    return (t: number) => interpolate.eulerLerp(from!, to!, t, order);
  };
  return {
    slerp: (t) => interpolate.slerp(start, end, t),
    "nlerp (= lerp, normalized)": (t) => interpolate.nlerp(start, end, t),
    "Euler lerp, XYZ": eulerPath("XYZ"),
    "Euler lerp, ZYX": eulerPath("ZYX"),
  };
}

/** One sample of a speed profile: the angular speed ÷ the total angle at parameter `t`. */
export interface SpeedRow {
  t: number;
  speed: number;
  method: TwoKeyMethod;
}

/** The speed profile of every method over `steps` intervals of t, divided by the total angle (1 = even). */
export function twoKeySpeedRows(
  paths: Record<TwoKeyMethod, (t: number) => Quat>,
  totalDeg: number,
  steps = 1000,
): SpeedRow[] {
  return TWO_KEY_METHODS.flatMap((method) =>
    interpolate
      .angularSpeeds(interpolate.sampleRotationPath(paths[method], steps))
      .map((s) => ({ t: s.t, speed: s.speed / scalar.degToRad(totalDeg), method })),
  );
}

/** A method's fastest/slowest speed ratio and the angle it turns through in all (degrees). */
export interface SpeedSummary {
  method: TwoKeyMethod;
  ratio: number;
  turnedDeg: number;
}

/** Sums up {@link twoKeySpeedRows} per method (same `steps`): slerp and nlerp turn by exactly `totalDeg`. */
export function twoKeySummary(rows: readonly SpeedRow[], totalDeg: number, steps = 1000): SpeedSummary[] {
  return TWO_KEY_METHODS.map((method) => {
    const own = rows.filter((r) => r.method === method);
    const speeds = own.map((r) => ({ t: r.t, speed: r.speed }));
    return {
      method,
      ratio: interpolate.speedRatio(speeds),
      turnedDeg: totalDeg * own.reduce((sum, r) => sum + r.speed / steps, 0),
    };
  });
}

/** Fact 5.1: the fastest/slowest ratio of `path` between the chapter's two keys, over 1000 steps. */
export function twoKeySpeedRatio(totalDeg: number, path: (a: Quat, b: Quat, t: number) => Quat): number {
  const { start, end } = twoKeyEnds(totalDeg);
  const samples = interpolate.sampleRotationPath((t) => path(start, end, t), 1000);
  return interpolate.speedRatio(interpolate.angularSpeeds(samples));
}

/** What facts 5.2–5.4 measure over random pairs (see {@link slerpPairFacts}). */
export interface SlerpPairFacts {
  /** Largest turn a → slerp midpoint → b minus π (≤ 0: never the long way). */
  excess: number;
  /** Largest |angle(a, midpoint) − angle(a, b)/2| (rad): the midpoint is halfway. */
  halfError: number;
  /** slerp(q, q, t) is exactly q, with no NaN, for every pair's q and t. */
  fixedPoint: boolean;
  /** wrapAngle of angles up to ±10⁹ rad lands in (−π, π] and is idempotent. */
  wrapped: boolean;
}

/** Facts 5.2–5.4 over `count` random pairs (a, b) and parameters t from the seeded generator `seed`. */
export function slerpPairFacts(seed: number, count: number): SlerpPairFacts {
  const rng = random.seeded(seed);
  const pairs = Array.from({ length: count }, () => [random.unitQuat(rng), random.unitQuat(rng), rng()] as const);
  const excess = Math.max(
    ...pairs.map(([a, b]) => {
      const mid = interpolate.slerp(a, b, 0.5);
      return quat.angleBetween(a, mid) + quat.angleBetween(mid, b) - Math.PI;
    }),
  );
  const halfError = Math.max(
    ...pairs.map(([a, b]) =>
      Math.abs(quat.angleBetween(a, interpolate.slerp(a, b, 0.5)) - quat.angleBetween(a, b) / 2),
    ),
  );
  const fixedPoint = pairs.every(([a, , t]) => {
    const q = interpolate.slerp(a, a, t);
    return q.every((x, i) => x === a[i] && Number.isFinite(x));
  });
  const wrapped = pairs
    .map(([, , t]) => scalar.wrapAngle((t - 0.5) * 2e9))
    .every((w) => w > -Math.PI && w <= Math.PI && scalar.wrapAngle(w) === w);
  return { excess, halfError, fixedPoint, wrapped };
}
