/**
 * The best rigid motion between two matched point sets (Kabsch 1976), with
 * optional weights and Umeyama's (1991) uniform scale.
 *
 * Given points `pᵢ` (`from`) and `qᵢ` (`to`) matched by index, find the
 * rotation `R`, translation `t` and (optionally) scale `s` minimizing
 * `Σ wᵢ |s·R·pᵢ + t − qᵢ|²`:
 *
 * 1. the translation only has to match the centroids, `t = q̄ − s·R·p̄`;
 * 2. with the centred points, `Σ wᵢ qᵢ·R pᵢ = tr(Rᵀ·A)` for
 *    `A = Σ wᵢ (qᵢ − q̄)(pᵢ − p̄)ᵀ = Hᵀ`, the transpose of the
 *    cross-covariance `H = Σ wᵢ (pᵢ − p̄)(qᵢ − q̄)ᵀ`;
 * 3. so `R` is the rotation nearest `A`, its polar rotation
 *    (`decompose.polarRotation`): `R = U·diag(1, 1, det(UVᵀ))·Vᵀ`. Without
 *    the sign the answer would be a reflection whenever the two sets are
 *    mirror images (chapter 08, fact 8.2);
 * 4. Umeyama's scale: `s = tr(Rᵀ·A) / Σ wᵢ |pᵢ − p̄|²`.
 *
 * Conventions: points are `Vec3` tuples, `Quat = [x, y, z, w]`, `Mat3`
 * column-major. Inputs are never changed. Bad input throws a `RangeError`
 * naming the function and the argument: empty or mismatched point lists,
 * non-finite coordinates, weights that are negative, non-finite or all zero.
 *
 * @module kabsch
 */

import { svd } from "./decompose.ts";
import { type Mat3, determinant } from "./mat3.ts";
import { type Quat, fromMat3 as quatFromMat3, fromTwoVectors, toMat3 as quatToMat3 } from "./quat.ts";
import { type Vec3, assertPoints } from "./vec3.ts";

/**
 * The narrowest width, relative to its length, at which a point set still counts as more than a line:
 * `√(s₁/s₀) > LINE_WIDTH`. The singular values of the cross-covariance are squared lengths, and rounding
 * moves them by about `ε·s₀` (ε = 2.2e-16), i.e. by a width of `√ε ≈ 1.5e-8` of the length: a set narrower
 * than a few times that is a line as far as the arithmetic can tell. 1e-7 keeps a factor of ~7 above it.
 */
const LINE_WIDTH = 1e-7;

/** The weights (all 1 when absent) after checking them; their sum is positive. */
function checkedWeights(weights: readonly number[] | undefined, n: number, name: string): readonly number[] {
  if (weights === undefined) return new Array<number>(n).fill(1);
  if (!Array.isArray(weights) || weights.length !== n) {
    throw new RangeError(
      `${name} has ${Array.isArray(weights) ? weights.length : "no"} entries, expected one per point (${n})`,
    );
  }
  let sum = 0;
  weights.forEach((w, i) => {
    if (!Number.isFinite(w) || w < 0) throw new RangeError(`${name}[${i}] must be finite and ≥ 0, got ${w}`);
    sum += w;
  });
  if (!(sum > 0) || !Number.isFinite(sum)) throw new RangeError(`${name} must not all be zero (their sum is ${sum})`);
  return weights;
}

/** Throws unless both lists have the same length. */
function assertSameLength(a: readonly unknown[], b: readonly unknown[], fn: string, names: [string, string]): void {
  if (a.length !== b.length) {
    throw new RangeError(
      `${fn}: ${names[0]} has ${a.length} points but ${names[1]} has ${b.length}; they must be matched one to one`,
    );
  }
}

/**
 * The (weighted) centroid `Σ wᵢ pᵢ / Σ wᵢ`, the point the best translation
 * moves onto the other set's centroid.
 * @param points - At least one point, finite coordinates (any length unit).
 * @param weights - Optional, one per point, finite and ≥ 0, not all zero; default all 1.
 *   Scaling all weights by the same factor changes nothing.
 * @returns The centroid, in the points' unit.
 * @throws RangeError `"kabsch.centroid: points is empty …"`, for non-finite coordinates, or bad weights.
 * @example centroid([[0, 0, 0], [2, 4, 6]]) // → [1, 2, 3]
 */
export function centroid(points: readonly Readonly<Vec3>[], weights?: readonly number[]): Vec3 {
  assertPoints(points, "kabsch.centroid: points");
  const w = checkedWeights(weights, points.length, "kabsch.centroid: weights");
  return weightedCentroid(points, w);
}

function weightedCentroid(points: readonly Readonly<Vec3>[], w: readonly number[]): Vec3 {
  let x = 0,
    y = 0,
    z = 0,
    sum = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!,
      wi = w[i]!;
    x += wi * p[0];
    y += wi * p[1];
    z += wi * p[2];
    sum += wi;
  }
  return [x / sum, y / sum, z / sum];
}

/** `Σ wᵢ (pᵢ − p̄)(qᵢ − q̄)ᵀ`, column-major, with the given centroids. */
function covariance(
  from: readonly Readonly<Vec3>[],
  to: readonly Readonly<Vec3>[],
  w: readonly number[],
  pc: Readonly<Vec3>,
  qc: Readonly<Vec3>,
): Mat3 {
  const h = [0, 0, 0, 0, 0, 0, 0, 0, 0] as Mat3;
  for (let i = 0; i < from.length; i++) {
    const p = from[i]!,
      q = to[i]!,
      wi = w[i]!;
    const px = wi * (p[0] - pc[0]),
      py = wi * (p[1] - pc[1]),
      pz = wi * (p[2] - pc[2]);
    const qx = q[0] - qc[0],
      qy = q[1] - qc[1],
      qz = q[2] - qc[2];
    // entry (r, c) = Σ w p_r q_c at index 3c + r
    h[0] += px * qx;
    h[1] += py * qx;
    h[2] += pz * qx;
    h[3] += px * qy;
    h[4] += py * qy;
    h[5] += pz * qy;
    h[6] += px * qz;
    h[7] += py * qz;
    h[8] += pz * qz;
  }
  return h;
}

/**
 * The cross-covariance `H = Σ wᵢ (pᵢ − p̄)(qᵢ − q̄)ᵀ` of matched points
 * `pᵢ = from[i]`, `qᵢ = to[i]`, each set taken about its own (weighted)
 * centroid. Entry (r, c) is `Σ wᵢ (pᵢ − p̄)_r (qᵢ − q̄)_c` — the blog's
 * `covariance[r][c]`. The best rotation from `from` to `to` is the polar
 * rotation of `Hᵀ`.
 *
 * It is a weighted *sum*, not a mean: doubling every weight doubles `H`
 * (and leaves the rotation unchanged).
 *
 * @param from - The points to move; at least one, finite coordinates.
 * @param to - Their targets, matched by index; the same count.
 * @param weights - Optional, one per pair, finite and ≥ 0, not all zero; default all 1.
 * @returns `H` (column-major), in the product of the two sets' units (times the weights' unit).
 * @throws RangeError for mismatched lengths, empty lists, non-finite coordinates or bad weights.
 * @example crossCovariance([[1, 0, 0], [-1, 0, 0]], [[0, 1, 0], [0, -1, 0]]) // → [0, 0, 0, 2, 0, 0, 0, 0, 0]
 */
export function crossCovariance(
  from: readonly Readonly<Vec3>[],
  to: readonly Readonly<Vec3>[],
  weights?: readonly number[],
): Mat3 {
  assertPoints(from, "kabsch.crossCovariance: from");
  assertPoints(to, "kabsch.crossCovariance: to");
  assertSameLength(from, to, "kabsch.crossCovariance", ["from", "to"]);
  const w = checkedWeights(weights, from.length, "kabsch.crossCovariance: weights");
  return covariance(from, to, w, weightedCentroid(from, w), weightedCentroid(to, w));
}

/** Options of {@link kabsch}. */
export interface KabschOptions {
  /** One weight per pair, finite and ≥ 0, not all zero; default all 1. A pair with weight 0 is ignored. */
  weights?: readonly number[];
  /** Also fit a uniform scale (Umeyama 1991); default `false` (scale 1, a rigid motion). */
  scale?: boolean;
}

/** The result of {@link kabsch}: `to[i] ≈ scale·R·from[i] + translation`. */
export interface KabschResult {
  /** The best rotation `R`, a unit quaternion. */
  rotation: Quat;
  /** The translation `t = q̄ − scale·R·p̄`, in the points' unit. */
  translation: Vec3;
  /** The uniform scale: 1 unless `opts.scale`; then Umeyama's `tr(Rᵀ·Hᵀ) / Σ wᵢ |pᵢ − p̄|²` (≥ 0). */
  scale: number;
  /** The (weighted) root-mean-square distance of the fitted points from their targets, in the points' unit. */
  rmsd: number;
  /** `true` when the best rotation is not unique (see {@link kabsch}); `rotation` is then one of the best. */
  degenerate: boolean;
}

/**
 * The rotation, translation and optional uniform scale that best map the
 * points `from` onto their matches `to` in the least-squares sense,
 * `to[i] ≈ scale·R·from[i] + translation` (Kabsch 1976; Umeyama 1991 for the
 * scale): `R` is the polar rotation of the transposed cross-covariance, by
 * SVD, with the sign fix that keeps it a rotation (never a reflection).
 *
 * Accuracy: noise-free points moved by a known rotation and translation are
 * recovered to ~1e-15 relative (chapter 08, fact 8.1).
 *
 * `degenerate: true` when the best rotation is not unique:
 * - all points of either set coincide, or lie on one line (rank `H` ≤ 1):
 *   any spin about that line fits equally well (fact 8.3). Returned: the
 *   smallest rotation that turns the `from` line onto the `to` line (the
 *   identity when a set is a single point);
 * - the sign fix is needed and the two smallest singular values of `H` are
 *   equal (e.g. the mirror image of a symmetric set, fact 8.2): a whole
 *   family of rotations fits equally well; one is returned.
 * "On a line" means narrower than `LINE_WIDTH` = 1e-7 of the set's length: the singular values are
 * squared lengths, so the test is `s₁ ≤ LINE_WIDTH²·s₀`; "equal" means `s₁ − s₂ ≤ LINE_WIDTH²·s₀` alike.
 * Four points on a line 2.5 long with one moved 3e-5 off it are a well-determined fit, recovered to ~1e-11
 * rad (fact 8.6). Near the cut the spin about the line is known only to about `ε·s₀/s₁` rad: the covariance
 * squares the width, as normal equations do.
 *
 * Scale edge cases: when the `from` points coincide there is no size to
 * scale, and `scale` is 1; when the `to` points coincide, `scale` is 0.
 * A single pair is the coincident case: `rotation` is the identity and
 * `translation = to[0] − from[0]`.
 *
 * @param from - The points to move (any length unit); at least one, finite coordinates.
 * @param to - Their targets, matched by index; the same count.
 * @param opts - `weights` (one per pair) and `scale` (default `false`).
 * @returns `{rotation, translation, scale, rmsd, degenerate}`.
 * @throws RangeError for mismatched lengths, empty lists, non-finite coordinates, or weights that are
 *   negative, non-finite or all zero — naming the argument.
 * @example kabsch([[1, 0, 0], [0, 1, 0], [0, 0, 0]], [[0, 1, 0], [-1, 0, 0], [0, 0, 0]]).rotation // ≈ [0, 0, 0.7071, 0.7071]: a quarter turn about +z
 */
export function kabsch(
  from: readonly Readonly<Vec3>[],
  to: readonly Readonly<Vec3>[],
  opts: KabschOptions = {},
): KabschResult {
  assertPoints(from, "kabsch.kabsch: from");
  assertPoints(to, "kabsch.kabsch: to");
  assertSameLength(from, to, "kabsch.kabsch", ["from", "to"]);
  const w = checkedWeights(opts.weights, from.length, "kabsch.kabsch: opts.weights");
  const pc = weightedCentroid(from, w);
  const qc = weightedCentroid(to, w);
  const h = covariance(from, to, w, pc, qc);
  const a = [h[0], h[3], h[6], h[1], h[4], h[7], h[2], h[5], h[8]] as Mat3; // A = Hᵀ
  const { u, s, v } = svd(a);
  const d = determinant(u) * determinant(v) < 0 ? -1 : 1;
  // The singular values are squared lengths: a width of LINE_WIDTH (relative) is a singular value of
  // LINE_WIDTH² (relative). Comparing s₁ with 1e-9·s₀ instead would call a set 3e-5 wide "a line" (fact 8.6).
  const resolution = LINE_WIDTH * LINE_WIDTH * s[0];
  const lineOrPoint = !(s[1] > resolution); // also true when s = 0
  const degenerate = lineOrPoint || (d < 0 && s[1] - s[2] <= resolution);
  let r: Mat3;
  let rotation: Quat;
  if (lineOrPoint) {
    // Only the line direction is determined: the least turn taking v₀ onto u₀ (A v₀ = s₀ u₀).
    rotation = s[0] > 0 ? fromTwoVectors([v[0], v[1], v[2]], [u[0], u[1], u[2]]) : [0, 0, 0, 1];
    r = quatToMat3(rotation);
  } else {
    r = [0, 0, 0, 0, 0, 0, 0, 0, 0] as Mat3; // U·diag(1, 1, d)·Vᵀ
    for (let j = 0; j < 3; j++) {
      const dj = j === 2 ? d : 1;
      for (let c = 0; c < 3; c++)
        for (let row = 0; row < 3; row++) r[3 * c + row]! += dj * u[3 * j + row]! * v[3 * j + c]!;
    }
    rotation = quatFromMat3(r);
  }
  let scale = 1;
  if (opts.scale) {
    let spread = 0;
    for (let i = 0; i < from.length; i++) {
      const p = from[i]!;
      spread += w[i]! * ((p[0] - pc[0]) ** 2 + (p[1] - pc[1]) ** 2 + (p[2] - pc[2]) ** 2);
    }
    let fit = 0; // tr(Rᵀ A)
    for (let i = 0; i < 9; i++) fit += r[i]! * a[i]!;
    if (spread > 0) scale = Math.max(0, fit / spread);
  }
  const rp = apply(r, pc);
  const translation: Vec3 = [qc[0] - scale * rp[0], qc[1] - scale * rp[1], qc[2] - scale * rp[2]];
  let sum = 0,
    total = 0;
  for (let i = 0; i < from.length; i++) {
    const y = apply(r, from[i]!);
    const q = to[i]!;
    const dx = scale * y[0] + translation[0] - q[0];
    const dy = scale * y[1] + translation[1] - q[1];
    const dz = scale * y[2] + translation[2] - q[2];
    sum += w[i]! * (dx * dx + dy * dy + dz * dz);
    total += w[i]!;
  }
  return { rotation, translation, scale, rmsd: Math.sqrt(sum / total), degenerate };
}

/** `m·p` for a column-major matrix. */
function apply(m: Readonly<Mat3>, p: Readonly<Vec3>): Vec3 {
  return [
    m[0] * p[0] + m[3] * p[1] + m[6] * p[2],
    m[1] * p[0] + m[4] * p[1] + m[7] * p[2],
    m[2] * p[0] + m[5] * p[1] + m[8] * p[2],
  ];
}

/**
 * The root-mean-square distance between matched points,
 * `√(Σ wᵢ |aᵢ − bᵢ|² / Σ wᵢ)` — how far apart two poses of the same points
 * are, in their length unit (0 only when every pair with weight > 0 coincides).
 * @param a - Points; at least one, finite coordinates.
 * @param b - Their matches, by index; the same count.
 * @param weights - Optional, one per pair, finite and ≥ 0, not all zero; default all 1.
 * @returns The RMSD, ≥ 0, in the points' unit.
 * @throws RangeError for mismatched lengths, empty lists, non-finite coordinates or bad weights.
 * @example rmsd([[0, 0, 0], [1, 0, 0]], [[0, 0, 0], [1, 2, 0]]) // → Math.SQRT2 (≈ 1.4142)
 */
export function rmsd(a: readonly Readonly<Vec3>[], b: readonly Readonly<Vec3>[], weights?: readonly number[]): number {
  assertPoints(a, "kabsch.rmsd: a");
  assertPoints(b, "kabsch.rmsd: b");
  assertSameLength(a, b, "kabsch.rmsd", ["a", "b"]);
  const w = checkedWeights(weights, a.length, "kabsch.rmsd: weights");
  let sum = 0,
    total = 0;
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!,
      q = b[i]!;
    sum += w[i]! * ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2);
    total += w[i]!;
  }
  return Math.sqrt(sum / total);
}
