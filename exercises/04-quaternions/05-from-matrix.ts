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
import { NotImplemented } from "../not-implemented.ts";

/**
 * The unit quaternion of a rotation matrix (column-major), with `w ≥ 0`.
 * @param m - A rotation matrix.
 * @returns A unit quaternion `[x, y, z, w]` with `w ≥ 0` (of `q` and `−q`, the one with `w ≥ 0`).
 * @example fromMatrix([1, 0, 0, 0, -1, 0, 0, 0, -1]) // [1, 0, 0, 0]  (180° about X)
 */
export function fromMatrix(m: Mat3): Quat {
  // TODO: pick the largest of 4w², 4x², 4y², 4z²; divide the others by it; make w ≥ 0.
  throw new NotImplemented("fromMatrix");
}
