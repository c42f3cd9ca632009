/** Building blocks for the manifest's cases: seeded generation and the angles every chapter probes. */

import { random, scalar } from "../../lib/index.ts";
import type { Case } from "./types.ts";

/** Angles worth probing in any rotation exercise (radians): the quarter turns, 0, 180° and beyond 360°. */
export const LANDMARK_ANGLES: readonly number[] = [0, 30, 45, 90, 120, 180, -90, -135, 270, 360].map(scalar.degToRad);

/** `n` cases calling `fn` with arguments drawn from a generator seeded with `seed`: the same every run. */
export function generated(fn: string, seed: number, n: number, args: (rng: random.Rng) => Case["args"]): Case[] {
  const rng = random.seeded(seed);
  return Array.from({ length: n }, () => ({ fn, args: args(rng) }));
}
