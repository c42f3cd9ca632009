/**
 * Exercise 09.4 — The orthogonal-start guard (chapter 09, section 4).
 *
 * Power iteration trusts its start, and two starts betray it. A start at right angles to every
 * centred point (points along x, start (0, 1, 0)) makes `S d` the zero vector: NaN after normalizing.
 * A start at right angles to the answer — exactly, or to rounding — keeps the iteration in the plane
 * of the other two axes, where it settles on the second axis and stops: the wrong line, reported as
 * converged. Fit the line from *any* non-zero start: when `S d = 0`, restart from the largest column
 * of `S` (it is never mapped to zero); after the loop settles, make sure no direction at right angles
 * to the answer holds more spread, and continue from there if one does. The answer must be within
 * 1e-9 rad of the best line whenever the best line is unique with `λ₂/λ₁ ≤ 0.9`. You may use
 * `fit.scatter` and `fit.powerStep` (which throws a RangeError when `S d = 0`), not `fit.fitLine`.
 */

import type { Mat3, Vec3 } from "../../lib/index.ts";
import { fit, mat3, vec3 } from "../../lib/index.ts";

/** Power steps from `d` until one moves it by at most 1e-13 (≈ rad); at most 10 000. */
function settle(s: Mat3, d: Vec3): Vec3 {
  for (let k = 0; k < 10_000; k++) {
    const next = fit.powerStep(s, d);
    const moved = vec3.distance(next, d);
    d = next;
    if (moved <= 1e-13) break; // leaves ≈ 1e-13·λ₂/(λ₁ − λ₂) ≤ 1e-12 rad for λ₂/λ₁ ≤ 0.9
  }
  return d;
}

/**
 * The direction of the best-fit line through `points`, from any start.
 * @param points - At least two points with a unique best line (`λ₁ > λ₂`), any length unit.
 * @param start - The first direction, any non-zero length — also one with `S·start = 0` or at right angles to the answer.
 * @returns The unit direction of the best-fit line (either sign).
 * @example fitLineFrom([[0, 0, 0], [1, 0, 0], [5, 0, 0]], [0, 1, 0]) // [1, 0, 0]
 */
export function fitLineFrom(points: Vec3[], start: Vec3): Vec3 {
  const s = fit.scatter(points).matrix;
  let d = vec3.normalize(start);
  if (vec3.length(mat3.transformVec3(s, d)) === 0) {
    // Guard 1: S·d = 0. Restart from the largest column S eⱼ, which S never maps to zero: S² eⱼ = 0
    // would give |S eⱼ|² = eⱼᵀ S² eⱼ = 0, yet S eⱼ is the longest column of a non-zero S.
    const columns = ([0, 1, 2] as const).map((j) => mat3.column(s, j));
    d = vec3.normalize(columns.reduce((a, b) => (vec3.length(b) > vec3.length(a) ? b : a)));
  }
  for (let round = 0; round < 3; round++) {
    d = settle(s, d);
    // Guard 2: d is now (close to) an eigenvector, so the plane ⟂ d is invariant. Its best direction is
    // the top eigenvector of the 2×2 block of S in a basis e, f of that plane: closed form, no start.
    const e = vec3.orthogonal(d);
    const f = vec3.cross(d, e);
    const se = mat3.transformVec3(s, e);
    const [a, b, c] = [vec3.dot(e, se), vec3.dot(f, se), vec3.dot(f, mat3.transformVec3(s, f))];
    const mu = (a + c) / 2 + Math.hypot((a - c) / 2, b);
    const lambda = vec3.dot(d, mat3.transformVec3(s, d));
    if (!(mu > lambda * (1 + 1e-9))) return d; // nothing at right angles spreads more: d is the top axis
    // (b, μ − a) and (μ − c, b) both solve the 2×2 eigen-equation; the longer one is the accurate one.
    const [x, y] = Math.hypot(b, mu - a) >= Math.hypot(mu - c, b) ? [b, mu - a] : [mu - c, b];
    d = vec3.normalize(vec3.add(vec3.scale(e, x), vec3.scale(f, y)));
  }
  return d;
}
