/** The point of a segment nearest a point: the checks of exercises/12-closest-points-between-segments/01-point-to-segment.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/12-closest-points-between-segments/01-point-to-segment.ts";
import { caseRng, generated, point } from "../cases.ts";

/**
 * A point from a dot product, a division and a lerp of unit-size coordinates (≤ 5): a few ulps,
 * ~1e-15. 1e-12 accepts any correct ordering of the arithmetic and refuses a point one part in a
 * trillion off the segment.
 */
const POINT: Comparison = { kind: "numbers", atol: 1e-12, rtol: 1e-12 };
/**
 * The task asks for `b` itself when the clamp lands on 1: identity, not a rounding allowance, so the
 * smallest positive tolerance. No correct answer rounds here (it returns `b`'s own coordinates), while
 * `a + 1·(b − a)` is off in the last bit on every case of the check (−0.3 + 1.2 = 0.8999999999999999).
 */
const SAME_POINT: Comparison = { kind: "numbers", atol: Number.MIN_VALUE, rtol: 0 };

/** Whether `a + 1·(b − a)` (as vec3.lerp computes it) differs from `b` in some coordinate. */
const lerpMissesB = (a: Vec3, b: Vec3) => vec3.lerp(a, b, 1).some((x, i) => x !== b[i]);

export default defineExercise<typeof solution>({
  title: "The point of a segment nearest a point",
  uses: ["vec3"],
  hints: [
    "Write the segment as a + t(b − a). The nearest point of the whole line has t = (p − a)·(b − a) / |b − a|².",
    "The segment is only t ∈ [0, 1]: clamp t. The squared distance is a parabola in t, so the clamped t is the segment's nearest point — no need to compare the two ends.",
    "When a = b, |b − a|² is 0 and the division gives NaN: return a — but test for exactly 0: a segment 1e-9 long is still a segment. At t = 1 return b itself, not a + 1·(b − a), which can differ in the last bit.",
  ],
  checks: [
    // Guards: the projection t = (p − a)·(b − a)/|b − a|² inside [0, 1]; a segment 2e-9 long is still a segment
    // (exactly-zero test, no absolute epsilon).
    {
      name: "inside the segment",
      points: 1,
      comparison: POINT,
      cases: () => {
        const rng = caseRng(1211);
        const inside = Array.from({ length: 8 }, () => {
          const [a, b] = [point(rng, 3), point(rng, 3)];
          // a point off the segment, straight out from an inner point
          const foot = vec3.lerp(a, b, random.uniform(rng, 0.05, 0.95));
          const out = vec3.cross(vec3.sub(b, a), random.unitVector(rng));
          return { fn: "closestPointOnSegment" as const, args: [vec3.add(foot, out), a, b] as [Vec3, Vec3, Vec3] };
        });
        return [
          {
            fn: "closestPointOnSegment",
            args: [
              [1, 5, 0],
              [0, 0, 0],
              [2, 0, 0],
            ],
            label: "(1, 5, 0) above the middle",
          },
          {
            fn: "closestPointOnSegment",
            args: [
              [0.5e-9, 3e-9, 1e-9],
              [0, 0, 0],
              [2e-9, 0, 0],
            ],
            label: "a segment 2e-9 long (metres at nanometre scale) is a segment, not a point",
          },
          ...inside,
        ];
      },
    },
    // Guards: t clamped to [0, 1]: behind a the answer is a, past b it is b.
    {
      name: "beyond an end: clamped to it",
      points: 2,
      comparison: POINT,
      cases: () => [
        {
          fn: "closestPointOnSegment",
          args: [
            [-3, 1, 0],
            [0, 0, 0],
            [2, 0, 0],
          ],
          label: "behind a: the answer is a",
        },
        {
          fn: "closestPointOnSegment",
          args: [
            [7, -2, 1],
            [0, 0, 0],
            [2, 0, 0],
          ],
          label: "past b: the answer is b",
        },
        {
          fn: "closestPointOnSegment",
          args: [
            [5, 5, 5],
            [0, 0, 0],
            [0.1, 0.2, 0.3],
          ],
          label: "past b = (0.1, 0.2, 0.3): b itself",
        },
        ...generated("closestPointOnSegment", 1212, 8, (rng): [Vec3, Vec3, Vec3] => {
          const [a, b] = [point(rng, 2), point(rng, 2)];
          const beyond = rng() < 0.5 ? random.uniform(rng, -3, -0.2) : random.uniform(rng, 1.2, 4);
          return [vec3.add(vec3.lerp(a, b, beyond), point(rng, 0.3)), a, b];
        }),
      ],
    },
    // Guards: when the clamp lands on 1 the answer is b itself, not a + 1·(b − a) (which rounds).
    {
      name: "past b: b itself, to the last bit",
      points: 1,
      comparison: SAME_POINT,
      cases: () => {
        const rng = caseRng(1214);
        const cases: { fn: "closestPointOnSegment"; args: [Vec3, Vec3, Vec3]; label?: string }[] = [
          {
            fn: "closestPointOnSegment",
            args: [
              [2.1, -0.5, 0.2],
              [-0.3, 0.7, 0.2],
              [0.9, 0.1, 0.2],
            ],
            label: "here a + 1·(b − a) = (0.8999999999999999, 0.09999999999999998, 0.2), not b",
          },
        ];
        // The generator's coordinates carry 32 random bits, for which a + (b − a) is always exact; decimals
        // (−0.3, 0.9) fill all 53 bits, and then about one pair in five misses b. The loop is bounded.
        const decimals = (p: Vec3) => p.map((x) => Math.round(x * 100) / 100) as Vec3;
        for (let tries = 0; cases.length < 6 && tries < 500; tries++) {
          const [a, b] = [decimals(point(rng, 3)), decimals(point(rng, 3))];
          if (!lerpMissesB(a, b) || vec3.distance(a, b) < 0.5) continue;
          // well past b along the line, moved straight out sideways: the clamp lands on 1
          const beyond = vec3.lerp(a, b, random.uniform(rng, 1.5, 3));
          const out = vec3.cross(vec3.sub(b, a), random.unitVector(rng));
          cases.push({ fn: "closestPointOnSegment", args: [vec3.add(beyond, out), a, b] });
        }
        return cases;
      },
    },
    // Guards: a = b (exactly) returns a, never 0/0 — p on it too.
    {
      name: "a zero-length segment is a point, not NaN",
      points: 2,
      comparison: POINT,
      cases: () => [
        {
          fn: "closestPointOnSegment",
          args: [
            [4, 0, 0],
            [1, 1, 1],
            [1, 1, 1],
          ],
          label: "a = b = (1, 1, 1)",
        },
        {
          fn: "closestPointOnSegment",
          args: [
            [1, 1, 1],
            [1, 1, 1],
            [1, 1, 1],
          ],
          label: "p = a = b",
        },
        {
          fn: "closestPointOnSegment",
          args: [
            [0, 0, 0],
            [0, 0, 0],
            [3, 0, 0],
          ],
          label: "p = a on a real segment",
        },
        ...(() => {
          // the same at a random place: a = b anywhere, p anywhere or on it
          const rng = caseRng(1215);
          const [p, a] = [point(rng, 4), point(rng, 3)];
          return [
            {
              fn: "closestPointOnSegment" as const,
              args: [p, a, a] as [Vec3, Vec3, Vec3],
              label: "a = b at a random place",
            },
            {
              fn: "closestPointOnSegment" as const,
              args: [a, a, a] as [Vec3, Vec3, Vec3],
              label: "p = a = b at a random place",
            },
          ];
        })(),
      ],
    },
    // Guards: every region together (behind a, past b, between) on full-precision random data.
    {
      name: "random points and segments",
      points: 1,
      hidden: true,
      comparison: POINT,
      cases: () =>
        generated("closestPointOnSegment", 1213, 20, (rng): [Vec3, Vec3, Vec3] => [
          point(rng, 4),
          point(rng, 3),
          point(rng, 3),
        ]),
    },
  ],
});
