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

import type { Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

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
  // TODO: per iteration: every correction from the same positions, then move each free particle by their average.
  throw new NotImplemented("jacobiChain");
}
