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

import { type Mat3, type Mat4, type Vec3, decompose, kabsch, mat3, vec3 } from "../../lib/index.ts";

/**
 * The best similarity transform (uniform scale, rotation, translation) taking `from` onto `to`.
 * @param from - The points to move, at least three, not all on one line — or all the same point.
 * @param to - Their targets, matched by index; the same count.
 * @param weights - Optional, one per pair, finite and ≥ 0, not all zero; default all 1.
 * @returns The column-major `Mat4` of `p ↦ s R p + t` with `s ≥ 0`, `det R = +1`.
 * @example fitSimilarity([[0, 0, 0], [1, 0, 0], [0, 1, 0]], [[0, 0, 0], [2.5, 0, 0], [0, 2.5, 0]]) // diag(2.5, 2.5, 2.5, 1)
 */
export function fitSimilarity(from: Vec3[], to: Vec3[], weights?: number[]): Mat4 {
  const pc = kabsch.centroid(from, weights);
  const qc = kabsch.centroid(to, weights);
  let spread = 0;
  from.forEach((p, i) => {
    const a = vec3.sub(p, pc);
    spread += (weights ? weights[i]! : 1) * vec3.dot(a, a);
  });
  // Every from point the same: ask the points, not the spread. The centroid of copies of 0.1 rounds
  // (to 0.10000000000000002), so their spread is ~1e-33, not 0 — and a threshold on it in world units
  // would also swallow a real cloud 1e-7 across. Exact equality is exact at every scale.
  const [x0, y0, z0] = from[0]!;
  const same = from.every(([x, y, z]) => x === x0 && y === y0 && z === z0);
  let m: Mat3 = mat3.identity();
  let origin = pc;
  if (same || !(spread > 0)) {
    origin = from[0]!; // R = I, s = 1: the translation q̄ − p, with p the point itself
  } else {
    const { u, s, v } = decompose.svd(mat3.transpose(kabsch.crossCovariance(from, to, weights)));
    const d = mat3.determinant(u) * mat3.determinant(v) < 0 ? -1 : 1;
    const ud: Mat3 = [u[0], u[1], u[2], u[3], u[4], u[5], d * u[6], d * u[7], d * u[8]];
    // tr(R·H) of the sign-fixed R is s₀ + s₁ + d·s₂: the same d that made R a rotation.
    const scale = Math.max(0, (s[0] + s[1] + d * s[2]) / spread);
    m = mat3.multiply(ud, mat3.transpose(v)).map((x) => scale * x) as Mat3;
  }
  const t = vec3.sub(qc, mat3.transformVec3(m, origin));
  return [m[0], m[1], m[2], 0, m[3], m[4], m[5], 0, m[6], m[7], m[8], 0, t[0], t[1], t[2], 1];
}
