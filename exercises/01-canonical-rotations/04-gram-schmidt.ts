/**
 * Exercise 01.4 — Repairing drift with Gram–Schmidt (chapter 01, section 5).
 *
 * A rotation matrix that has drifted under rounding is no longer quite orthonormal. Gram–Schmidt
 * rebuilds an orthonormal basis from its columns: keep the direction of the first, take from the second
 * its part along the first, take from the third its parts along both, and normalize each.
 */

import type { Mat3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * Re-orthonormalizes the columns of `m` by Gram–Schmidt, in the order 0, 1, 2.
 * @param m - A nearly orthonormal matrix (column-major) with independent columns.
 * @returns A rotation matrix whose first column points along `m`'s first column.
 * @example gramSchmidt([1, 0.01, 0, 0, 1, 0, 0, 0, 1]) // first column ≈ [0.99995, 0.0099995, 0]
 */
export function gramSchmidt(m: Mat3): Mat3 {
  // TODO: three columns, two projections removed, three normalizations.
  throw new NotImplemented("gramSchmidt");
}
