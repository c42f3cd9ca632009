/**
 * Exercise 09.2 — One step of power iteration (chapter 09, section 2).
 *
 * The blog's update: centre the points on their centroid `c`, then sum every centred point weighted
 * by its dot product with the current direction, `Σ ((pᵢ − c)·d)(pᵢ − c)`, and normalize. That sum
 * is exactly `S d` (the scatter matrix of exercise 09.1 times `d`), so the step is `d ← S d / |S d|`.
 * Accept a `d` of any non-zero length; the new direction lies in `d`'s hemisphere (`d·S d ≥ 0`), so
 * do not flip its sign. When `d` is at right angles to every centred point the sum is the zero vector
 * and normalizing it gives NaN: return `null` instead (section 4 shows where that happens). That is a
 * sum of exactly zero: the checks hold it with data where it is (integer coordinates). Where `d` is at right
 * angles only to rounding, `S d` is a speck whose direction rounding decides, and no check asks. Do not use
 * `fit` or `kabsch` from the library.
 */

import type { Vec3 } from "../../lib/index.ts";

/**
 * One power-iteration step towards the best-fit line's direction: `S d / |S d|`.
 * @param points - At least one point (any length unit).
 * @param direction - The current direction `d`, any non-zero length.
 * @returns The next unit direction, in `d`'s hemisphere; `null` when `S d` is the zero vector.
 * @example powerStep([[0, 0, 0], [2, 2, 0], [4, 0, 0]], [1, 0, 0]) // ≈ [0.9701, 0.2425, 0]
 */
export function powerStep(points: Vec3[], direction: Vec3): Vec3 | null {
  const n = points.length;
  const c = [0, 1, 2].map((i) => points.reduce((sum, p) => sum + p[i]!, 0) / n);
  const next: Vec3 = [0, 0, 0];
  for (const p of points) {
    const r = [p[0] - c[0]!, p[1] - c[1]!, p[2] - c[2]!];
    const along = r[0]! * direction[0] + r[1]! * direction[1] + r[2]! * direction[2];
    for (let i = 0; i < 3; i++) next[i]! += along * r[i]!;
  }
  const len = Math.hypot(next[0], next[1], next[2]);
  // |d| only scales the sum, and the normalization removes it: no need to normalize d first.
  if (len === 0) return null; // d ⟂ every centred point: S d = 0, and 0/0 would be NaN
  return [next[0] / len, next[1] / len, next[2] / len];
}
