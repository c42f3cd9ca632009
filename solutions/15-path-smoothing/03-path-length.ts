/**
 * Exercise 15.3 — Path length (chapter 15, section 4).
 *
 * The length of a polyline is the sum of the Euclidean lengths of its legs, `Σ |pₖ − pₖ₋₁|`, and the
 * points may have any number of coordinates (2 on a grid, 3 in a scene, 1 or 4 elsewhere) — all the
 * points of one path have the same number. No points or one point make a path of length 0. Measure
 * each leg without overflow or underflow: with coordinates near 1e200 the squares overflow to
 * Infinity, near 1e-200 they underflow to 0, and both lengths are perfectly representable. Do not
 * use `path` from the library.
 */

/**
 * The length of the polyline through `points`, in any dimension.
 * @param points - The points, all with the same number of coordinates (any length unit).
 * @returns The sum of the legs' lengths, ≥ 0 (0 for fewer than two points).
 * @example pathLength([[0, 0], [3, 4], [3, 0]]) // 9
 */
export function pathLength(points: number[][]): number {
  let total = 0;
  for (let k = 1; k < points.length; k++) {
    const leg = points[k]!.map((x, c) => x - points[k - 1]![c]!);
    // Scale by the largest difference first, so the squares stay near 1: no overflow, no underflow.
    const big = Math.max(...leg.map(Math.abs));
    if (big === 0) continue;
    total += big * Math.sqrt(leg.reduce((sum, d) => sum + (d / big) ** 2, 0));
  }
  return total;
}
