/** Parallel segments: the checks of exercises/12-closest-points-between-segments/03-parallel-case.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/12-closest-points-between-segments/03-parallel-case.ts";
import { caseRng, rigidMotion } from "../cases.ts";

/**
 * `[distance, sFrom, sTo]` from two dot products and a division of coordinates ≤ ~8 (turned and
 * moved cases arrive rounded, ~1e-15): 1e-10 accepts every correct formula and refuses a range that
 * is short by any visible amount. Comparing the whole range — not one pair — is what makes the check
 * fair: every closest pair has its s in [sFrom, sTo], and that range is unique.
 */
const RANGE: Comparison = { kind: "numbers", atol: 1e-10, rtol: 0 };

type Args = [Vec3, Vec3, Vec3, Vec3];
const call = (args: Args, label?: string) => ({ fn: "parallelClosest" as const, args, ...(label ? { label } : {}) });

/** Turns and moves a case rigidly, so its coordinates arrive rounded, as they do in practice. */
function moved(rng: random.Rng, pts: Args): Args {
  return pts.map(rigidMotion(rng, 4).at) as Args;
}

/**
 * Exactly parallel segments at a random place and slope: ab = a → a + u for a random integer a and
 * integer direction u, and cd the points at parameters `sc`, `sd` along ab (multiples of 1/4), moved
 * sideways by an integer vector w ⟂ u (none when `collinear`). Every coordinate is a short dyadic
 * fraction, so d − c is exactly parallel to b − a and s_c, s_d come out exact.
 */
function parallelAt(rng: random.Rng, sc: number, sd: number, collinear = false): Args {
  const int = (m: number) => Math.floor(rng() * (2 * m + 1)) - m;
  const nonZero = (m: number): Vec3 => {
    for (;;) {
      const v: Vec3 = [int(m), int(m), int(m)];
      if (v.some((x) => x !== 0)) return v;
    }
  };
  const a: Vec3 = [int(5), int(5), int(5)];
  const u = nonZero(3);
  let w = vec3.cross(u, nonZero(2));
  while (vec3.length(w) === 0) w = vec3.cross(u, nonZero(2));
  const side: Vec3 = collinear ? [0, 0, 0] : w;
  const at = (s: number) => vec3.add(vec3.add(a, vec3.scale(u, s)), side);
  return [a, vec3.add(a, u), at(sc), at(sd)];
}

/** A parameter k/4 for a random integer k in `from … to`. */
const quarter = (rng: random.Rng, from: number, to: number) => (from + Math.floor(rng() * (to - from + 1))) / 4;

/** `[sc, sd]` with sc < sd overlapping [0, 1] by at least 1/4. */
function overlapping(rng: random.Rng): [number, number] {
  const sc = quarter(rng, -4, 3);
  return [sc, Math.max(sc, 0) + quarter(rng, 1, 7)];
}

/** `[sc, sd]` in increasing order, both beyond b or both behind a by at least 1/4. */
function apart(rng: random.Rng): [number, number] {
  const near = quarter(rng, 1, 6);
  const far = near + quarter(rng, 1, 6);
  return rng() < 0.5 ? [1 + near, 1 + far] : [-far, -near];
}

export default defineExercise<typeof solution>({
  title: "Parallel segments",
  uses: ["vec3", "segments.closestPointOnSegment"],
  hints: [
    "The formula of exercise 12.2 divides by AE − B² = |d₁ × d₂|², which is 0 here. Do without it: find where c and d fall along ab, s_c = (c − a)·(b − a)/|b − a|² and s_d likewise.",
    "cd covers the parameters between min(s_c, s_d) and max(s_c, s_d) (c may come after d). Intersect that with [0, 1]: every s in the intersection has a partner on cd at the lines' distance.",
    "If the intersection is empty, all of cd lies beyond one end of ab: that end is the only closest point, sFrom = sTo = 0 or 1. The distance is then from that end to cd (closestPointOnSegment).",
  ],
  checks: [
    // Guards: overlapping segments: the whole range [sFrom, sTo] of s, not one pair.
    {
      name: "overlapping: a whole range of closest pairs (fact 12.1)",
      points: 2,
      comparison: RANGE,
      cases: () => [
        call(
          [
            [1, -2, 0],
            [1, 2, 0],
            [-1, -2, 0],
            [-1, 2, 0],
          ],
          "fact 12.1: side by side, 2 apart",
        ),
        call(
          [
            [0, 0, 0],
            [4, 0, 0],
            [1, 1, 0],
            [2, 1, 0],
          ],
          "cd above the second quarter of ab",
        ),
        call(
          [
            [0, 0, 0],
            [1, 0, 0],
            [-2, 0, 3],
            [0.5, 0, 3],
          ],
          "cd covers the first half of ab",
        ),
        call(
          [
            [0, 0, 0],
            [2, 0, 0],
            [-1, 2, 2],
            [3, 2, 2],
          ],
          "cd longer than ab on both sides",
        ),
        ...(() => {
          const rng = caseRng(1232);
          return [
            call(parallelAt(rng, ...overlapping(rng)), "side by side along a random direction, overlapping"),
            call(parallelAt(rng, ...overlapping(rng)), "side by side along a random direction, overlapping"),
          ];
        })(),
      ],
    },
    // Guards: no overlap: sFrom = sTo at the nearest end of ab, and the distance between ends (not the lines').
    {
      name: "apart along their line: one pair of ends (fact 12.2)",
      points: 1,
      comparison: RANGE,
      cases: () => [
        call(
          [
            [0, 0, 0],
            [1, 0, 0],
            [3, 1, 0],
            [5, 1, 0],
          ],
          "fact 12.2: √5 apart",
        ),
        call(
          [
            [0, 0, 0],
            [1, 0, 0],
            [-5, 1, 1],
            [-3, 1, 1],
          ],
          "cd behind a",
        ),
        call(
          [
            [0, 0, 0],
            [1, 0, 0],
            [3, 0, 0],
            [2, 0, 0],
          ],
          "collinear, 1 apart",
        ),
        call(
          [
            [0, 0, 0],
            [1, 0, 0],
            [1, 0, 0],
            [2, 0, 0],
          ],
          "collinear, touching at b",
        ),
        ...(() => {
          const rng = caseRng(1233);
          const [[c1, d1], [c2, d2]] = [apart(rng), apart(rng)];
          return [
            call(parallelAt(rng, c1, d1), "side by side along a random direction, apart along it"),
            call(parallelAt(rng, d2, c2, true), "collinear along a random direction, apart, cd reversed"),
          ];
        })(),
      ],
    },
    // Guards: cd may point against ab (s_c > s_d): the range and distance are the same.
    {
      name: "opposite directions",
      points: 1,
      comparison: RANGE,
      cases: () => [
        call(
          [
            [0, 0, 0],
            [4, 0, 0],
            [2, 1, 0],
            [1, 1, 0],
          ],
          "cd from x = 2 back to x = 1",
        ),
        call(
          [
            [0, 0, 0],
            [1, 0, 0],
            [5, 1, 0],
            [3, 1, 0],
          ],
          "reversed and beyond b",
        ),
        call(
          [
            [3, 3, 3],
            [1, 1, 1],
            [0, 0, 1],
            [2, 2, 3],
          ],
          "a diagonal pair, ab reversed",
        ),
        ...(() => {
          const rng = caseRng(1234);
          const [[c1, d1], [c2, d2]] = [overlapping(rng), apart(rng)];
          return [
            call(parallelAt(rng, d1, c1), "side by side along a random direction, overlapping, cd reversed"),
            call(parallelAt(rng, d2, c2), "side by side along a random direction, apart, cd reversed"),
          ];
        })(),
      ],
    },
    // Guards: segments as they arrive in practice (turned and moved, ~1e-15 off parallel): no NaN, the same range to
    // 1e-10.
    {
      name: "turned and moved (rounded coordinates)",
      points: 2,
      hidden: true,
      comparison: RANGE,
      cases: () => {
        const rng = caseRng(1231);
        return Array.from({ length: 16 }, (_, i) => {
          const len = random.uniform(rng, 0.5, 3);
          // Every fourth pair runs the other way and overlaps AB (CD from inside AB back towards A), so
          // each salt probes a reversed overlap — the case a same-direction assumption gets wrong.
          const reversed = i % 4 === 0;
          const from = reversed ? random.uniform(rng, 0.4 * len, len) : random.uniform(rng, -4, 4);
          const to = reversed
            ? from - random.uniform(rng, 0.2, 0.9) * from
            : from + (rng() < 0.5 ? 1 : -1) * random.uniform(rng, 0.5, 3);
          const off = random.uniform(rng, 0, 2);
          return call(
            moved(rng, [
              [0, 0, 0],
              [len, 0, 0],
              [from, off, 0],
              [to, off, 0],
            ]),
          );
        });
      },
    },
  ],
});
