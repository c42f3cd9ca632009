/**
 * Powers of a quaternion about one axis (chapter 04, section 5): q^t turns by t times q's angle about
 * q's axis. For a turn about ±Y the angle can be read straight from q = (0, sin(θ/2), 0, cos(θ/2)).
 */

import { type Quat, scalar } from "../../lib/index.ts";

/** The signed angle about +Y of a rotation about ±Y, in degrees, in [0, 360); NaN for a quaternion with a NaN. */
export function turnAboutY(q: Readonly<Quat>): number {
  return q.some(Number.isNaN) ? Number.NaN : ((scalar.radToDeg(2 * Math.atan2(q[1], q[3])) % 360) + 360) % 360;
}

/** One point of the power plot: the angle (degrees about +Y) of `method`'s q^t. */
export interface PowerRow {
  t: number;
  angle: number;
  method: string;
}

/**
 * For t = 0, 0.02, …, 1: the angle about +Y of `base`^t as each of `methods` computes it (a method is
 * `(q, t) => q^t`, e.g. `quat.pow`), one row per method for each t, in the order the methods are given.
 */
export function powerCurves(
  base: Readonly<Quat>,
  methods: Readonly<Record<string, (q: Readonly<Quat>, t: number) => Quat>>,
): PowerRow[] {
  return Array.from({ length: 51 }, (_, i) => i / 50).flatMap((t) =>
    Object.entries(methods).map(([method, pow]) => ({ t, angle: turnAboutY(pow(base, t)), method })),
  );
}
