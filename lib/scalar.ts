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
 * 2π split into three doubles, `2π = TAU + TAU_LOW + TAU_LOWEST + ε` with
 * |ε| < 2.3e-49: about 160 bits of 2π, enough to reduce any angle up to 1e15 rad
 * exactly (the double `TAU` alone is 2.45e-16 short of 2π, which is 3.9e-11 rad
 * after 10⁶ rad and 0.039 rad after 10¹⁵).
 */
const TAU_LOW = 2.4492935982947064e-16;
const TAU_LOWEST = -5.989539619436679e-33;

/** Above this, `wrapAngle` falls back to `%` by the double 2π (see its doc). */
const WRAP_EXACT_LIMIT = 1e300;

/**
 * Wraps an angle into (−π, π], the representative that is closest to zero.
 *
 * This is what makes "turn from −170° to 170°" a 20° turn rather than 340°:
 * wrap the *difference* of two angles before interpolating it.
 *
 * What it guarantees:
 *   - an angle already in (−π, π] (as doubles: `−Math.PI < θ ≤ Math.PI`) is
 *     returned unchanged, by one comparison — the fast path; −π maps to +π;
 *   - for |θ| ≤ 1e15 the result is within 1 ulp of the exact `θ − 2πk`
 *     (the true 2π, not the double `TAU`, which is 2.45e-16 short of it: `θ % TAU`
 *     would be off by 3.9e-11 at θ = 10⁶ and by 0.039 at 10¹⁵). It subtracts `k`
 *     times a three-double 2π (Cody–Waite style) with error-free products and sums;
 *     e.g. `wrapAngle(TAU)` is −2.449e-16, the distance from the double to the true 2π;
 *   - beyond 1e15 the same computation goes on, its absolute error growing like
 *     |θ|·2.3e-49 rad (1e-20 at θ = 1e29) — and past 1e300 it falls back to `θ % TAU`
 *     (where neighbouring doubles are ~1e284 rad apart, so no answer means much);
 *   - the result always lies in (−π, π] and wrapping is idempotent:
 *     `wrapAngle(wrapAngle(θ)) === wrapAngle(θ)`. A remainder that rounds to −π is
 *     returned as +π (the same angle, to half an ulp).
 *
 * @param angleRad - Any finite angle, in radians.
 * @returns The equivalent angle in (−π, π], in radians.
 * @throws RangeError if `angleRad` is not finite (an infinite angle has no direction).
 * @example wrapAngle(degToRad(340)) // ≈ degToRad(-20)
 */
export function wrapAngle(angleRad: number): number {
  if (angleRad > -Math.PI && angleRad <= Math.PI) return angleRad; // also false for NaN
  if (!Number.isFinite(angleRad)) {
    throw new RangeError(`scalar.wrapAngle: angleRad must be finite, got ${angleRad}`);
  }
  if (Math.abs(angleRad) > WRAP_EXACT_LIMIT) {
    const r = angleRad % TAU; // exact remainder by the double TAU, in (−2π, 2π)
    return r > Math.PI ? r - TAU : r <= -Math.PI ? r + TAU : r;
  }
  let turns = Math.round(angleRad / TAU); // the nearest whole number of turns, or one off
  for (;;) {
    const r = minusTurns(angleRad, turns);
    if (r > Math.PI) turns += 1;
    else if (r < -Math.PI) turns -= 1;
    else return r === -Math.PI ? Math.PI : r;
  }
}

/**
 * `θ − k·2π`, rounded once: `k·TAU` and `k·TAU_LOW` are formed exactly as
 * double-double products (Dekker), `θ − hi(k·TAU)` is exact (Sterbenz: the two
 * are within π of each other), and the five remaining terms are added with
 * error-free additions (two passes, Ogita–Rump–Oishi's Sum3).
 */
function minusTurns(angleRad: number, turns: number): number {
  const [h1, l1] = twoProduct(turns, TAU);
  const [h2, l2] = twoProduct(turns, TAU_LOW);
  const terms = [angleRad - h1, -h2, -l1, -l2, -turns * TAU_LOWEST];
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 1; i < terms.length; i++) {
      const [s, e] = twoSum(terms[i - 1]!, terms[i]!);
      terms[i] = s;
      terms[i - 1] = e;
    }
  }
  let sum = 0;
  for (const t of terms) sum += t;
  return sum;
}

/** `a + b` as `[s, e]` with `s = fl(a + b)` and `s + e = a + b` exactly (Knuth's TwoSum). */
function twoSum(a: number, b: number): [number, number] {
  const s = a + b;
  const bb = s - a;
  return [s, a - (s - bb) + (b - bb)];
}

/** `a·b` as `[p, e]` with `p = fl(a·b)` and `p + e = a·b` exactly (Dekker's TwoProduct, no FMA needed). */
function twoProduct(a: number, b: number): [number, number] {
  const p = a * b;
  const [ah, al] = split(a);
  const [bh, bl] = split(b);
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
}

/** Veltkamp's split of `a` into two 26-bit halves, `a = hi + lo` exactly. */
function split(a: number): [number, number] {
  const c = 134217729 * a; // 2²⁷ + 1
  const hi = c - (c - a);
  return [hi, a - hi];
}

/**
 * Throws unless `x` is a finite number: the guard the conversions put on
 * their angles, so that NaN or ∞ in gives a clear error, never a NaN out.
 * @param x - The value to check.
 * @param name - Function and argument, as the message should name them (`"quat.fromAxisAngle: angleRad"`).
 * @returns `x`, for use inline.
 * @throws RangeError `"<name> must be finite, got <x>"` for NaN, ∞ or −∞.
 * @example assertFinite(0.5, "f: angleRad") === 0.5
 */
export function assertFinite(x: number, name: string): number {
  if (!Number.isFinite(x)) throw new RangeError(`${name} must be finite, got ${x}`);
  return x;
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
