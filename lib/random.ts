/**
 * Random rotations, reproducibly: a small seeded generator and uniform samplers built on it. The
 * chapters' live checks and the exercises' generated cases use a fixed seed, so every run sees the
 * same numbers.
 *
 * "Uniform" matters for rotations: picking three Euler angles uniformly crowds rotations near the
 * poles. Shoemake's method (Graphics Gems III, 1992) draws a unit quaternion uniformly from the 4D
 * sphere, which is uniform over rotations.
 *
 * @module random
 */

import type { Quat } from "./quat.ts";
import type { Vec3 } from "./vec3.ts";

/** A source of numbers uniform in [0, 1). */
export type Rng = () => number;

/**
 * A seeded generator (mulberry32: 32-bit state, fast, good enough for tests and figures; not for secrets).
 * @param seed - Any integer; the same seed gives the same sequence.
 * @returns A function returning numbers uniform in [0, 1).
 * @example seeded(1)() === seeded(1)()
 */
export function seeded(seed: number): Rng {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A number uniform in [min, max).
 * @example Math.abs(uniform(seeded(1), -Math.PI, Math.PI)) <= Math.PI
 */
export function uniform(rng: Rng, min: number, max: number): number {
  return min + (max - min) * rng();
}

/**
 * A unit vector uniform on the sphere (z uniform in [−1, 1], longitude uniform: Archimedes' hat-box).
 * @example Math.hypot(...unitVector(seeded(3))) // ≈ 1
 */
export function unitVector(rng: Rng): Vec3 {
  const z = uniform(rng, -1, 1);
  const phi = uniform(rng, 0, 2 * Math.PI);
  const r = Math.sqrt(1 - z * z);
  return [r * Math.cos(phi), r * Math.sin(phi), z];
}

/**
 * A unit quaternion uniform over rotations (Shoemake): with u₁, u₂, u₃ uniform in [0, 1),
 * `q = (√(1−u₁) sin 2πu₂, √(1−u₁) cos 2πu₂, √u₁ sin 2πu₃, √u₁ cos 2πu₃)`.
 * @example unitQuat(seeded(7)).length === 4
 */
export function unitQuat(rng: Rng): Quat {
  const u1 = rng();
  const a = 2 * Math.PI * rng();
  const b = 2 * Math.PI * rng();
  const s = Math.sqrt(1 - u1);
  const t = Math.sqrt(u1);
  return [s * Math.sin(a), s * Math.cos(a), t * Math.sin(b), t * Math.cos(b)];
}
