/**
 * Exercise 08.5 — Umeyama's scale: the best similarity transform (chapter 08, section 6).
 *
 * Find the uniform scale `s`, rotation `R` and translation `t` minimizing `Σ wᵢ |s R pᵢ + t − qᵢ|²`
 * (Umeyama 1991), and return the column-major `Mat4` of `p ↦ s R p + t`: `s·R` in the upper-left block,
 * `t` in the last column. `R` is Kabsch's rotation (it does not depend on `s`); then
 * `s = tr(R·H) / Σ wᵢ |pᵢ − p̄|²` — with the sign-fixed rotation, so `s = (s₀ + s₁ + d·s₂) / spread` —
 * and `t = q̄ − s R p̄`. It is *not* the ratio of the two sets' sizes `√(Σ wᵢ|q′ᵢ|² / Σ wᵢ|p′ᵢ|²)`: the
 * two agree only for a perfect fit; with noise the ratio is too large. When every `from` point is the
 * same there is nothing to turn or scale: return the pure translation onto `q̄` (`R = I`, `s = 1`),
 * never NaN. Decide that from the points themselves: the spread of three copies of [0.1, 0.2, 0.7] is
 * ~1e-33, not 0 (their centroid rounds), and a real cloud may be 1e-7 across — no fixed epsilon tells the
 * two apart. Use `vec3`, `mat3`, `mat4`, `decompose.svd`, `kabsch.centroid` and `kabsch.crossCovariance` —
 * not `kabsch.kabsch`.
 */

import type { Mat3, Mat4, Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The best similarity transform (uniform scale, rotation, translation) taking `from` onto `to`.
 * @param from - The points to move, at least three, not all on one line — or all the same point.
 * @param to - Their targets, matched by index; the same count.
 * @param weights - Optional, one per pair, finite and ≥ 0, not all zero; default all 1.
 * @returns The column-major `Mat4` of `p ↦ s R p + t` with `s ≥ 0`, `det R = +1`.
 * @example fitSimilarity([[0, 0, 0], [1, 0, 0], [0, 1, 0]], [[0, 0, 0], [2.5, 0, 0], [0, 2.5, 0]]) // diag(2.5, 2.5, 2.5, 1)
 */
export function fitSimilarity(from: Vec3[], to: Vec3[], weights?: number[]): Mat4 {
  // TODO: Kabsch's R, s = tr(R·H) / Σ wᵢ|p′ᵢ|², t = q̄ − s R p̄ (and the case where every from point is the same).
  throw new NotImplemented("fitSimilarity");
}
