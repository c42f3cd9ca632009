/**
 * Fitting a line and a plane to points by orthogonal regression: minimize the
 * sum of squared *perpendicular* distances (unlike `y = ax + b` least
 * squares, the answer turns with the points when they are rotated).
 *
 * Both fits pass through the centroid `c`. About it, the scatter matrix
 * `S = Σ (pᵢ − c)(pᵢ − c)ᵀ` measures the spread: `dᵀ S d` is the sum of
 * squared distances along a unit direction `d`, and the squared distances
 * *to* the line through `c` along `d` sum to `tr S − dᵀ S d`. So
 * - the best line runs along the top eigenvector of `S` (largest `dᵀSd`),
 *   found here by power iteration `d ← S d / |S d|`, which converges at the
 *   rate `λ₂/λ₁` per step (the blog's "no analytic solution" means no
 *   closed form that avoids an eigenproblem; the 3×3 eigenproblem itself is
 *   small and solved exactly by `decompose.symmetricEigen`);
 * - the best plane has the bottom eigenvector as its normal (smallest
 *   `nᵀSn`, the sum of squared distances to the plane).
 *
 * The trap of power iteration (chapter 09, fact 9.3): a start `d` with
 * `S d = 0` — e.g. (0, 1, 0) for points along x — makes the first update
 * the zero vector, NaN after normalizing; a start exactly at right angles to
 * the top eigenvector converges to the wrong axis. A start taken from the
 * scatter's largest column never collapses (`S·(S eⱼ) ≠ 0` whenever
 * `S eⱼ ≠ 0`), and {@link fitLine} checks its answer against the plane at
 * right angles to it.
 *
 * Conventions: points are `Vec3` tuples, `Mat3` column-major; inputs are
 * never changed; an empty list or a non-finite coordinate throws a
 * `RangeError` naming the function and the argument.
 *
 * @module fit
 */

import { symmetricEigen } from "./decompose.ts";
import type { Mat3 } from "./mat3.ts";
import { type Vec3, assertPoints, cross, normalize, orthogonal } from "./vec3.ts";

/** The result of {@link scatter}. */
export interface Scatter {
  /** The centroid (mean) of the points. */
  centroid: Vec3;
  /** `Σ (pᵢ − c)(pᵢ − c)ᵀ`, symmetric positive semidefinite, column-major, in the points' unit squared. */
  matrix: Mat3;
}

/**
 * The centroid `c` of the points and their scatter matrix
 * `S = Σ (pᵢ − c)(pᵢ − c)ᵀ` (a sum, not a mean: `n` times the covariance).
 * `S`'s eigenvalues are the sums of squared spreads along its eigenvectors.
 *
 * Edge cases: a single point, or coincident points, give `S = 0`; collinear
 * points give a rank-1 `S`; coplanar points a rank-2 `S`.
 *
 * @param points - At least one point, finite coordinates (any length unit).
 * @returns `{centroid, matrix}`.
 * @throws RangeError `"fit.scatter: points is empty …"` or for a non-finite coordinate.
 * @example scatter([[0, 0, 0], [2, 0, 0]]).matrix // → [2, 0, 0, 0, 0, 0, 0, 0, 0]
 */
export function scatter(points: readonly Readonly<Vec3>[]): Scatter {
  assertPoints(points, "fit.scatter: points");
  return scatterOf(points);
}

function scatterOf(points: readonly Readonly<Vec3>[]): Scatter {
  let cx = 0,
    cy = 0,
    cz = 0;
  for (const p of points) {
    cx += p[0];
    cy += p[1];
    cz += p[2];
  }
  const n = points.length;
  const c: Vec3 = [cx / n, cy / n, cz / n];
  let xx = 0,
    xy = 0,
    xz = 0,
    yy = 0,
    yz = 0,
    zz = 0;
  for (const p of points) {
    const x = p[0] - c[0],
      y = p[1] - c[1],
      z = p[2] - c[2];
    xx += x * x;
    xy += x * y;
    xz += x * z;
    yy += y * y;
    yz += y * z;
    zz += z * z;
  }
  return { centroid: c, matrix: [xx, xy, xz, xy, yy, yz, xz, yz, zz] };
}

/** `m·v` for a column-major matrix. */
function apply(m: Readonly<Mat3>, v: Readonly<Vec3>): Vec3 {
  return [
    m[0] * v[0] + m[3] * v[1] + m[6] * v[2],
    m[1] * v[0] + m[4] * v[1] + m[7] * v[2],
    m[2] * v[0] + m[5] * v[1] + m[8] * v[2],
  ];
}

/**
 * One step of power iteration, `S d / |S d|`: the next estimate of the top
 * eigenvector of a symmetric positive semidefinite `S` (the blog's
 * `nextDirection += dot(centeredPoint, direction) * centeredPoint`, summed
 * over the points, is exactly `S d`). For such `S` the result is in `d`'s
 * hemisphere (`d·S d ≥ 0`).
 * @param s - A symmetric positive semidefinite matrix, e.g. `scatter(points).matrix`.
 * @param d - The current direction (any non-zero length).
 * @returns The next unit direction.
 * @throws RangeError `"fit.powerStep: S·d is the zero vector …"` when `d` is in the null space of `S`
 *   (the naive update that would be NaN after normalizing, fact 9.3), or for a zero or non-finite `d`.
 * @example powerStep([2, 0, 0, 0, 1, 0, 0, 0, 0], [1, 1, 0]) // ≈ [0.894, 0.447, 0]
 */
export function powerStep(s: Readonly<Mat3>, d: Readonly<Vec3>): Vec3 {
  const next = apply(s, normalize(d, "fit.powerStep: d"));
  if (next[0] === 0 && next[1] === 0 && next[2] === 0) {
    throw new RangeError(
      `fit.powerStep: S·d is the zero vector for d = [${d.join(", ")}]: d is at right angles to every point`,
    );
  }
  return normalize(next, "fit.powerStep: S·d");
}

/** Options of {@link fitLine}. */
export interface FitLineOptions {
  /** Largest number of power steps; default 500. */
  maxIterations?: number;
  /** Stop when a step moves the direction by at most this (|dₖ₊₁ − dₖ|, ≈ radians); default 1e-12. */
  tolerance?: number;
  /** Initial direction (any non-zero length); default the scatter matrix's largest column. */
  start?: Vec3;
}

/** The result of {@link fitLine}: the line `point + t·direction`. */
export interface LineFit {
  /** A point on the line: the centroid. */
  point: Vec3;
  /** The unit direction of the line (the top eigenvector of the scatter matrix). */
  direction: Vec3;
  /** Power steps taken. */
  iterations: number;
  /** Whether the step fell to `tolerance` within `maxIterations`. */
  converged: boolean;
}

/**
 * The line that best fits the points (least squares on perpendicular
 * distances): through the centroid, along the top eigenvector of the
 * scatter matrix, found by power iteration `d ← S d / |S d|`. The error
 * shrinks by `λ₂/λ₁` per step (two eigenvalues of `S`), so elongated clouds
 * converge in a few steps and round ones slowly.
 *
 * Guards (fact 9.3): the default start is the largest column of `S`, which
 * `S` never maps to zero. A given `start` with `S·start = 0` is replaced by
 * that column. After convergence the answer is checked against the best
 * direction in the plane at right angles to it; if that plane holds a larger
 * spread (the start was exactly at right angles to the true axis, where the
 * iteration stands still), iteration resumes from there.
 *
 * Edge cases: all points coincident (or a single point) — every line through
 * the point fits; the direction `[1, 0, 0]` is returned with 0 iterations.
 * Two equal top eigenvalues (a round, flat cloud) — every direction in that
 * plane fits equally well; one of them is returned, possibly with
 * `converged: false`. The direction's sign is the start's hemisphere.
 *
 * @param points - At least one point, finite coordinates (any length unit).
 * @param opts - `maxIterations` (default 500), `tolerance` (default 1e-12), `start` (default the largest scatter column).
 * @returns `{point, direction, iterations, converged}`.
 * @throws RangeError for an empty list, a non-finite coordinate, a zero or non-finite `start`, a negative or
 *   non-integer `maxIterations` or a `tolerance` that is not positive and finite — naming the argument.
 * @example fitLine([[0, 0, 0], [1, 1, 0], [2, 2, 0]]).direction // ≈ [0.7071, 0.7071, 0]
 */
export function fitLine(points: readonly Readonly<Vec3>[], opts: FitLineOptions = {}): LineFit {
  assertPoints(points, "fit.fitLine: points");
  const maxIterations = opts.maxIterations ?? 500;
  if (!Number.isInteger(maxIterations) || maxIterations < 0) {
    throw new RangeError(`fit.fitLine: opts.maxIterations must be a non-negative integer, got ${maxIterations}`);
  }
  const tolerance = opts.tolerance ?? 1e-12;
  if (!(tolerance > 0) || !Number.isFinite(tolerance)) {
    throw new RangeError(`fit.fitLine: opts.tolerance must be a positive finite number, got ${tolerance}`);
  }
  const start = opts.start === undefined ? undefined : normalize(opts.start, "fit.fitLine: opts.start");
  const { centroid, matrix } = scatterOf(points);
  let big = 0;
  for (const x of matrix) big = Math.max(big, Math.abs(x));
  if (big === 0) return { point: centroid, direction: [1, 0, 0], iterations: 0, converged: true };
  const k = 2 ** -Math.round(Math.log2(big)); // exact rescale: the direction does not depend on it
  const s = matrix.map((x) => x * k) as Mat3;
  const guard = largestColumn(s);
  let d = start ?? guard;
  let iterations = 0;
  let converged = false;
  for (let check = 0; check < 3; check++) {
    while (iterations < maxIterations) {
      let next = apply(s, d);
      let len = Math.hypot(next[0], next[1], next[2]);
      if (!(len > 1e-300)) {
        d = guard; // the naive update collapsed (S·d = 0): restart from the largest column
        next = apply(s, d);
        len = Math.hypot(next[0], next[1], next[2]);
      }
      const dn: Vec3 = [next[0] / len, next[1] / len, next[2] / len];
      const moved = Math.hypot(dn[0] - d[0], dn[1] - d[1], dn[2] - d[2]);
      d = dn;
      iterations++;
      if (moved <= tolerance) {
        converged = true;
        break;
      }
    }
    if (!converged) break;
    const better = betterAtRightAngles(s, d);
    if (!better) break;
    d = better;
    converged = false;
  }
  return { point: centroid, direction: d, iterations, converged };
}

/** The unit column of `s` with the largest length (the first on ties); `s` is not zero. */
function largestColumn(s: Readonly<Mat3>): Vec3 {
  let best = 0,
    bestLen = -1;
  for (let j = 0; j < 3; j++) {
    const len = Math.hypot(s[3 * j]!, s[3 * j + 1]!, s[3 * j + 2]!);
    if (len > bestLen) {
      best = j;
      bestLen = len;
    }
  }
  return normalize([s[3 * best]!, s[3 * best + 1]!, s[3 * best + 2]!]);
}

/**
 * The top eigenvector of `s` restricted to the plane ⟂ `d`, if its spread
 * exceeds `dᵀ s d` (then `d` is not the top eigenvector); else undefined.
 */
function betterAtRightAngles(s: Readonly<Mat3>, d: Readonly<Vec3>): Vec3 | undefined {
  const sd = apply(s, d);
  const lambda = d[0] * sd[0] + d[1] * sd[1] + d[2] * sd[2];
  const e = orthogonal(d);
  const f = cross(d, e);
  const se = apply(s, e);
  const sf = apply(s, f);
  const a = e[0] * se[0] + e[1] * se[1] + e[2] * se[2];
  const b = e[0] * sf[0] + e[1] * sf[1] + e[2] * sf[2];
  const c = f[0] * sf[0] + f[1] * sf[1] + f[2] * sf[2];
  const half = (a - c) / 2;
  const mu = (a + c) / 2 + Math.hypot(half, b);
  if (!(mu > lambda * (1 + 1e-9))) return undefined;
  // Eigenvector (x, y) of [[a, b], [b, c]] for μ: (b, μ − a) or (μ − c, b), whichever is longer.
  const [x, y] = Math.hypot(b, mu - a) >= Math.hypot(mu - c, b) ? [b, mu - a] : [mu - c, b];
  return normalize([x * e[0] + y * f[0], x * e[1] + y * f[1], x * e[2] + y * f[2]]);
}

/** The result of {@link fitPlane}: the plane through `point` with unit `normal`. */
export interface PlaneFit {
  /** A point on the plane: the centroid. */
  point: Vec3;
  /** The unit normal (the bottom eigenvector of the scatter matrix), its largest |component| positive. */
  normal: Vec3;
}

/**
 * The plane that best fits the points (least squares on perpendicular
 * distances): through the centroid, with the scatter matrix's bottom
 * eigenvector as its normal (`decompose.symmetricEigen`, exact to roundoff —
 * what the blog's alternating power iteration and Gram–Schmidt converge to).
 *
 * Edge cases: collinear points lie in every plane containing their line; the
 * normal is one unit vector at right angles to the line. Coincident points
 * (or one point) lie in every plane through them; the normal is `[0, 0, 1]`.
 * Three or more points on a plane give its exact normal. The sign is fixed so
 * that the normal's largest |component| is positive.
 *
 * @param points - At least one point, finite coordinates (any length unit).
 * @returns `{point, normal}`.
 * @throws RangeError `"fit.fitPlane: points is empty …"` or for a non-finite coordinate.
 * @example fitPlane([[0, 0, 1], [1, 0, 1], [0, 1, 1], [1, 1, 1]]).normal // → [0, 0, 1]
 */
export function fitPlane(points: readonly Readonly<Vec3>[]): PlaneFit {
  assertPoints(points, "fit.fitPlane: points");
  const { centroid, matrix } = scatterOf(points);
  const { vectors } = symmetricEigen(matrix);
  let n: Vec3 = [vectors[6], vectors[7], vectors[8]];
  const ax = Math.abs(n[0]),
    ay = Math.abs(n[1]),
    az = Math.abs(n[2]);
  const lead = ax >= ay && ax >= az ? n[0] : ay >= az ? n[1] : n[2];
  if (lead < 0) n = [-n[0], -n[1], -n[2]];
  return { point: centroid, normal: n };
}
