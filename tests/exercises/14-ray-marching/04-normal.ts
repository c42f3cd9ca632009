/** The surface normal from the distance field: the checks of exercises/14-ray-marching/04-normal.ts. */

import { type Vec3, random, sdf, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/14-ray-marching/04-normal.ts";
import type { Shape } from "../../../solutions/14-ray-marching/04-normal.ts";
import { caseRng, point, rigidMotion, shapeSdf } from "../cases.ts";

/**
 * 1e-6 per component (fact 14.4's figure). With h = 1e-4 central differences are off the true
 * gradient by ~h²·|f'''| ≲ 2e-7 on the smallest sphere here (radius 0.3), plus rounding ~1e-16/h =
 * 1e-12, so a five-point stencil or the exact gradient by the chain rule agrees with them; a forward
 * difference is off by ~h·|f''|/2 ≥ 5e-5, the four-sample tetrahedron (first order: its off-diagonal
 * Hessian terms do not cancel) by ~h·|∂ᵢ∂ⱼf| ≈ 3e-5, and an unnormalized gradient in a blend by ≥ 1e-3.
 */
const NORMAL: Comparison = { kind: "numbers", atol: 1e-6, rtol: 1e-9 };
const H = 1e-4;

type Scene = { k: number; shapes: Shape[] };
const one = (shape: Shape): Scene => ({ k: 0, shapes: [shape] });
const ball = (center: Vec3, radius: number): Shape => ({ kind: "sphere", center, radius });
/** Fact 14.4's unit sphere at (0, 0, 5), and a small one. */
const BALL = one(ball([0, 0, 5], 1));
const SMALL = one(ball([1, -1, 0.5], 0.3));
/** Two unit spheres at x = ±1, blended with k = 1. */
const BLEND: Scene = { k: 1, shapes: [ball([-1, 0, 0], 1), ball([1, 0, 0], 1)] };
/** The point of sphere `s` in direction `u` from its centre, on its surface. */
const on = (s: Shape, u: Vec3): Vec3 =>
  s.kind === "sphere" ? vec3.add(s.center, vec3.scale(vec3.normalize(u), s.radius)) : [0, 0, 0];

/**
 * A random rigid motion (a rotation, then a move by up to 3 along each axis), for points and spheres:
 * a scene of spheres moved with the point has the normal turned by the rotation.
 */
function sceneMotion(rng: random.Rng) {
  const { at } = rigidMotion(rng);
  const move = (s: Shape): Shape => (s.kind === "sphere" ? { ...s, center: at(s.center) } : s);
  return { at, move };
}

export default defineExercise<typeof solution>({
  title: "The surface normal from the distance field",
  uses: ["vec3", "sdf.sphere", "sdf.box", "sdf.plane", "sdf.smoothUnion"],
  hints: [
    "Build f = sdf.smoothUnion(scene.k, ...shapes) (k = 0 is the plain union). For each axis i, copy p twice, add h to component i of one and subtract it from the other, and take (f(plus) − f(minus)) / 2h.",
    "Normalize the three differences. For a true distance the gradient already has length ≈ 1, but in a smooth-union blend it is shorter, and the check of that case wants a unit vector.",
    "Use central differences, not f(p + h·eᵢ) − f(p): the forward difference is only first-order accurate, off by ~h/(2r) on a sphere of radius r (5e-5 for r = 1 at h = 1e-4), and the check asks for 1e-6.",
  ],
  checks: [
    // Guards: central differences: the radial direction to 1e-6 with h = 1e-4 (forward differences are O(h), off by
    // ~5e-5).
    {
      name: "sphere: the radial direction, to 1e-6 (fact 14.4)",
      points: 2,
      comparison: NORMAL,
      cases: () => [
        { fn: "normal", args: [BALL, [0, 0, 4], H], label: "fact 14.1's hit point (0, 0, 4): (0, 0, −1)" },
        { fn: "normal", args: [BALL, on(BALL.shapes[0]!, [1, 2, -2]), H], label: "unit sphere, along (1, 2, −2)" },
        {
          fn: "normal",
          args: [BALL, on(BALL.shapes[0]!, [-0.3, 0.1, 0.9]), H],
          label: "unit sphere, along (−0.3, 0.1, 0.9)",
        },
        {
          fn: "normal",
          args: [SMALL, on(SMALL.shapes[0]!, [0.5, 0.5, -0.7]), H],
          label: "radius 0.3, along (0.5, 0.5, −0.7)",
        },
        { fn: "normal", args: [SMALL, [1.2, -0.7, 0.9], H], label: "radius 0.3, a point off the surface" },
        ...(() => {
          const rng = caseRng(1441);
          return [0, 1].map(() => {
            const s = ball(point(rng, 3), random.uniform(rng, 0.3, 2));
            return {
              fn: "normal" as const,
              args: [one(s), on(s, random.unitVector(rng)), H] as [Scene, Vec3, number],
              label: "a random sphere, a random point of its surface: the radial direction",
            };
          });
        })(),
      ],
    },
    // Guards: the face's normal beside a face; a plane's normal of any length.
    {
      name: "box faces and a floor: the face's normal",
      points: 1,
      comparison: NORMAL,
      cases: () => [
        {
          fn: "normal",
          args: [one({ kind: "box", center: [0, 0, 0], halfExtents: [1, 1, 1] }), [1, 0.2, -0.3], H],
          label: "the +x face: (1, 0, 0)",
        },
        {
          fn: "normal",
          args: [one({ kind: "box", center: [1, 2, 3], halfExtents: [0.5, 2, 1] }), [1.1, 0, 3.2], H],
          label: "the −y face of a tall box: (0, −1, 0)",
        },
        {
          fn: "normal",
          args: [one({ kind: "plane", normal: [0, 3, 4], offset: 1 }), [2, 0.2, 0.1], H],
          label: "a tilted plane, normal (0, 3, 4) given unnormalized: (0, 0.6, 0.8)",
        },
        ...(() => {
          const rng = caseRng(1442);
          // Beside a random face of a random box, 0.05 … 1 out, within 0.7 of the half-size of the face's
          // centre along the other axes: the distance is linear there, its gradient the face's normal.
          const center = point(rng, 3);
          const half: Vec3 = [random.uniform(rng, 0.3, 2), random.uniform(rng, 0.3, 2), random.uniform(rng, 0.3, 2)];
          const axis = Math.floor(rng() * 3);
          const side = rng() < 0.5 ? -1 : 1;
          const p = center.map((x, i) =>
            i === axis
              ? x + side * (half[i]! + random.uniform(rng, 0.05, 1))
              : x + random.uniform(rng, -0.7, 0.7) * half[i]!,
          ) as Vec3;
          const n = random.unitVector(rng);
          return [
            {
              fn: "normal" as const,
              args: [one({ kind: "box", center, halfExtents: half }), p, H] as [Scene, Vec3, number],
              label: "beside a random face of a random box: the face's normal",
            },
            {
              fn: "normal" as const,
              args: [
                one({
                  kind: "plane",
                  normal: vec3.scale(n, random.uniform(rng, 0.3, 5)),
                  offset: random.uniform(rng, -2, 2),
                }),
                point(rng, 3),
                H,
              ] as [Scene, Vec3, number],
              label: "a random plane, its normal given unnormalized",
            },
          ];
        })(),
      ],
    },
    // Guards: unit length where |∇f| < 1 (in a smooth-union fillet): the gradient is normalized.
    {
      name: "unit length where |∇f| < 1 (a smooth-union blend)",
      points: 1,
      comparison: NORMAL,
      cases: () => [
        { fn: "normal", args: [BLEND, [0, 0.9, 0.3], H], label: "in the fillet between two spheres, k = 1" },
        { fn: "normal", args: [BLEND, [-0.2, -0.6, 0.5], H], label: "in the fillet, off centre" },
        {
          fn: "normal",
          args: [
            { k: 0.8, shapes: [ball([0, 0.6, 0], 0.5), { kind: "plane", normal: [0, 1, 0], offset: 0 }] },
            [0.5, 0.15, 0],
            H,
          ],
          label: "a ball melting into a floor",
        },
        ...(() => {
          const rng = caseRng(1443);
          const m = sceneMotion(rng);
          const blend: Scene = { k: BLEND.k, shapes: BLEND.shapes.map(m.move) };
          return [
            {
              fn: "normal" as const,
              args: [blend, m.at([0, 0.9, 0.3]), H] as [Scene, Vec3, number],
              label: "in the fillet between the two spheres, moved and turned at random",
            },
          ];
        })(),
      ],
    },
    // Guards: all of it together on random smooth unions (hidden).
    {
      name: "random smooth unions, outside their shapes",
      points: 2,
      hidden: true,
      comparison: NORMAL,
      cases: () => {
        const rng = caseRng(1404);
        const cases = [];
        while (cases.length < 16) {
          const shapes: Shape[] = Array.from({ length: 2 }, (): Shape =>
            rng() < 0.6
              ? ball(point(rng, 1), random.uniform(rng, 0.4, 1))
              : {
                  kind: "box",
                  center: point(rng, 1),
                  halfExtents: [
                    random.uniform(rng, 0.3, 0.8),
                    random.uniform(rng, 0.3, 0.8),
                    random.uniform(rng, 0.3, 0.8),
                  ],
                },
          );
          const scene: Scene = { k: random.uniform(rng, 0.2, 1), shapes };
          const p = point(rng, 2);
          // Where the field is smooth on a scale far above h, so that every correct estimate (central
          // differences, a five-point stencil, the exact gradient by the chain rule) agrees to ~1e-7:
          // - at least 0.2 outside both shapes: a box's distance has creases inside it, and beside an
          //   edge it curves like a cylinder of radius f(p), whose third derivative ~1/f² sets the O(h²)
          //   error (0.01 outside, it reached 1e-5);
          // - not within 1e-3 (10 h) of where the field is C¹ but not C² — where the blend starts,
          //   |a − b| = k, and, for a box, where a component of q = |p − c| − halfExtents changes sign
          //   (a face's region meets an edge's): a difference straddling such a seam is off by
          //   ~h·(the jump in f''), up to 7e-6 against 1e-6.
          const fs = shapes.map(shapeSdf);
          const [a, b] = fs.map((f) => f(p)) as [number, number];
          if (a < 0.2 || b < 0.2 || Math.abs(Math.abs(a - b) - scene.k) < 1e-3) continue;
          const seam = (s: Shape) =>
            s.kind === "box" && s.halfExtents.some((h, i) => Math.abs(Math.abs(p[i]! - s.center[i]!) - h) < 1e-3);
          if (shapes.some(seam)) continue;
          const f = sdf.smoothUnion(scene.k, ...fs);
          const g = [0, 1, 2].map((i) => {
            const e: Vec3 = [0, 0, 0];
            e[i] = 1e-3;
            return (f(vec3.add(p, e)) - f(vec3.sub(p, e))) / 2e-3;
          });
          if (Math.hypot(...g) < 0.3) continue;
          cases.push({ fn: "normal" as const, args: [scene, p, H] as [Scene, Vec3, number] });
        }
        return cases;
      },
    },
  ],
});
