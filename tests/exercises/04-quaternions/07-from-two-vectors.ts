/** The rotation from one vector to another: the checks of exercises/04-quaternions/07-from-two-vectors.ts. */

import { type Vec3, quat, random, vec3 } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/04-quaternions/07-from-two-vectors.ts";
import { generated, randomVector } from "../cases.ts";

/** A unit vector `eps` rad away from the direction of `u`. */
const nudge = (u: Vec3, eps: number): Vec3 => {
  const side = vec3.normalize(vec3.cross(u, vec3.orthogonal(u)));
  return vec3.add(vec3.scale(vec3.normalize(u), Math.cos(eps)), vec3.scale(side, Math.sin(eps)));
};

/** −u as it arrives in practice: u turned by π about an axis ⟂ u, so it is opposite only to rounding. */
const halfTurned = (u: Vec3, sideAngle: number): Vec3 => {
  const p = vec3.orthogonal(u);
  const q = vec3.normalize(vec3.cross(u, p));
  const axis = vec3.add(vec3.scale(p, Math.cos(sideAngle)), vec3.scale(q, Math.sin(sideAngle)));
  return quat.rotateVec3(quat.fromAxisAngle(axis, Math.PI), u);
};

/**
 * Chapter 04 (section 6, fact 4.4) promises that quat.fromTwoVectors lands u on v within 1e-12 rad, also
 * for v = −u and for v 1e-8 from ±u; the hidden check holds the student to the same promise.
 */
const CHAPTER_PROMISE_RAD = 1e-12;

export default defineExercise<typeof solution>({
  title: "The rotation from one vector to another",
  uses: ["scalar", "vec3"],
  hints: [
    "Normalize u and v. The rotation turns by the angle φ between them about n = (u × v)/|u × v|; (u × v, 1 + u·v) = 2cos(φ/2)·(sin(φ/2) n, cos(φ/2)), so normalizing it is the answer.",
    "At v = −u, u × v = 0 and 1 + u·v = 0: the short form is [0, 0, 0, 0] and normalizing it gives NaN. Detect it and return a half turn [n, 0] about any unit n ⟂ u (vec3.orthogonal(u) is one; every such n is right).",
    "Nearly opposite, two things lose digits, both like 1e-16/gap. 1 + u·v cancels: since |u × v|² = 1 − (u·v)², use |u × v|²/(1 − u·v) when u·v < 0. And c = u × v is as small as the gap while its rounding noise is not: the noise along u and v tilts the axis. The exact c is ⟂ m = u − v, so project it: c − (c·m / m·m) m, as quat.fromTwoVectors does. Then u lands on v to ~1e-16.",
  ],
  checks: [
    // Guards: the shortest rotation (the angle between u and v, about their common normal) at quarter turns,
    // and the identity for parallel u, v (u × v = 0, 1 + u·v = 2).
    {
      // Away from v = −u the shortest rotation is unique (up to q ≡ −q): compare it, which also refuses a
      // rotation that lands u on v the long way (a half turn about u + v).
      name: "quarter turns and parallel vectors",
      points: 2,
      comparison: { kind: "rotationQuat" },
      cases: () => [
        {
          fn: "fromTwoVectors",
          args: [
            [1, 0, 0],
            [0, 1, 0],
          ],
          label: "X → Y: 90° about Z",
        },
        {
          fn: "fromTwoVectors",
          args: [
            [0, 0, 2],
            [3, 0, 0],
          ],
          label: "Z → X, unnormalised: 90° about Y",
        },
        {
          fn: "fromTwoVectors",
          args: [
            [1, 2, 3],
            [2, 4, 6],
          ],
          label: "parallel: the identity",
        },
        // The same at random: v ⟂ u (a quarter turn about u × v) and v = s·u, s > 0 (the identity).
        ...generated("fromTwoVectors", 474, 2, (rng) => {
          const u = randomVector(rng);
          return [u, vec3.scale(vec3.normalize(vec3.cross(u, random.unitVector(rng))), random.uniform(rng, 0.2, 3))];
        }).map((c) => ({ ...c, label: "random u → v ⟂ u: a quarter turn" })),
        ...generated("fromTwoVectors", 475, 1, (rng) => {
          const u = randomVector(rng);
          return [u, vec3.scale(u, random.uniform(rng, 0.2, 3))];
        }).map((c) => ({ ...c, label: "random u → s·u, s > 0: the identity" })),
      ],
    },
    // Guards: the shortest rotation for random pairs of lengths 0.2 … 3.
    {
      name: "random pairs",
      points: 2,
      comparison: { kind: "rotationQuat" },
      cases: () => generated("fromTwoVectors", 471, 20, (rng) => [randomVector(rng), randomVector(rng)]),
    },
    // Guards: "for opposite vectors, turn by 180° about an axis perpendicular to u — any such axis", exactly
    // opposite and opposite to rounding.
    {
      // Every half turn about an axis ⟂ u is a shortest rotation onto −u: check the property, not one answer.
      name: "opposite vectors (u = −v)",
      points: 3,
      comparison: { kind: "rotatesOnto", shortest: true },
      cases: () => [
        {
          fn: "fromTwoVectors",
          args: [
            [1, 0, 0],
            [-1, 0, 0],
          ],
          label: "X → −X",
        },
        {
          fn: "fromTwoVectors",
          args: [
            [0, 1, 0],
            [0, -1, 0],
          ],
          label: "Y → −Y",
        },
        {
          fn: "fromTwoVectors",
          args: [
            [0, 0, 2],
            [0, 0, -5],
          ],
          label: "Z → −Z, unnormalised",
        },
        {
          fn: "fromTwoVectors",
          args: [
            [1, 2, 3],
            [-1, -2, -3],
          ],
          label: "(1, 2, 3) → (−1, −2, −3)",
        },
        {
          fn: "fromTwoVectors",
          args: [[1, 2, 3], halfTurned([1, 2, 3], 0.4)],
          label: "(1, 2, 3) → itself turned 180° (−u to rounding)",
        },
        {
          fn: "fromTwoVectors",
          args: [[0.3, -0.5, 0.1], halfTurned([0.3, -0.5, 0.1], 2)],
          label: "(0.3, −0.5, 0.1) → itself turned 180° (−u to rounding)",
        },
        // The same at random: v = −s·u exactly, and u turned 180° about a random axis ⟂ u.
        ...generated("fromTwoVectors", 476, 2, (rng) => {
          const u = randomVector(rng);
          return [u, vec3.scale(u, -random.uniform(rng, 0.2, 3))];
        }).map((c) => ({ ...c, label: "random u → −s·u" })),
        ...generated("fromTwoVectors", 477, 2, (rng) => {
          const u = randomVector(rng);
          return [u, halfTurned(u, random.uniform(rng, 0, 2 * Math.PI))];
        }).map((c) => ({ ...c, label: "random u → itself turned 180° (−u to rounding)" })),
      ],
    },
    // Guards: "any non-zero length" for u and v, at the ends of 1e-3 … 1e3 and mixed (1e-3 onto 1e3), on
    // random pairs (opposite ones have their own check). A normalize with an epsilon in the input's units,
    // u/√(|u|² + 1e-12), is off by 5e-7 of its length at 1e-3 and turns by ~1e-6 rad too little.
    {
      name: "lengths from 1e-3 to 1e3",
      points: 1,
      comparison: { kind: "rotationQuat" },
      cases: () =>
        [1e-3, 1e3].flatMap((lu, i) =>
          [1e-3, 1e3].flatMap((lv, j) =>
            generated("fromTwoVectors", 478 + 2 * i + j, 3, (rng) => [
              vec3.scale(random.unitVector(rng), lu),
              vec3.scale(random.unitVector(rng), lv),
            ]).map((c) => ({ ...c, label: `random directions, |u| = ${lu}, |v| = ${lv}` })),
          ),
        ),
    },
    // Guards: "u lands on v within 1e-12 rad even when v is 1e-8 … 1e-12 rad from −u" (fact 4.4), and the
    // same next to +u.
    {
      name: "nearly opposite and nearly equal (1e-12 … 1e-8 apart)",
      points: 1,
      hidden: true,
      comparison: { kind: "rotatesOnto", toleranceRad: CHAPTER_PROMISE_RAD, shortest: true },
      cases: () => [
        ...generated("fromTwoVectors", 472, 16, (rng) => {
          const u = randomVector(rng);
          const gap = 10 ** random.uniform(rng, -12, -8);
          return [u, vec3.scale(nudge(vec3.negate(u), gap), random.uniform(rng, 0.5, 2))];
        }),
        ...generated("fromTwoVectors", 473, 4, (rng) => {
          const u = randomVector(rng);
          return [u, vec3.scale(nudge(u, 10 ** random.uniform(rng, -12, -8)), random.uniform(rng, 0.5, 2))];
        }),
      ],
    },
  ],
});
