/**
 * Exercise 08.3 — RMSD, directly and from the singular values (chapter 08, sections 2, 4 and 7).
 *
 * `rmsd(a, b, weights?)` is the root-mean-square distance between matched points,
 * `√(Σ wᵢ |aᵢ − bᵢ|² / Σ wᵢ)`. `bestFitRmsd(from, to, weights?)` is the RMSD the best rigid motion
 * reaches, without finding the motion: with the centred points `p′ᵢ`, `q′ᵢ` and the singular values
 * `s₀ ≥ s₁ ≥ s₂` of `H`, `Σ wᵢ |R p′ᵢ − q′ᵢ|² = Σ wᵢ |p′ᵢ|² + Σ wᵢ |q′ᵢ|² − 2 tr(R·H)`, and the best
 * rotation's trace is `s₀ + s₁ + d·s₂` with `d = det(U·Vᵀ)` — the reflection fix again (forget `d` and the
 * mirrored set of fact 8.2 reads 0 instead of 1). This number is unique even where the best rotation is
 * not (collinear or coincident points). The subtraction cancels for a near-perfect fit: rounding can make
 * it slightly negative, and `√` of that is NaN — the answer is never NaN. Use `vec3`, `mat3`,
 * `decompose.svd`, `kabsch.centroid` and `kabsch.crossCovariance`; not `kabsch.rmsd` or `kabsch.kabsch`.
 */

import { type Vec3, decompose, kabsch, mat3, vec3 } from "../../lib/index.ts";

/**
 * The (weighted) root-mean-square distance between matched points.
 * @param a - Points, at least one.
 * @param b - Their matches, by index; the same count.
 * @param weights - Optional, one per pair, finite and ≥ 0, not all zero; default all 1.
 * @returns `√(Σ wᵢ |aᵢ − bᵢ|² / Σ wᵢ)` ≥ 0, in the points' unit.
 * @example rmsd([[0, 0, 0], [1, 0, 0]], [[0, 0, 0], [1, 2, 0]]) // √2 ≈ 1.4142
 */
export function rmsd(a: Vec3[], b: Vec3[], weights?: number[]): number {
  let sum = 0;
  let total = 0;
  a.forEach((p, i) => {
    const w = weights ? weights[i]! : 1;
    const d = vec3.sub(p, b[i]!);
    sum += w * vec3.dot(d, d);
    total += w;
  });
  return Math.sqrt(sum / total);
}

/**
 * The RMSD of the best rigid fit of `from` onto `to`, from the singular values of their cross-covariance.
 * @param from - The points to move, at least one.
 * @param to - Their targets, matched by index; the same count.
 * @param weights - Optional, one per pair, finite and ≥ 0, not all zero; default all 1.
 * @returns `min over R, t of √(Σ wᵢ |R pᵢ + t − qᵢ|² / Σ wᵢ)` ≥ 0, never NaN.
 * @example bestFitRmsd([[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1]], [[-1, 0, 0], [0, 1, 0], [0, 0, 1], [-1, 1, 1]]) // 1 (fact 8.2)
 */
export function bestFitRmsd(from: Vec3[], to: Vec3[], weights?: number[]): number {
  const pc = kabsch.centroid(from, weights);
  const qc = kabsch.centroid(to, weights);
  let spread = 0;
  let total = 0;
  from.forEach((p, i) => {
    const w = weights ? weights[i]! : 1;
    const a = vec3.sub(p, pc);
    const b = vec3.sub(to[i]!, qc);
    spread += w * (vec3.dot(a, a) + vec3.dot(b, b));
    total += w;
  });
  const { u, s, v } = decompose.svd(kabsch.crossCovariance(from, to, weights));
  const d = mat3.determinant(u) * mat3.determinant(v) < 0 ? -1 : 1;
  const squared = (spread - 2 * (s[0] + s[1] + d * s[2])) / total;
  return Math.sqrt(Math.max(0, squared)); // a perfect fit may round to −1e-17: that is 0, not NaN
}
