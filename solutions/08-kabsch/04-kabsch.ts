/**
 * Exercise 08.4 — Kabsch with weights: the best rigid motion as a matrix (chapter 08, sections 1–6).
 *
 * Find the rotation `R` and translation `t` minimizing `Σ wᵢ |R pᵢ + t − qᵢ|²` for matched points
 * `pᵢ = from[i]`, `qᵢ = to[i]`, and return them as one column-major `Mat4`: `R` in the upper-left 3×3
 * block, `t` in the last column (indices 12, 13, 14), bottom row `0 0 0 1`. The steps: the weighted
 * centroids `p̄`, `q̄`; the weighted cross-covariance of the centred points; its best rotation with the
 * reflection fix (exercise 08.2); and the translation — which is `t = q̄ − R p̄`, not the blog's
 * "offset between the averages" `q̄ − p̄` (that holds only for a rotation about `p̄`). A pair with weight 0
 * must not count at all, and scaling every weight by the same factor changes nothing. Use `vec3`,
 * `mat3`, `mat4`, `decompose.svd`, `kabsch.centroid` and `kabsch.crossCovariance` — not
 * `kabsch.kabsch` or `decompose.polarRotation`. The checks use point sets whose best fit is unique (not
 * all on one line).
 */

import { type Mat3, type Mat4, type Vec3, decompose, kabsch, mat3, vec3 } from "../../lib/index.ts";

/**
 * The best rigid motion taking `from` onto `to` (least squares, weighted), as a 4×4 matrix.
 * @param from - The points to move, at least three, not all on one line.
 * @param to - Their targets, matched by index; the same count.
 * @param weights - Optional, one per pair, finite and ≥ 0, not all zero; default all 1.
 * @returns The column-major `Mat4` of `p ↦ R p + t` (det R = +1).
 * @example fitRigid([[1, 0, 0], [0, 1, 0], [0, 0, 0]], [[1, 4, 3], [0, 3, 3], [1, 3, 3]]) // 90° about Z, then t = (1, 3, 3)
 */
export function fitRigid(from: Vec3[], to: Vec3[], weights?: number[]): Mat4 {
  const pc = kabsch.centroid(from, weights);
  const qc = kabsch.centroid(to, weights);
  const { u, v } = decompose.svd(mat3.transpose(kabsch.crossCovariance(from, to, weights)));
  const d = mat3.determinant(u) * mat3.determinant(v) < 0 ? -1 : 1;
  const ud: Mat3 = [u[0], u[1], u[2], u[3], u[4], u[5], d * u[6], d * u[7], d * u[8]];
  const r = mat3.multiply(ud, mat3.transpose(v));
  const t = vec3.sub(qc, mat3.transformVec3(r, pc)); // the rotation acts about the origin, so t is q̄ − R p̄
  return [r[0], r[1], r[2], 0, r[3], r[4], r[5], 0, r[6], r[7], r[8], 0, t[0], t[1], t[2], 1];
}
