/** When a segment is a point: the checks of exercises/12-closest-points-between-segments/04-zero-length-case.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/12-closest-points-between-segments/04-zero-length-case.ts";
import { caseRng, point } from "../cases.ts";

/** `[s, t, distance]` of unit-size pairs at ≥ 15°: ~1e-14 of rounding; 1e-10 refuses any visible error. */
const PAIR: Comparison = { kind: "numbers", atol: 1e-10, rtol: 0 };
/**
 * The same pair in units of 1e-9 (a nanometre scene in metres), or a 1e-9 segment beside a unit one:
 * the parameters are still O(1), the distance is ~1e-9, so the tolerance is relative for it
 * (1e-9·|expected|) and a tiny absolute part (1e-18, a billionth of the distance) for the parameters,
 * which come out exactly 0.5 (or 0) here.
 */
const TINY: Comparison = { kind: "numbers", atol: 1e-18, rtol: 1e-9 };

type Args = [Vec3, Vec3, Vec3, Vec3];
const call = (args: Args, label?: string) => ({
  fn: "closestPointsRobust" as const,
  args,
  ...(label ? { label } : {}),
});

/** A segment of length 0.5 … 3 at a random place and direction. */
function randomSegment(rng: random.Rng): [Vec3, Vec3] {
  const c = point(rng, 2);
  return [c, vec3.add(c, vec3.scale(random.unitVector(rng), random.uniform(rng, 0.5, 3)))];
}

/**
 * Two segments whose lines' closest pair is at parameters (s0, t0) inside both, `gap` apart, meeting at
 * ≥ 15°, lengths 0.5 … 4, about a point in [−2, 2]³ — all scaled by `scale`.
 */
function crossingPair(rng: random.Rng, s0: number, t0: number, gap: number, scale: number): Args {
  const x = point(rng, 2);
  const u = random.unitVector(rng);
  let v = random.unitVector(rng);
  while (vec3.length(vec3.cross(u, v)) < Math.sin((15 * Math.PI) / 180)) v = random.unitVector(rng);
  const n = vec3.normalize(vec3.cross(u, v));
  const [l1, l2] = [random.uniform(rng, 0.5, 4), random.uniform(rng, 0.5, 4)];
  const a = vec3.sub(x, vec3.scale(u, s0 * l1));
  const c = vec3.add(vec3.scale(n, gap), vec3.sub(x, vec3.scale(v, t0 * l2)));
  return [a, vec3.add(a, vec3.scale(u, l1)), c, vec3.add(c, vec3.scale(v, l2))].map((p) =>
    vec3.scale(p, scale),
  ) as Args;
}

export default defineExercise<typeof solution>({
  title: "When a segment is a point",
  uses: ["vec3", "segments.closestPointOnSegment"],
  hints: [
    "Compute A = |b − a|² and E = |d − c|² first. Where either is 0, the formulas of exercise 12.2 compute 0/0.",
    "If A = 0, ab is the point a: s = 0 and t is the point-to-segment parameter of a on cd (and 0 if E = 0 too). If E = 0, t = 0 and s is the parameter of c on ab.",
    "Test A === 0, not A < 1e-8: a segment 1e-9 long is a real segment in a scene measured in metres at nanometre scale, and an absolute epsilon turns it into a point with the wrong answer.",
  ],
  checks: [
    // Guards: a = b: s = 0 and t is the point-to-segment answer for a.
    {
      name: "ab is a point: s = 0",
      points: 1,
      comparison: PAIR,
      cases: () => [
        call(
          [
            [1, 1, 0],
            [1, 1, 0],
            [0, 0, 0],
            [2, 0, 0],
          ],
          "a = b above the middle of cd",
        ),
        call(
          [
            [5, 0, 0],
            [5, 0, 0],
            [0, 0, 0],
            [2, 0, 0],
          ],
          "a = b beyond d",
        ),
        call(
          [
            [0, 0, 0],
            [0, 0, 0],
            [0, 0, 0],
            [1, 1, 1],
          ],
          "a = b = c",
        ),
        ...(() => {
          const rng = caseRng(1242);
          const a = point(rng, 3);
          const [c, d] = randomSegment(rng);
          return [
            call([a, a, c, d], "a = b and cd at random places"),
            call([c, c, c, d], "a = b = c, cd at a random place"),
          ];
        })(),
      ],
    },
    // Guards: c = d: t = 0 and s is the point-to-segment answer for c.
    {
      name: "cd is a point: t = 0",
      points: 1,
      comparison: PAIR,
      cases: () => [
        call(
          [
            [0, 0, 0],
            [2, 0, 0],
            [1, 1, 0],
            [1, 1, 0],
          ],
          "c = d above the middle of ab",
        ),
        call(
          [
            [0, 0, 0],
            [2, 0, 0],
            [-3, 4, 0],
            [-3, 4, 0],
          ],
          "c = d behind a",
        ),
        ...(() => {
          const rng = caseRng(1243);
          const [a, b] = randomSegment(rng);
          const c = point(rng, 3);
          return [
            call([a, b, c, c], "ab and c = d at random places"),
            call([a, b, b, b], "c = d = b, ab at a random place"),
          ];
        })(),
      ],
    },
    // Guards: both points: s = t = 0 and the distance between them.
    {
      name: "both are points",
      points: 1,
      comparison: PAIR,
      cases: () => [
        call(
          [
            [1, 2, 3],
            [1, 2, 3],
            [1, 2, 7],
            [1, 2, 7],
          ],
          "two points 4 apart",
        ),
        call(
          [
            [1, 2, 3],
            [1, 2, 3],
            [1, 2, 3],
            [1, 2, 3],
          ],
          "the same point twice",
        ),
        ...(() => {
          const rng = caseRng(1244);
          const [p, q] = [point(rng, 3), point(rng, 3)];
          return [call([p, p, q, q], "two points at random places"), call([p, p, p, p], "the same random point twice")];
        })(),
      ],
    },
    // Guards: exactly-zero test: a segment 1e-9 long (small units), and a short segment beside a long one, are still
    // segments — no absolute or relative epsilon.
    {
      name: "a segment 1e-9 long is a segment, not a point",
      points: 2,
      comparison: TINY,
      cases: () => [
        call(
          [
            [-1e-9, 0, 0],
            [1e-9, 0, 0],
            [0, -1e-9, 1e-9],
            [0, 1e-9, 1e-9],
          ],
          "a cross 1e-9 apart, in metres",
        ),
        call(
          [
            [0, 0, 0],
            [2e-9, 0, 0],
            [1e-9, 1e-9, 0],
            [1e-9, 1e-9, 0],
          ],
          "a point 1e-9 above a 2e-9 segment",
        ),
        // a relative epsilon (|b − a|² ≤ ε·|d − c|²) turns the short one of these into a point
        call(
          [
            [-1e-9, 0, 0],
            [1e-9, 0, 0],
            [0, -1, 1e-9],
            [0, 1, 1e-9],
          ],
          "a 2e-9 segment 1e-9 below the middle of one 2 long",
        ),
        call(
          [
            [0, -1, 1e-9],
            [0, 1, 1e-9],
            [-1e-9, 0, 0],
            [1e-9, 0, 0],
          ],
          "the same pair, the short segment second",
        ),
        ...(() => {
          // a random pair at nanometre scale, its closest pair well inside both (parameters 0.2 … 0.8)
          const rng = caseRng(1245);
          const pair = () =>
            crossingPair(
              rng,
              random.uniform(rng, 0.2, 0.8),
              random.uniform(rng, 0.2, 0.8),
              random.uniform(rng, 0.3, 2),
              1e-9,
            );
          return [
            call(pair(), "two random segments 0.5e-9 … 4e-9 long, ~1e-9 apart"),
            call(pair(), "two random segments 0.5e-9 … 4e-9 long, ~1e-9 apart"),
          ];
        })(),
      ],
    },
    // Guards: two real, non-parallel segments: exercise 12.2's answer.
    {
      name: "ordinary pairs still right",
      points: 1,
      hidden: true,
      comparison: PAIR,
      cases: () => {
        const rng = caseRng(1241);
        const cases = [];
        while (cases.length < 12) {
          const args: Args = [point(rng, 3), point(rng, 3), point(rng, 3), point(rng, 3)];
          const [u, v] = [vec3.sub(args[1], args[0]), vec3.sub(args[3], args[2])];
          const sine = vec3.length(vec3.cross(u, v)) / (vec3.length(u) * vec3.length(v));
          if (sine > 0.26 && vec3.length(u) > 0.5 && vec3.length(v) > 0.5) cases.push(call(args));
        }
        // and a point against a random segment, either way round
        const p = point(rng, 2);
        const [c, d] = [point(rng, 2), vec3.add(point(rng, 2), [random.uniform(rng, 1, 2), 0, 0])];
        return [...cases, call([p, p, c, d]), call([c, d, p, p])];
      },
    },
  ],
});
