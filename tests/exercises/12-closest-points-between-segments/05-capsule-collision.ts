/** Capsule against capsule: the checks of exercises/12-closest-points-between-segments/05-capsule-collision.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/12-closest-points-between-segments/05-capsule-collision.ts";
import { caseRng, point, rigidMotion, unsaltedRng } from "../cases.ts";

/**
 * A signed gap from unit-size coordinates: ~1e-15 of rounding, up to ~1e-12 for cores that are
 * nearly parallel after a rigid move (the sine test then decides between two formulas that agree to
 * |core|·sin θ). 1e-9 accepts every correct method and refuses a gap off by a visible amount — such as
 * the 1e-4 of calling cores that cross at 1e-4 rad parallel (an absolute epsilon on |d₁ × d₂|²).
 */
const GAP: Comparison = { kind: "numbers", atol: 1e-9, rtol: 1e-9 };

type Capsule = solution.Capsule;
const pill = (a: Vec3, b: Vec3, radius: number): Capsule => ({ a, b, radius });
const call = (p: Capsule, q: Capsule, label?: string) => ({
  fn: "capsuleGap" as const,
  args: [p, q] as [Capsule, Capsule],
  ...(label ? { label } : {}),
});

/** A random rigid motion (a rotation about a random axis, then a move), for a capsule: the gap ignores it. */
function capsuleMotion(rng: random.Rng): (c: Capsule) => Capsule {
  const { at } = rigidMotion(rng);
  return (c) => pill(at(c.a), at(c.b), c.radius);
}

/** A small integer in −m … m, and a non-zero vector of them. */
const int = (rng: random.Rng, m: number) => Math.floor(rng() * (2 * m + 1)) - m;
function intVector(rng: random.Rng, m: number): Vec3 {
  for (;;) {
    const v: Vec3 = [int(rng, m), int(rng, m), int(rng, m)];
    if (v.some((x) => x !== 0)) return v;
  }
}

/**
 * Two exactly parallel cores at a random place and slope: p's core a → a + u (integer a, u), q's the
 * points at parameters `sc`, `sd` along it (multiples of 1/4), moved sideways by an integer w ⟂ u (the
 * cores' lines `|w|` apart). Every coordinate is a short dyadic fraction: d₁ × d₂ is exactly zero.
 */
function parallelCores(rng: random.Rng, sc: number, sd: number): [Vec3, Vec3, Vec3, Vec3] {
  const a: Vec3 = [int(rng, 5), int(rng, 5), int(rng, 5)];
  const u = intVector(rng, 3);
  let w = vec3.cross(u, intVector(rng, 1));
  while (vec3.length(w) === 0) w = vec3.cross(u, intVector(rng, 1));
  const at = (s: number) => vec3.add(vec3.add(a, vec3.scale(u, s)), w);
  return [a, vec3.add(a, u), at(sc), at(sd)];
}

export default defineExercise<typeof solution>({
  title: "Capsule against capsule",
  uses: ["vec3", "segments.closestPointOnSegment"],
  hints: [
    "A capsule is a segment with a radius: two capsules touch when the distance between their core segments is at most p.radius + q.radius. So the whole task is the segments' distance, minus both radii.",
    "For the distance use exercise 12.2's method (the lines' s, clamped; the nearest point of q's core; then back onto p's core).",
    "Two pills lying side by side have parallel cores, and a sphere's core has zero length: both make the lines' formula 0/0. Then some closest pair has an end point in it: the smallest of the four end-to-segment distances is the answer.",
  ],
  checks: [
    // Guards: the signed gap: positive apart, 0 touching, negative the penetration depth.
    {
      name: "apart, touching and overlapping",
      points: 2,
      comparison: GAP,
      cases: () => {
        const fixed = [
          call(pill([0, 0, 0], [2, 0, 0], 0.5), pill([1, -1, 2], [1, 1, 2], 0.5), "a cross, cores 2 apart: gap 1"),
          call(pill([0, 0, 0], [2, 0, 0], 1), pill([1, -1, 2], [1, 1, 2], 1), "the same cross, touching"),
          call(pill([0, 0, 0], [2, 0, 0], 1), pill([1, -1, 0.5], [1, 1, 0.5], 1), "overlapping by 1.5"),
          call(
            pill([0, 0, 0], [4, 0, 0], 0.2),
            pill([1, 1, 0], [-1, 0, 0], 0.2),
            "the lines cross outside the first core",
          ),
        ];
        // The same four, turned and moved by a random rigid motion: the same gaps.
        const move = capsuleMotion(caseRng(1253));
        const moved = fixed.map(({ args: [p, q], label }) => call(move(p), move(q), `${label}, turned and moved`));
        return [...fixed, ...moved];
      },
    },
    // Guards: parallel cores (capsules side by side): a finite gap, no NaN.
    {
      name: "side by side: parallel cores",
      points: 2,
      comparison: GAP,
      cases: () => [
        call(pill([1, -2, 0], [1, 2, 0], 0.5), pill([-1, -2, 0], [-1, 2, 0], 0.5), "fact 12.1's cores, gap 1"),
        call(pill([0, 0, 0], [2, 0, 0], 1), pill([0, 1.5, 0], [2, 1.5, 0], 1), "overlapping pills"),
        call(pill([0, 0, 0], [1, 0, 0], 0.5), pill([3, 1, 0], [5, 1, 0], 0.5), "fact 12.2's cores, end to end"),
        call(pill([0, 0, 0], [1, 0, 0], 0.3), pill([3, 0, 0], [2, 0, 0], 0.3), "collinear, opposite directions"),
        ...(() => {
          // exactly parallel cores along a random direction: overlapping along it, then end to end
          const rng = caseRng(1254);
          const radius = () => random.uniform(rng, 0, 2);
          const [sc, sd] = [(-4 + Math.floor(rng() * 8)) / 4, (5 + Math.floor(rng() * 8)) / 4];
          const [a, b, c, d] = parallelCores(rng, ...((rng() < 0.5 ? [sc, sd] : [sd, sc]) as [number, number]));
          const beyond = 1 + (1 + Math.floor(rng() * 6)) / 4;
          const [e, f, g, h] = parallelCores(rng, beyond, beyond + (1 + Math.floor(rng() * 6)) / 4);
          return [
            call(pill(a, b, radius()), pill(c, d, radius()), "side by side along a random direction"),
            call(pill(e, f, radius()), pill(g, h, radius()), "end to end along a random direction"),
          ];
        })(),
      ],
    },
    // Guards: a core of zero length (a sphere) against a sphere or a capsule: no NaN.
    {
      name: "spheres: cores of zero length",
      points: 1,
      comparison: GAP,
      cases: () => [
        call(pill([0, 0, 0], [0, 0, 0], 1), pill([3, 0, 0], [3, 0, 0], 1), "two spheres, gap 1"),
        call(pill([1, 1, 0], [1, 1, 0], 0.5), pill([0, 0, 0], [2, 0, 0], 0.25), "a sphere above a capsule"),
        call(pill([0, 0, 0], [2, 0, 0], 0.25), pill([-1, 0, 0], [-1, 0, 0], 1), "a capsule against a sphere"),
        ...(() => {
          const rng = caseRng(1255);
          const [o, p, a, b] = [point(rng, 3), point(rng, 3), point(rng, 2), point(rng, 2)];
          const radius = () => random.uniform(rng, 0, 1.5);
          return [
            call(pill(o, o, radius()), pill(p, p, radius()), "two spheres at random places"),
            call(pill(o, o, radius()), pill(a, b, radius()), "a sphere and a capsule at random places"),
            call(pill(a, b, radius()), pill(p, p, radius()), "a capsule and a sphere at random places"),
          ];
        })(),
      ],
    },
    // Guards: nearly parallel or very short cores: a special-case test moves the gap by no more than the library's
    // PARALLEL_SINE bound (~1e-12 of the core's length, inside GAP's 1e-9) — no loose or absolute epsilon (1e-4 fails).
    {
      name: "nearly parallel and very short cores are still segments",
      points: 1,
      comparison: GAP,
      cases: () => {
        const across = (angle: number, height: number): [Vec3, Vec3] => [
          [-Math.cos(angle), -Math.sin(angle), height],
          [Math.cos(angle), Math.sin(angle), height],
        ];
        const fixed = [
          call(
            pill([-1, 0, 0], [1, 0, 0], 0.1),
            pill(...across(1e-4, 0), 0.1),
            "cores crossing at 1e-4 rad: gap −0.2 (the four end distances say −0.2 + 1e-4)",
          ),
          call(
            pill([-1, 0, 0], [1, 0, 0], 0.1),
            pill(...across(1e-3, 0.3), 0.1),
            "cores 0.3 apart, 1e-3 rad from parallel: gap 0.1",
          ),
          call(
            pill([0, 0, 0], [0, 0, 2e-4], 0.05),
            pill([-1, 0, 1], [1, 0, 1], 0.05),
            "a core 2e-4 long is not a sphere: cores 1 − 2e-4 apart",
          ),
        ];
        // The same three, turned and moved by a random rigid motion: the same gaps.
        const move = capsuleMotion(caseRng(1256));
        const moved = fixed.map(({ args: [p, q], label }) => call(move(p), move(q), `${label}, turned and moved`));
        return [...fixed, ...moved];
      },
    },
    // Guards: all of it together on random capsules, turned and moved.
    {
      name: "random capsules, turned and moved",
      points: 1,
      hidden: true,
      comparison: GAP,
      cases: () => {
        const rng = caseRng(1251);
        // One fixed turn, not salted: under it the parallel cores below come out rounded (|d₁ × d₂|² ≈ 1e-32,
        // AE − B² ≈ 9e-16, not 0), as turned cores do in practice, on every salt. A salted turn sometimes
        // leaves them exactly parallel, and the check then also grades the NaN of exactly parallel cores,
        // which "side by side: parallel cores" already does.
        const m = rigidMotion(unsaltedRng(1252)).at;
        const randomOnes = Array.from({ length: 14 }, () =>
          call(
            pill(point(rng, 2), point(rng, 2), random.uniform(rng, 0, 0.6)),
            pill(point(rng, 2), point(rng, 2), random.uniform(rng, 0, 0.6)),
          ),
        );
        return [
          ...randomOnes,
          call(
            pill(m([0, 0, 0]), m([2, 0, 0]), 0.5),
            pill(m([0.5, 0.8, 0]), m([1.5, 0.8, 0]), 0.5),
            "side by side, turned",
          ),
          call(pill(m([0, 0, 0]), m([2, 0, 0]), 0.1), pill(m([3, 0.5, 0]), m([4, 0.5, 0]), 0.1), "end to end, turned"),
        ];
      },
    },
  ],
});
