/**
 * Scalars: angle units, angle wrapping and the one tolerance rule of the course.
 *
 * Conventions used across `lib/`: angles are in **radians**; degrees appear only
 * in labels and in the two converters below. Two numbers are "close" when
 * `|a − b| ≤ atol + rtol·|b|` (see {@link approxEqual}); tests, checks and the
 * grader all use this rule so that "close" means the same thing everywhere.
 *
 * @module scalar
 */

/**
 * Default tolerance of the course, used as both the absolute and the relative
 * part of {@link approxEqual}. `1e-9` is a million times coarser than double
 * precision's `2.2e-16`: loose enough for a chain of a few dozen operations,
 * tight enough to catch a wrong sign, a wrong order or a lost digit.
 */
export const EPSILON = 1e-9;

/** A tolerance `|a − b| ≤ atol + rtol·|b|`: `atol` absolute, `rtol` relative to the expected value. */
export interface Tolerance {
  /** Absolute part, in the unit of the compared values. */
  readonly atol: number;
  /** Relative part, a fraction of `|b|`. */
  readonly rtol: number;
}

/** The course's default tolerance: `atol = rtol = EPSILON`. */
export const DEFAULT_TOLERANCE: Tolerance = { atol: EPSILON, rtol: EPSILON };

/** 2π, one full turn in radians. */
export const TAU = 2 * Math.PI;

/**
 * Converts degrees to radians.
 * @param angleDeg - An angle in degrees.
 * @returns The same angle in radians.
 * @example degToRad(180) === Math.PI
 */
export function degToRad(angleDeg: number): number {
  return angleDeg * (Math.PI / 180);
}

/**
 * Converts radians to degrees.
 * @param angleRad - An angle in radians.
 * @returns The same angle in degrees.
 * @example radToDeg(Math.PI / 2) === 90
 */
export function radToDeg(angleRad: number): number {
  return angleRad * (180 / Math.PI);
}

/**
 * Wraps an angle into (−π, π], the representative that is closest to zero.
 *
 * This is what makes "turn from −170° to 170°" a 20° turn rather than 340°:
 * wrap the *difference* of two angles before interpolating it.
 *
 * The remainder `θ mod 2π` is computed exactly by `%` (IEEE fmod has no
 * rounding error), and the final ±2π correction is exact too (Sterbenz), so
 * the result is the nearest double to the true wrapped angle, and wrapping is
 * idempotent: `wrapAngle(wrapAngle(θ)) === wrapAngle(θ)`. −π maps to +π.
 *
 * @param angleRad - Any finite angle, in radians.
 * @returns The equivalent angle in (−π, π], in radians.
 * @throws RangeError if `angleRad` is not finite (an infinite angle has no direction).
 * @example wrapAngle(degToRad(340)) // ≈ degToRad(-20)
 */
export function wrapAngle(angleRad: number): number {
  if (!Number.isFinite(angleRad)) {
    throw new RangeError(`scalar.wrapAngle: angleRad must be finite, got ${angleRad}`);
  }
  const r = angleRad % TAU; // in (−2π, 2π), exact
  if (r > Math.PI) return r - TAU;
  if (r <= -Math.PI) return r + TAU;
  return r;
}

/**
 * Whether `a` is within tolerance of the expected value `b`:
 * `|a − b| ≤ atol + rtol·|b|` — the one closeness rule of the course.
 *
 * Non-finite values are equal only when identical (`Infinity` to `Infinity`);
 * `NaN` is never close to anything.
 *
 * @param a - The value obtained.
 * @param b - The value expected (the relative part scales with `|b|`).
 * @param tol - The tolerance; defaults to {@link DEFAULT_TOLERANCE}.
 * @returns `true` when `a` is close to `b`.
 * @example approxEqual(0.1 + 0.2, 0.3) === true
 */
export function approxEqual(a: number, b: number, tol: Tolerance = DEFAULT_TOLERANCE): boolean {
  if (a === b) return true;
  return Math.abs(a - b) <= tol.atol + tol.rtol * Math.abs(b);
}

/**
 * The unnormalised sinc function `sin(x)/x`, with its limit 1 at `x = 0`.
 *
 * `Math.sin(x) / x` is accurate for every non-zero double (for tiny `x`,
 * `Math.sin(x)` is `x` to the last bit), so only `x = 0` needs its own answer.
 * It is what lets `quat.exp` and `quat.pow` pass through the identity without
 * a division by `sin 0`.
 *
 * @param x - Any real number (radians when it is an angle).
 * @returns `sin(x)/x`, or 1 at `x = 0`.
 * @example sinc(0) === 1
 */
export function sinc(x: number): number {
  return x === 0 ? 1 : Math.sin(x) / x;
}

/**
 * Clamps `x` into `[lo, hi]`.
 * @param x - The value.
 * @param lo - Lower bound.
 * @param hi - Upper bound (`hi ≥ lo`).
 * @returns `lo` if `x < lo`, `hi` if `x > hi`, else `x`.
 * @example clamp(1.0000001, -1, 1) === 1
 */
export function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}
