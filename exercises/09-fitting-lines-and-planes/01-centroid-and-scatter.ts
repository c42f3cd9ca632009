/**
 * Exercise 09.1 — The centroid and the scatter matrix (chapter 09, section 1).
 *
 * Every fit in the chapter starts here. The best line and the best plane both pass through the
 * centroid `c` (the mean of the points), and their directions are eigenvectors of the scatter matrix
 * `S = Σ (pᵢ − c)(pᵢ − c)ᵀ` — a sum over the points, not a mean (it is `n` times the covariance).
 * Write both. Subtract the centroid *before* you multiply: the one-pass shortcut
 * `Σ pᵢpᵢᵀ − n·c·cᵀ` subtracts two huge numbers for a cloud far from the origin and keeps almost none
 * of the digits, and a hidden check holds you to a cloud a million units away. Do not use `kabsch` or
 * `fit` from the library.
 */

import type { Mat3, Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The centroid (mean) of the points.
 * @param points - At least one point (any length unit).
 * @returns `(Σ pᵢ) / n`.
 * @example centroid([[0, 0, 0], [2, 0, 0], [1, 3, 0]]) // [1, 1, 0]
 */
export function centroid(points: Vec3[]): Vec3 {
  // TODO: add the points up and divide by their number.
  throw new NotImplemented("centroid");
}

/**
 * The scatter matrix `S = Σ (pᵢ − c)(pᵢ − c)ᵀ` about the centroid `c`: symmetric, positive
 * semidefinite, column-major (entry (r, k) at index `3k + r`), in the points' unit squared.
 * @param points - At least one point (any length unit). One point, or coincident points, give `S = 0`.
 * @returns The 3×3 scatter matrix (a sum over the points, not a mean).
 * @example scatterMatrix([[0, 0, 0], [2, 0, 0]]) // [2, 0, 0, 0, 0, 0, 0, 0, 0]
 */
export function scatterMatrix(points: Vec3[]): Mat3 {
  // TODO: centre each point on the centroid, then add up the outer products r·rᵀ.
  throw new NotImplemented("scatterMatrix");
}
