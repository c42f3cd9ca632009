/**
 * The rotation that turns one direction onto another (chapter 04, section 6).
 *
 * For unit u, v at angle φ, (u × v, 1 + u·v) = 2 cos(φ/2) (sin(φ/2) n, cos(φ/2)): normalized, it is the
 * shortest rotation from u to v — the **short form**. As v → −u both parts vanish, 1 + u·v cancels to
 * rounding noise, and at v = −u it is 0/0. `quat.fromTwoVectors` handles that end; these helpers measure
 * both against each other.
 */

import { type Quat, type Vec3, quat, random, vec3 } from "../../lib/index.ts";

/** The short form (u × v, 1 + u·v), normalized by hand, as it is usually written (no guard: 0/0 is NaN). */
export function shortForm(u: Readonly<Vec3>, v: Readonly<Vec3>): Quat {
  const a = vec3.normalize(u);
  const b = vec3.normalize(v);
  const c = vec3.cross(a, b);
  const raw: Quat = [c[0], c[1], c[2], 1 + vec3.dot(a, b)];
  const len = Math.hypot(...raw);
  return raw.map((x) => x / len) as Quat;
}

/** v at angle π − gap from the unit u, turned away from −u towards the unit `side` ⟂ u (gap = 0: exactly −u). */
export function towardsOpposite(u: Readonly<Vec3>, side: Readonly<Vec3>, gap: number): Vec3 {
  return gap === 0 ? vec3.negate(u) : vec3.add(vec3.scale(u, -Math.cos(gap)), vec3.scale(side, Math.sin(gap)));
}

/** How far (rad) `q` turns u from v: 0 for the right rotation, NaN when q has a NaN. */
export function landError(q: Readonly<Quat>, u: Readonly<Vec3>, v: Readonly<Vec3>): number {
  const r = quat.rotateVec3(q, u);
  return r.some(Number.isNaN) ? Number.NaN : vec3.angleBetween(r, v);
}

/** One point of the sweep: the worst landing error of `method` at π − φ = 10^g (g = −16: v = −u exactly). */
export interface TwoVectorRow {
  g: number;
  error: number;
  method: "short form (u × v, 1 + u·v)" | "quat.fromTwoVectors";
}

/**
 * For g = 0, −0.25, …, −16: v at π − 10^g from u (exactly −u at −16), and for each method the worst landing
 * error over eight random u (each with a random side) drawn from `rng`; NaN if any is NaN, and at least
 * 1e-17 so that the log axis can draw it.
 */
export function twoVectorSweep(rng: random.Rng): TwoVectorRow[] {
  const pairs = Array.from({ length: 8 }, () => {
    const u = random.unitVector(rng);
    return { u, side: vec3.normalize(vec3.cross(u, random.unitVector(rng))) };
  });
  return Array.from({ length: 65 }, (_, k) => -16 + k * 0.25).flatMap((g) => {
    const gap = g <= -16 ? 0 : 10 ** g;
    const errs = (f: (u: Vec3, v: Vec3) => Quat) =>
      pairs.map(({ u, side }) => landError(f(u, towardsOpposite(u, side, gap)), u, towardsOpposite(u, side, gap)));
    const worst = (xs: number[]) => (xs.some(Number.isNaN) ? Number.NaN : Math.max(1e-17, ...xs));
    return [
      { g, error: worst(errs(shortForm)), method: "short form (u × v, 1 + u·v)" as const },
      { g, error: worst(errs(quat.fromTwoVectors)), method: "quat.fromTwoVectors" as const },
    ];
  });
}

/**
 * Fact 4.4: the worst landing error of `quat.fromTwoVectors` over pairs of unit vectors (u, w): onto w,
 * onto −u, and onto vectors 1e-12, 1e-10 and 1e-8 off u and off −u (towards u × w).
 */
export function fromTwoVectorsWorst(pairs: readonly (readonly [Vec3, Vec3])[]): number {
  return Math.max(
    ...pairs.flatMap(([u, w]) => {
      const side = vec3.normalize(vec3.cross(u, w));
      const lands = (v: Vec3) => vec3.angleBetween(quat.rotateVec3(quat.fromTwoVectors(u, v), u), v);
      const gaps = [1e-12, 1e-10, 1e-8];
      return [
        lands(w),
        lands(vec3.negate(u)),
        ...gaps.flatMap((gap) => [
          lands(vec3.add(u, vec3.scale(side, gap))),
          lands(vec3.add(vec3.negate(u), vec3.scale(side, gap))),
        ]),
      ];
    }),
  );
}
