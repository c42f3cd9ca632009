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

export default defineExercise<typeof solution>({
  title: "When a segment is a point",
  uses: ["vec3", "segments.closestPointOnSegment"],
  hints: [
    "Compute A = |b − a|² and E = |d − c|² first. Where either is 0, the formulas of exercise 12.2 compute 0/0.",
    "If A = 0, ab is the point a: s = 0 and t is the point-to-segment parameter of a on cd (and 0 if E = 0 too). If E = 0, t = 0 and s is the parameter of c on ab.",
    "Test A === 0, not A < 1e-8: a segment 1e-9 long is a real segment in a scene measured in metres at nanometre scale, and an absolute epsilon turns it into a point with the wrong answer.",
  ],
  checks: [
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
      ],
    },
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
      ],
    },
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
      ],
    },
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
      ],
    },
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
