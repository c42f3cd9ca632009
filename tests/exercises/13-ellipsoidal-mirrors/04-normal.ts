/** The normal of an ellipsoid: the checks of exercises/13-ellipsoidal-mirrors/04-normal.ts. */

import { type Vec3, ellipsoid, quat, random, vec3 } from "../../../lib/index.ts";
import type { Ellipsoid } from "../../../lib/ellipsoid.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/13-ellipsoidal-mirrors/04-normal.ts";
import { caseRng, point } from "../cases.ts";

type Args = [Ellipsoid, Vec3];

/**
 * A unit vector from two rotations, two divisions per component and a normalization: ~1e-15 per entry
 * (the radii ratios here are ≤ 20, so nothing is amplified much). The sign is part of the answer: the
 * normal points out, and the inward one is off by 2. The wrong transform (by M) is off by up to ~1.
 */
const UNIT: Comparison = { kind: "numbers", atol: 1e-12, rtol: 0 };

const radii = (rng: random.Rng): Vec3 => [0, 1, 2].map(() => random.uniform(rng, 0.2, 4)) as Vec3;

/** `n` points on ellipsoids made by `make`, as a hit point arrives: computed, so off the surface by rounding. */
function onSurface(
  seed: number,
  n: number,
  make: (rng: random.Rng) => Ellipsoid,
  label: string,
): { fn: "normalAt"; args: Args; label: string }[] {
  const rng = caseRng(seed);
  return Array.from({ length: n }, () => {
    const e = make(rng);
    return { fn: "normalAt" as const, args: [e, ellipsoid.fromUnitSphere(e, random.unitVector(rng))] as Args, label };
  });
}

export default defineExercise<typeof solution>({
  title: "The normal of an ellipsoid: the inverse transpose",
  uses: ["vec3", "quat", "mat3"],
  hints: [
    "Map the point into unit-sphere space: u = S⁻¹·R⁻¹·(p − c) (rotate by quat.conjugate(e.rotation), divide by the radii). There the normal is u itself.",
    "Points go back by M = R·S; normals by the inverse transpose M⁻ᵀ = R·S⁻¹ (R is orthogonal, so R⁻ᵀ = R; S is diagonal, so S⁻ᵀ = S⁻¹). Divide u by the radii once more, rotate by e.rotation, normalize.",
    "Why: a tangent t and the normal n satisfy n·t = 0. Tangents are carried by M (they are differences of points), so the carried normal n' must satisfy n'·(M t) = 0 for every t, i.e. Mᵀn' ∥ n: n' ∥ M⁻ᵀ n. The test: on a sphere M and M⁻ᵀ give the same direction — check on radii (3, 1, 1).",
  ],
  checks: [
    // Guards: on a sphere the normal is (p − c)/r: unit length, outward.
    {
      name: "spheres",
      points: 1,
      comparison: UNIT,
      cases: () =>
        onSurface(
          1341,
          6,
          (rng) => {
            const r = random.uniform(rng, 0.2, 4);
            return { center: point(rng, 10), rotation: random.unitQuat(rng), radii: [r, r, r] };
          },
          "a sphere, rotated and moved",
        ),
    },
    // Guards: carried by the inverse transpose R·S⁻¹, not by M = R·S (53° apart on radii (3, 1, 1)).
    {
      name: "squashed, axis-aligned",
      points: 2,
      comparison: UNIT,
      cases: () => [
        {
          fn: "normalAt",
          args: [{ center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [2, 1, 1] }, [Math.SQRT2, Math.SQRT1_2, 0]],
          label: "radii (2, 1, 1) at (√2, √½, 0): (1, 2, 0)/√5",
        },
        {
          fn: "normalAt",
          args: [{ center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [3, 1, 1] }, [3 * Math.SQRT1_2, Math.SQRT1_2, 0]],
          label: "radii (3, 1, 1) at u = (1, 1, 0)/√2: by M would be 53.13° off",
        },
        ...onSurface(
          1342,
          8,
          (rng) => ({ center: point(rng, 10), rotation: [0, 0, 0, 1], radii: radii(rng) }),
          "an axis-aligned ellipsoid",
        ),
      ],
    },
    // Guards: R (not R⁻¹) carries the normal back; computed hit points a little off the surface get the same formula's
    // direction.
    {
      name: "rotated and moved",
      points: 2,
      comparison: UNIT,
      cases: () => [
        ...onSurface(
          1343,
          10,
          (rng) => ({ center: point(rng, 10), rotation: random.unitQuat(rng), radii: radii(rng) }),
          "a rotated ellipsoid",
        ),
        ...onSurface(1344, 3, () => ellipsoid.fromFoci([-50, 40, 0], [50, 70, 0], 100), "fact 13.1's mirror"),
      ],
    },
    // Guards: outward (not inward) at all six ends of the axes, also on an ellipsoid turned half round.
    {
      name: "pointing out, also at the ends of the axes",
      points: 1,
      comparison: UNIT,
      cases: () => {
        const e: Ellipsoid = { center: [1, 2, 3], rotation: [0, 0, 0, 1], radii: [3, 2, 1] };
        // The same six ends on a random ellipsoid, turned by a half turn about a random axis (its own
        // inverse, so the answer is the turned axis, ±, whichever way the turn is read).
        const rng = caseRng(1345);
        const axis = random.unitVector(rng);
        const turned: Ellipsoid = {
          center: point(rng, 10),
          rotation: [axis[0], axis[1], axis[2], 0],
          radii: [0, 1, 2].map(() => random.uniform(rng, 0.5, 4)) as Vec3,
        };
        const ends = [0, 1, 2].flatMap((i) =>
          [1, -1].map((sign) => {
            const local: Vec3 = [0, 0, 0];
            local[i] = sign * turned.radii[i]!;
            return vec3.add(turned.center, quat.rotateVec3(turned.rotation, local));
          }),
        );
        return [
          ...(
            [
              [4, 2, 3],
              [-2, 2, 3],
              [1, 4, 3],
              [1, 0, 3],
              [1, 2, 4],
              [1, 2, 2],
            ] as Vec3[]
          ).map((p) => ({
            fn: "normalAt" as const,
            args: [e, p] as Args,
            label: `radii (3, 2, 1) about (1, 2, 3), at (${p.join(", ")})`,
          })),
          ...ends.map((p) => ({
            fn: "normalAt" as const,
            args: [turned, p] as Args,
            label: "a random ellipsoid turned half round, at the end of an axis",
          })),
        ];
      },
    },
  ],
});
