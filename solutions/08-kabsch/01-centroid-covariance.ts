/**
 * Exercise 08.1 — Centroids and the cross-covariance (chapter 08, sections 1 and 2).
 *
 * Write the two sums Kabsch is built on. `centroid` is the weighted mean `Σ wᵢ pᵢ / Σ wᵢ`.
 * `crossCovariance` is `H = Σ wᵢ (pᵢ − p̄)(qᵢ − q̄)ᵀ` for matched points `pᵢ = from[i]`,
 * `qᵢ = to[i]`, each set taken about its own weighted centroid, returned as a column-major `Mat3`:
 * entry (row r, column c), stored at index `3c + r`, is `Σ wᵢ (pᵢ − p̄)_r (qᵢ − q̄)_c` — the blog's
 * `covariance[r][c]`. It is a weighted sum, not a mean. Weights are optional (all 1). Centre the
 * points first, then multiply: `Σ wᵢ pᵢ qᵢᵀ − W p̄ q̄ᵀ` is the same matrix in exact arithmetic, but it
 * subtracts two huge numbers when the points are far from the origin, and a hidden check puts them
 * 10⁶ away. Use `vec3` only, not the library's `kabsch`.
 */

import { type Mat3, type Vec3, vec3 } from "../../lib/index.ts";

/**
 * The weighted centroid of points.
 * @param points - At least one point (any length unit).
 * @param weights - Optional, one per point, finite and ≥ 0, not all zero; default all 1.
 * @returns `Σ wᵢ pᵢ / Σ wᵢ`, in the points' unit.
 * @example centroid([[0, 0, 0], [2, 4, 6]]) // [1, 2, 3]
 */
export function centroid(points: Vec3[], weights?: number[]): Vec3 {
  let sum: Vec3 = [0, 0, 0];
  let total = 0;
  points.forEach((p, i) => {
    const w = weights ? weights[i]! : 1;
    sum = vec3.add(sum, vec3.scale(p, w));
    total += w;
  });
  return vec3.scale(sum, 1 / total); // divide by Σ wᵢ, not by the number of points
}

/**
 * The cross-covariance `H = Σ wᵢ (pᵢ − p̄)(qᵢ − q̄)ᵀ` of matched points, about their weighted centroids.
 * @param from - The points to move, at least one.
 * @param to - Their targets, matched by index; the same count.
 * @param weights - Optional, one per pair, finite and ≥ 0, not all zero; default all 1.
 * @returns `H`, column-major: entry (r, c) at index `3c + r` is `Σ wᵢ (pᵢ − p̄)_r (qᵢ − q̄)_c`.
 * @example crossCovariance([[1, 0, 0], [-1, 0, 0]], [[0, 1, 0], [0, -1, 0]]) // [0, 0, 0, 2, 0, 0, 0, 0, 0]
 */
export function crossCovariance(from: Vec3[], to: Vec3[], weights?: number[]): Mat3 {
  const pc = centroid(from, weights);
  const qc = centroid(to, weights);
  const h: Mat3 = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  from.forEach((p, i) => {
    const w = weights ? weights[i]! : 1;
    // Centre each point before multiplying: the products then have the size of the spread, not of the position.
    const a = vec3.sub(p, pc);
    const b = vec3.sub(to[i]!, qc);
    for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) h[3 * c + r]! += w * a[r]! * b[c]!;
  });
  return h;
}
