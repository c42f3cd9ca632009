/** The closest pair of two segments: the checks of exercises/12-closest-points-between-segments/02-segment-to-segment.ts. */

import { type Vec3, random, segments, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/12-closest-points-between-segments/02-segment-to-segment.ts";
import { caseRng, point } from "../cases.ts";

/**
 * `[s, t]` of segments at ≥ 15° to each other, lengths 0.5 … 4: the normal equations' condition number
 * is ≤ 1/sin²15° ≈ 15, so any correct formula agrees to ~1e-14. 1e-10 leaves room for every correct
 * formula (Cramer, cross products, candidates) and refuses a pair visibly off.
 */
const PARAMS: Comparison = { kind: "numbers", atol: 1e-10, rtol: 0 };

type Args = [Vec3, Vec3, Vec3, Vec3];
const sine = (u: Vec3, v: Vec3) => vec3.length(vec3.cross(u, v)) / (vec3.length(u) * vec3.length(v));

/**
 * Two segments whose lines' closest pair is at parameters (s0, t0) — inside both segments when s0, t0
 * lie in (0, 1) — `gap` apart, meeting at ≥ 15°.
 */
function built(rng: random.Rng, s0: number, t0: number, gap: number): Args {
  const x = point(rng, 2);
  const u = random.unitVector(rng);
  let v = random.unitVector(rng);
  while (sine(u, v) < Math.sin((15 * Math.PI) / 180)) v = random.unitVector(rng);
  const n = vec3.normalize(vec3.cross(u, v));
  const [l1, l2] = [random.uniform(rng, 0.5, 4), random.uniform(rng, 0.5, 4)];
  const a = vec3.sub(x, vec3.scale(u, s0 * l1));
  const c = vec3.add(vec3.scale(n, gap), vec3.sub(x, vec3.scale(v, t0 * l2)));
  return [a, vec3.add(a, vec3.scale(u, l1)), c, vec3.add(c, vec3.scale(v, l2))];
}

/** The pair a shortcut finds by clamping the lines' s and t separately, as in some published code. */
function clampBoth([a, b, c, d]: Args): [number, number] {
  const [d1, d2, r] = [vec3.sub(b, a), vec3.sub(d, c), vec3.sub(a, c)];
  const [aa, bb, ee, cc, f] = [vec3.dot(d1, d1), vec3.dot(d1, d2), vec3.dot(d2, d2), vec3.dot(d1, r), vec3.dot(d2, r)];
  const den = aa * ee - bb * bb;
  const c01 = (x: number) => Math.min(1, Math.max(0, x));
  return [c01((bb * f - cc * ee) / den), c01((aa * f - bb * cc) / den)];
}
const gapAt = ([a, b, c, d]: Args, [s, t]: [number, number]) => vec3.distance(vec3.lerp(a, b, s), vec3.lerp(c, d, t));

export default defineExercise<typeof solution>({
  title: "The closest pair of two segments",
  uses: ["vec3", "segments.closestPointOnSegment"],
  hints: [
    "Set the derivatives of |a + s·d₁ − c − t·d₂|² to zero (d₁ = b − a, d₂ = d − c, r = a − c): two linear equations. With A = d₁·d₁, B = d₁·d₂, C = d₁·r, E = d₂·d₂, F = d₂·r the lines' pair is s = (BF − CE)/(AE − B²), t = (AF − BC)/(AE − B²).",
    "Clamp s to [0, 1], then take the t of the point of cd nearest a + s·d₁: t = (B·s + F)/E. If that t lies in [0, 1] you are done.",
    "If t < 0 set t = 0 and recompute s as the point of ab nearest c: s = clamp(−C/A). If t > 1 set t = 1 and s = clamp((B − C)/A). Clamping s and t separately, without this last step, is wrong whenever both leave [0, 1].",
  ],
  checks: [
    // Guards: the closest pair of the two lines when it lies inside both segments.
    {
      name: "the lines' pair, inside both segments",
      points: 1,
      comparison: PARAMS,
      cases: () => {
        const rng = caseRng(1221);
        return [
          {
            fn: "closestParameters",
            args: [
              [0, 0, 0],
              [2, 0, 0],
              [1, -1, 1],
              [1, 1, 1],
            ],
            label: "a cross 1 apart",
          },
          ...Array.from({ length: 8 }, () => ({
            fn: "closestParameters" as const,
            args: built(
              rng,
              random.uniform(rng, 0.05, 0.95),
              random.uniform(rng, 0.05, 0.95),
              random.uniform(rng, 0.1, 2),
            ),
          })),
        ];
      },
    },
    // Guards: segments that meet: distance 0 at the crossing, turned and moved (rounded coordinates).
    {
      name: "crossing segments",
      points: 1,
      comparison: PARAMS,
      cases: () => {
        const rng = caseRng(1222);
        return [
          {
            fn: "closestParameters",
            args: [
              [-1, 0, 0],
              [1, 0, 0],
              [0, -1, 0],
              [0, 1, 0],
            ],
            label: "a plus sign",
          },
          ...Array.from({ length: 6 }, () => ({
            fn: "closestParameters" as const,
            args: built(rng, random.uniform(rng, 0.05, 0.95), random.uniform(rng, 0.05, 0.95), 0),
            label: "two segments that meet, turned and moved",
          })),
        ];
      },
    },
    // Guards: s clamped to [0, 1], then t of the point of cd nearest P(s).
    {
      name: "one end clamped",
      points: 1,
      comparison: PARAMS,
      cases: () => {
        const rng = caseRng(1223);
        return [
          {
            fn: "closestParameters",
            args: [
              [0, 0, 0],
              [1, 0, 0],
              [2, -1, 1],
              [2, 1, 1],
            ],
            label: "cd beyond b",
          },
          ...Array.from({ length: 8 }, () => ({
            fn: "closestParameters" as const,
            args: built(rng, random.uniform(rng, 1.1, 2.5), random.uniform(rng, 0.2, 0.8), random.uniform(rng, 0, 1)),
            label: "the lines' pair is past b",
          })),
        ];
      },
    },
    // Guards: when t had to be clamped, s is recomputed from the clamped end (clamping s and t separately is wrong).
    {
      name: "both out of range: clamping s and t separately is wrong",
      points: 2,
      comparison: PARAMS,
      cases: () => {
        const rng = caseRng(1224);
        const cases: { fn: "closestParameters"; args: Args; label?: string }[] = [
          {
            fn: "closestParameters",
            args: [
              [0, 0, 0],
              [4, 0, 0],
              [1, 1, 0],
              [-1, 0, 0],
            ],
            label: "the lines cross at d, outside ab: the pair is a and a point inside cd",
          },
        ];
        while (cases.length < 9) {
          const args = built(rng, random.uniform(rng, -2, 3), random.uniform(rng, -2, 3), random.uniform(rng, 0, 1));
          // keep only pairs where the shortcut lands visibly farther than the true pair
          if (gapAt(args, clampBoth(args)) > segments.closestPointsOnSegments(...args).distance + 0.05)
            cases.push({ fn: "closestParameters", args });
        }
        return cases;
      },
    },
    // Guards: all branches together on random non-parallel segments.
    {
      name: "random pairs",
      points: 1,
      hidden: true,
      comparison: PARAMS,
      cases: () => {
        const rng = caseRng(1225);
        const cases: { fn: "closestParameters"; args: Args }[] = [];
        while (cases.length < 20) {
          const args: Args = [point(rng, 3), point(rng, 3), point(rng, 3), point(rng, 3)];
          const [a, b, c, d] = args;
          if (sine(vec3.sub(b, a), vec3.sub(d, c)) > 0.26 && vec3.distance(a, b) > 0.5 && vec3.distance(c, d) > 0.5)
            cases.push({ fn: "closestParameters", args });
        }
        return cases;
      },
    },
  ],
});
