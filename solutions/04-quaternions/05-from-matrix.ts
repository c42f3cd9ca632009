/**
 * Exercise 04.5 — Rotation matrix to quaternion (Shepperd) (chapter 04, section 4).
 *
 * From the matrix of `q = [x, y, z, w]`: `4w² = 1 + tr`, `4x² = 1 + m₀₀ − m₁₁ − m₂₂`,
 * `4y² = 1 − m₀₀ + m₁₁ − m₂₂`, `4z² = 1 − m₀₀ − m₁₁ + m₂₂`, and the off-diagonal entries give the
 * products: `4wx = m₂₁ − m₁₂`, `4wy = m₀₂ − m₂₀`, `4wz = m₁₀ − m₀₁`, `4xy = m₁₀ + m₀₁`,
 * `4xz = m₀₂ + m₂₀`, `4yz = m₂₁ + m₁₂` (entry (r, c) is `m[3c + r]`). Take the largest of the four squares,
 * get that component by a square root, and the other three by dividing the products by it: never by a
 * small number. Return `w ≥ 0`. Do not use `quat` from the library.
 */

import type { Mat3, Quat } from "../../lib/index.ts";

/**
 * The unit quaternion of a rotation matrix (column-major), with `w ≥ 0`.
 * @param m - A rotation matrix.
 * @returns A unit quaternion `[x, y, z, w]` with `w ≥ 0` (of `q` and `−q`, the one with `w ≥ 0`).
 * @example fromMatrix([1, 0, 0, 0, -1, 0, 0, 0, -1]) // [1, 0, 0, 0]  (180° about X)
 */
export function fromMatrix(m: Mat3): Quat {
  const [m00, m10, m20, m01, m11, m21, m02, m12, m22] = m;
  const trace = m00 + m11 + m22;
  let q: Quat;
  // 1 + tr ≥ 1 + 2m_ii − tr  ⇔  tr ≥ m_ii: compare the four squares through the trace and the diagonal.
  if (trace >= m00 && trace >= m11 && trace >= m22) {
    const w4 = 2 * Math.sqrt(1 + trace); // 4w
    q = [(m21 - m12) / w4, (m02 - m20) / w4, (m10 - m01) / w4, w4 / 4];
  } else if (m00 >= m11 && m00 >= m22) {
    const x4 = 2 * Math.sqrt(1 + m00 - m11 - m22); // 4x
    q = [x4 / 4, (m01 + m10) / x4, (m02 + m20) / x4, (m21 - m12) / x4];
  } else if (m11 >= m22) {
    const y4 = 2 * Math.sqrt(1 - m00 + m11 - m22); // 4y
    q = [(m01 + m10) / y4, y4 / 4, (m12 + m21) / y4, (m02 - m20) / y4];
  } else {
    const z4 = 2 * Math.sqrt(1 - m00 - m11 + m22); // 4z
    q = [(m02 + m20) / z4, (m12 + m21) / z4, z4 / 4, (m10 - m01) / z4];
  }
  // In the x, y, z branches w may come out negative: flip to w ≥ 0 (q ≡ −q), and renormalize away rounding.
  const n = Math.hypot(...q) * (q[3] < 0 ? -1 : 1);
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}
