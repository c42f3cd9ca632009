/**
 * Exercise 02.2 — A matrix back to (θx, θy, θz), gimbal lock included (chapter 02, sections 3 and 5).
 *
 * The lecture writes `(θx, θy, θz)` for `R = Rz(θz) · Ry(θy) · Rx(θx)` — extrinsic XYZ. Given such a
 * matrix, find three angles that rebuild it. Away from lock the answer with `θy` in [−90°, 90°] is
 * unique (up to 360°); at `θy = ±90°` only `θz − θx` (at +90°) or `θz + θx` (at −90°) is determined:
 * choose `θz = 0` and put the whole turn into `θx`. Answers are graded through their matrices, so any
 * triple that rebuilds the matrix earns the points. Use `atan2`, never a bare `asin`/`acos`.
 */

import type { Mat3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The angles `[θx, θy, θz]` (radians) with `m = Rz(θz) · Ry(θy) · Rx(θx)`.
 * @param m - A rotation matrix, column-major: entry (row r, column c) is `m[3c + r]`.
 * @returns `[θx, θy, θz]` that rebuild `m`, to 1e-9 rad even next to gimbal lock: the usual choice is
 *   `θy` in [−π/2, π/2] and, at lock, `θz = 0` (any triple that rebuilds `m` is right).
 * @example matrixToEuler(mat3.rotationY(Math.PI / 2)) // ≈ [0, π/2, 0]
 */
export function matrixToEuler(m: Mat3): [number, number, number] {
  // TODO: θy from atan2 first; mind the branch where cos θy is 0.
  throw new NotImplemented("matrixToEuler");
}
