/** Where a ray meets an ellipsoid: the checks of exercises/13-ellipsoidal-mirrors/03-ray-ellipsoid.ts. */

import { type Vec3, ellipsoid, quat, random, vec3 } from "../../../lib/index.ts";
import type { Ellipsoid } from "../../../lib/ellipsoid.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/13-ellipsoidal-mirrors/03-ray-ellipsoid.ts";
import { caseRng, point } from "../cases.ts";

type Args = [Ellipsoid, Vec3, Vec3];

/**
 * t through a rotation, three divisions and a stable quadratic: ~1e-15 relative. 1e-10 leaves room for
 * the other ways of writing it (a matrix inverse, a renormalized root scaled back) while the blog's
 * renormalized t is off by the ratio |d'|, typically tens of per cent.
 */
const T: Comparison = { kind: "numbers", atol: 1e-10, rtol: 1e-10 };

const randomRadii = (rng: random.Rng): Vec3 => [0, 1, 2].map(() => random.uniform(rng, 0.3, 4)) as Vec3;

/** A ray from outside aimed at a point halfway to the centre, or (inside) from such a point. */
function ray(rng: random.Rng, e: Ellipsoid, inside: boolean, k = 1): Args {
  const target = ellipsoid.fromUnitSphere(e, vec3.scale(random.unitVector(rng), 0.5));
  if (inside) return [e, target, vec3.scale(random.unitVector(rng), k)];
  const origin = vec3.add(target, vec3.scale(random.unitVector(rng), 15));
  return [e, origin, vec3.scale(vec3.normalize(vec3.sub(target, origin)), k)];
}

export default defineExercise<typeof solution>({
  title: "Where a ray meets an ellipsoid: the t bookkeeping",
  uses: ["vec3", "quat", "mat3"],
  hints: [
    "Into unit-sphere space: o' = S⁻¹·R⁻¹·(o − c) and d' = S⁻¹·R⁻¹·d, where R⁻¹ is quat.conjugate(e.rotation) applied with quat.rotateVec3 and S⁻¹ divides each component by its radius. Then solve |o' + t d'|² = 1 as in exercise 13.2, with a = d'·d'.",
    "Keep d' as it comes out. The map is affine, so o + t·d goes to o' + t·d' with the same t — the t you return. The blog normalizes d' (then t is a distance in the stretched space, which is not a world distance: along a semi-axis of 3 it is three times too small).",
    "After a bounce the origin is a computed surface point: one root is ~1e-16 (or just below 0) and means 'here'. Skip roots with t·|d'| ≤ 1e-9 and return the next one ahead.",
  ],
  checks: [
    {
      name: "unit spheres, moved",
      points: 1,
      comparison: T,
      cases: () => {
        const rng = caseRng(1331);
        return Array.from({ length: 8 }, (_, i) => ({
          fn: "intersectEllipsoid" as const,
          args: ray(rng, { center: point(rng, 10), rotation: random.unitQuat(rng), radii: [1, 1, 1] }, i % 2 === 1),
          label: i % 2 ? "a unit sphere, from inside" : "a unit sphere, from outside",
        }));
      },
    },
    {
      name: "axis-aligned ellipsoids: t is a world parameter",
      points: 2,
      comparison: T,
      cases: () => {
        const rng = caseRng(1332);
        return [
          {
            fn: "intersectEllipsoid" as const,
            args: [{ center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [2, 1, 1] }, [-5, 0, 0], [1, 0, 0]] as Args,
            label: "radii (2, 1, 1) from (−5, 0, 0) along +x: t = 3",
          },
          {
            fn: "intersectEllipsoid" as const,
            args: [{ center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [3, 1, 1] }, [0, 0, 0], [1, 0, 0]] as Args,
            label: "radii (3, 1, 1) from the centre along +x: t = 3",
          },
          ...Array.from({ length: 8 }, (_, i) => ({
            fn: "intersectEllipsoid" as const,
            args: ray(rng, { center: point(rng, 10), rotation: [0, 0, 0, 1], radii: randomRadii(rng) }, i % 2 === 1),
            label: i % 2 ? "an axis-aligned ellipsoid, from inside" : "an axis-aligned ellipsoid, from outside",
          })),
        ];
      },
    },
    {
      name: "rotated and moved",
      points: 2,
      comparison: T,
      cases: () => {
        const rng = caseRng(1333);
        return [
          {
            fn: "intersectEllipsoid" as const,
            args: [ellipsoid.fromFoci([-50, 40, 0], [50, 70, 0], 100), [-50, 40, 0], [0, 1, 0]] as Args,
            label: "fact 13.1's mirror, from its first focus along +y",
          },
          ...Array.from({ length: 10 }, (_, i) => ({
            fn: "intersectEllipsoid" as const,
            args: ray(
              rng,
              { center: point(rng, 10), rotation: random.unitQuat(rng), radii: randomRadii(rng) },
              i % 2 === 1,
            ),
            label: i % 2 ? "a rotated ellipsoid, from inside" : "a rotated ellipsoid, from outside",
          })),
        ];
      },
    },
    {
      name: "a direction of any length",
      points: 1,
      comparison: T,
      cases: () => {
        const rng = caseRng(1334);
        return [0.001, 0.2, 3, 40, 1000].map((k, i) => ({
          fn: "intersectEllipsoid" as const,
          args: ray(rng, { center: point(rng, 10), rotation: [0, 0, 0, 1], radii: randomRadii(rng) }, i % 2 === 1, k),
          label: `an axis-aligned ellipsoid, |d| = ${k}`,
        }));
      },
    },
    {
      name: "misses and ellipsoids behind: null",
      points: 1,
      comparison: { kind: "exact" },
      cases: () => [
        {
          fn: "intersectEllipsoid",
          args: [{ center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [2, 1, 1] }, [-5, 1.2, 0], [1, 0, 0]],
          label: "passes above radii (2, 1, 1)",
        },
        {
          fn: "intersectEllipsoid",
          args: [{ center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [2, 1, 1] }, [5, 0, 0], [1, 0, 0]],
          label: "the ellipsoid is behind",
        },
        {
          fn: "intersectEllipsoid",
          args: [
            { center: [0, 0, 0], rotation: quat.fromAxisAngle([0, 0, 1], Math.PI / 2), radii: [3, 1, 1] },
            [2, -5, 0],
            [0, 1, 0],
          ],
          label: "radii (3, 1, 1) turned 90° about z: its long axis is y, so a ray along y at x = 2 passes by",
        },
        // Random ellipsoids, and rays that stay clear of the ball of their largest radius: null whatever
        // the rotation, so the answer needs no trust in how the ellipsoid is turned.
        (() => {
          const rng = caseRng(1338);
          const e: Ellipsoid = { center: point(rng, 10), rotation: random.unitQuat(rng), radii: randomRadii(rng) };
          const u = random.unitVector(rng);
          const closest = vec3.add(e.center, vec3.scale(u, random.uniform(rng, 1.3, 3) * Math.max(...e.radii)));
          const across = vec3.normalize(vec3.cross(u, random.unitVector(rng)));
          return {
            fn: "intersectEllipsoid" as const,
            args: [
              e,
              vec3.add(closest, vec3.scale(across, 15)),
              vec3.scale(across, -random.uniform(rng, 0.1, 10)),
            ] as Args,
            label: "a random ellipsoid, passed 1.3 to 3 times its largest radius from the centre",
          };
        })(),
        (() => {
          const rng = caseRng(1339);
          const e: Ellipsoid = { center: point(rng, 10), rotation: random.unitQuat(rng), radii: randomRadii(rng) };
          const out = random.unitVector(rng);
          const origin = vec3.add(e.center, vec3.scale(out, random.uniform(rng, 1.2, 4) * Math.max(...e.radii)));
          let d = random.unitVector(rng);
          if (vec3.dot(d, out) < 0) d = vec3.scale(d, -1);
          d = vec3.normalize(vec3.add(d, vec3.scale(out, 0.2)));
          return {
            fn: "intersectEllipsoid" as const,
            args: [e, origin, vec3.scale(d, random.uniform(rng, 0.1, 10))] as Args,
            label: "a random ellipsoid behind the ray, from outside the ball of its largest radius",
          };
        })(),
      ],
    },
    {
      name: "just off the surface: a root beyond 1e-9 is a real hit",
      points: 1,
      comparison: T,
      cases: () => {
        const rng = caseRng(1337);
        const exact: Args = [
          { center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [2, 1, 1] },
          [-2 - 2e-6, 0, 0],
          [1, 0, 0],
        ];
        return [
          {
            fn: "intersectEllipsoid" as const,
            args: exact,
            label:
              "radii (2, 1, 1), 2e-6 outside the end of the long axis, heading in: t = 2e-6 (1e-6 in unit-sphere space)",
          },
          ...Array.from({ length: 4 }, () => {
            const e: Ellipsoid = { center: point(rng, 10), rotation: random.unitQuat(rng), radii: randomRadii(rng) };
            const p = ellipsoid.fromUnitSphere(e, random.unitVector(rng));
            const n = ellipsoid.normalAt(e, p);
            // 1e-6 of the smallest radius outside: ≥ 7e-8 in unit-sphere space, far beyond the 1e-9 that means "here".
            const origin = vec3.add(p, vec3.scale(n, 1e-6 * Math.min(...e.radii)));
            let d = random.unitVector(rng);
            if (vec3.dot(d, n) > -0.3) d = vec3.normalize(vec3.sub(d, vec3.scale(n, vec3.dot(d, n) + 1)));
            return {
              fn: "intersectEllipsoid" as const,
              args: [e, origin, d] as Args,
              label: "1e-6 of the smallest radius outside, heading in: the near root",
            };
          }),
        ];
      },
    },
    {
      name: "from the surface (after a bounce): the far side, not t ≈ 0",
      points: 2,
      comparison: T,
      cases: () => {
        const rng = caseRng(1336);
        return Array.from({ length: 8 }, () => {
          const e: Ellipsoid = { center: point(rng, 10), rotation: random.unitQuat(rng), radii: randomRadii(rng) };
          const p = ellipsoid.fromUnitSphere(e, random.unitVector(rng));
          const n = ellipsoid.normalAt(e, p);
          // A computed hit point sits off the surface by rounding; put it just outside (1e-12), as the worst case.
          const origin = vec3.add(p, vec3.scale(n, 1e-12 * Math.min(...e.radii)));
          let d = random.unitVector(rng);
          if (vec3.dot(d, n) > -0.3) d = vec3.normalize(vec3.sub(d, vec3.scale(n, vec3.dot(d, n) + 1)));
          return {
            fn: "intersectEllipsoid" as const,
            args: [e, origin, d] as Args,
            label: "from a surface point, inward",
          };
        });
      },
    },
  ],
});
