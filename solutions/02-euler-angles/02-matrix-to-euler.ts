/**
 * Exercise 02.2 — A matrix back to (θx, θy, θz), gimbal lock included (chapter 02, sections 3 and 5).
 *
 * The lecture writes `(θx, θy, θz)` for `R = Rz(θz) · Ry(θy) · Rx(θx)` — extrinsic XYZ. Given such a
 * matrix, find three angles that rebuild it. Away from lock the answer with `θy` in [−90°, 90°] is
 * unique (up to 360°); at `θy = ±90°` only `θz − θx` (at +90°) or `θz + θx` (at −90°) is determined:
 * choose `θz = 0` and put the whole turn into `θx`. Answers are graded through their matrices, so any
 * triple that rebuilds the matrix earns the points. Use `atan2`, never a bare `asin`/`acos`.
 */

import { type Mat3, mat3 } from "../../lib/index.ts";

/**
 * The angles `[θx, θy, θz]` (radians) with `m = Rz(θz) · Ry(θy) · Rx(θx)`.
 * @param m - A rotation matrix, column-major: entry (row r, column c) is `m[3c + r]`.
 * @returns `[θx, θy, θz]` that rebuild `m`, to 1e-9 rad even next to gimbal lock: the usual choice is
 *   `θy` in [−π/2, π/2] and, at lock, `θz = 0` (any triple that rebuilds `m` is right).
 * @example matrixToEuler(mat3.rotationY(Math.PI / 2)) // ≈ [0, π/2, 0]
 */
export function matrixToEuler(m: Mat3): [number, number, number] {
  const r = (row: number, col: number) => mat3.get(m, row, col);
  // Column 0 is (cos θz cos θy, sin θz cos θy, −sin θy): its length in XY is |cos θy|, never negative.
  const cosY = Math.hypot(r(0, 0), r(1, 0));
  const thetaY = Math.atan2(-r(2, 0), cosY);
  // At lock column 0 is (0, 0, ∓1) and says nothing about θz: choose θz from it only when it can.
  const thetaZ = cosY < 1e-15 ? 0 : Math.atan2(r(1, 0), r(0, 0));
  // Undo Rz(θz): row 1 of Rz(θz)ᵀ·m is row 1 of Ry(θy)·Rx(θx) = (0, cos θx, −sin θx), entries of size 1
  // even at lock. So θx rebuilds the matrix whatever θz was chosen — the subtle line.
  const c = Math.cos(thetaZ);
  const s = Math.sin(thetaZ);
  const thetaX = Math.atan2(s * r(0, 2) - c * r(1, 2), c * r(1, 1) - s * r(0, 1));
  return [thetaX, thetaY, thetaZ];
}
