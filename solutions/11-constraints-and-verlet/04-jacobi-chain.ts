/**
 * Exercise 11.4 — Jacobi averaging (chapter 11, section 5).
 *
 * The same rope and the same per-link correction as exercise 11.3 (`±C·d/|d|`, half each, all on the free
 * end when the other is pinned, none when both are, `(1, 0, 0)` for coincident particles) — but one
 * iteration computes every link's correction from the positions at the *start* of the iteration, then
 * moves each free particle by the **average** of the corrections of all the links that touch it (the end
 * particles have one such link, the others two; a link whose other end is pinned still counts, and so
 * does a link already at its rest length, whose correction is zero). The order of the links then no
 * longer matters. Return the positions after `iterations` iterations, flat,
 * without changing the input. Do not use `constraints` from the library.
 */

import { type Vec3, vec3 } from "../../lib/index.ts";

/**
 * Jacobi iterations, with averaging, on the distance constraints of a chain.
 * @param positions - `3n` coordinates of `n ≥ 1` particles.
 * @param restLength - The length of every link, ≥ 0.
 * @param iterations - Iterations, ≥ 0.
 * @param pinned - Indices of the particles that never move.
 * @returns The `3n` coordinates after the iterations.
 * @example jacobiChain([0, 0, 0, 3, 0, 0, 6, 0, 0], 1, 1, [0]) // [0, 0, 0, 2.5, 0, 0, 5, 0, 0]
 */
export function jacobiChain(positions: number[], restLength: number, iterations: number, pinned: number[]): number[] {
  let p: Vec3[] = [];
  for (let i = 0; i < positions.length; i += 3) p.push([positions[i]!, positions[i + 1]!, positions[i + 2]!]);
  const free = p.map((_, i) => (pinned.includes(i) ? 0 : 1));
  for (let it = 0; it < iterations; it++) {
    const sum: Vec3[] = p.map(() => [0, 0, 0]);
    const count = p.map(() => 0);
    for (let i = 0; i + 1 < p.length; i++) {
      const share = free[i]! + free[i + 1]!;
      if (share === 0) continue;
      const d = vec3.sub(p[i + 1]!, p[i]!); // read the positions of the start of the iteration only
      const len = vec3.length(d);
      const dir: Vec3 = len === 0 ? [1, 0, 0] : vec3.scale(d, 1 / len);
      const step = vec3.scale(dir, (len - restLength) / share);
      if (free[i]) [sum[i], count[i]] = [vec3.add(sum[i]!, step), count[i]! + 1];
      if (free[i + 1]) [sum[i + 1], count[i + 1]] = [vec3.sub(sum[i + 1]!, step), count[i + 1]! + 1];
    }
    // Average, not sum: two links pulling one particle each get half a say.
    p = p.map((q, i) => (count[i] ? vec3.add(q, vec3.scale(sum[i]!, 1 / count[i]!)) : q));
  }
  return p.flat();
}
