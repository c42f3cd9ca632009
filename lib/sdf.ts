/**
 * Signed distance fields and sphere tracing — chapter 14.
 *
 * A **signed distance function** `f` of a solid gives, at every point `p`, the distance from `p` to the
 * solid's surface, negative inside: `f(p) < 0` inside, `= 0` on the surface, `> 0` outside. Its one
 * property that matters for rendering is that it is **1-Lipschitz**, `|f(p) − f(q)| ≤ |p − q|`: from
 * `p`, the ball of radius `f(p)` holds no surface, so a ray may jump `f(p)` forward without passing
 * through anything. Repeating the jump is *sphere tracing* (Hart 1996), {@link march}.
 *
 * Shapes here are functions `(p: Vec3) => number` ({@link Sdf}): {@link sphere}, {@link box} and
 * {@link plane} are exact distances; {@link union} (`min`) is exact outside and a bound inside;
 * {@link intersection} (`max`) and {@link smoothUnion} are *bounds*: never more than the true distance
 * (still 1-Lipschitz, still safe to step by), sometimes less (a few more steps).
 *
 * A non-uniformly scaled shape, evaluated as `f(p / s)`, is **not** a distance bound: its slope reaches
 * `1/min(s)`, so a step by it can jump through the surface (fact 14.3). {@link scaled} divides by that
 * Lipschitz constant, which makes it safe again.
 *
 * Conventions: points and directions are `Vec3` tuples in one length unit (distances and `t` are in
 * it); inputs are never changed; the shape functions do not check their argument on every call (they
 * run millions of times per image) but every constructor and {@link march}/{@link normal} check
 * theirs: a non-finite coordinate or a meaningless size throws a `RangeError` naming the function and
 * the argument.
 *
 * @module sdf
 */

import { type Mat3, assertRotation } from "./mat3.ts";
import { assertFinite } from "./scalar.ts";
import { type Vec3, assertPoint, dot, normalize } from "./vec3.ts";

/** A signed distance function (or a distance bound): negative inside, zero on the surface, in length units. */
export type Sdf = (p: Readonly<Vec3>) => number;

/**
 * The exact signed distance to a sphere: `|p − center| − radius`.
 *
 * Edge case: `radius = 0` is a point (the distance to it, never negative).
 *
 * @param center - The centre.
 * @param radius - The radius, ≥ 0, in length units.
 * @returns The distance function.
 * @throws RangeError for a non-finite centre, or a radius that is negative or not finite.
 * @example sphere([0, 0, 5], 1)([0, 0, 0]) === 4
 */
export function sphere(center: Readonly<Vec3>, radius: number): Sdf {
  const [cx, cy, cz] = assertPoint(center, "sdf.sphere: center");
  if (!(assertFinite(radius, "sdf.sphere: radius") >= 0))
    throw new RangeError(`sdf.sphere: radius must be ≥ 0, got ${radius}`);
  return (p) => {
    const x = p[0] - cx,
      y = p[1] - cy,
      z = p[2] - cz;
    // √(x² + y² + z²), not Math.hypot: several times faster, and a scene's coordinates are far from overflow.
    return Math.sqrt(x * x + y * y + z * z) - radius;
  };
}

/**
 * The exact signed distance to an axis-aligned box. With `q = |p − center| − halfExtents` (per axis),
 * the distance outside is `|max(q, 0)|` — the length of the part of `q` that sticks out, which is the
 * distance to a face, an edge or a corner as the case may be — and inside it is `max(qx, qy, qz)`
 * (negative: minus the distance to the nearest face). Both terms together:
 * `|max(q, 0)| + min(max(qx, qy, qz), 0)`.
 *
 * Edge case: a zero half-extent gives a flat rectangle (or a segment, or a point).
 *
 * @param center - The box's centre.
 * @param halfExtents - Half its size along x, y, z, each ≥ 0.
 * @returns The distance function.
 * @throws RangeError for a non-finite coordinate or a negative half-extent.
 * @example box([0, 0, 0], [1, 1, 1])([2, 2, 1]) === Math.SQRT2
 */
export function box(center: Readonly<Vec3>, halfExtents: Readonly<Vec3>): Sdf {
  const [cx, cy, cz] = assertPoint(center, "sdf.box: center");
  const [hx, hy, hz] = assertPoint(halfExtents, "sdf.box: halfExtents");
  if (!(hx >= 0 && hy >= 0 && hz >= 0))
    throw new RangeError(`sdf.box: halfExtents must be ≥ 0, got [${halfExtents.join(", ")}]`);
  return (p) => {
    const qx = Math.abs(p[0] - cx) - hx;
    const qy = Math.abs(p[1] - cy) - hy;
    const qz = Math.abs(p[2] - cz) - hz;
    const ox = qx > 0 ? qx : 0,
      oy = qy > 0 ? qy : 0,
      oz = qz > 0 ? qz : 0;
    const outside = Math.sqrt(ox * ox + oy * oy + oz * oz);
    const inside = qx > qy ? (qx > qz ? qx : qz) : qy > qz ? qy : qz;
    return outside + (inside < 0 ? inside : 0);
  };
}

/**
 * The exact signed distance to the half-space below a plane: `p · n̂ − offset`, with `n̂` the unit normal
 * (the plane is `p · n̂ = offset`; the solid is the side `n̂` points away from).
 *
 * @param normal - The plane's normal, any non-zero length (it is normalized).
 * @param offset - The plane's signed distance from the origin along `n̂`, in length units.
 * @returns The distance function.
 * @throws RangeError for a zero or non-finite normal, or a non-finite offset.
 * @example plane([0, 2, 0], -1)([3, 0, 3]) === 1
 */
export function plane(normal: Readonly<Vec3>, offset: number): Sdf {
  const [nx, ny, nz] = normalize(assertPoint(normal, "sdf.plane: normal"), "sdf.plane: normal");
  assertFinite(offset, "sdf.plane: offset");
  return (p) => p[0] * nx + p[1] * ny + p[2] * nz - offset;
}

function assertShapes(fs: readonly Sdf[], name: string): void {
  if (fs.length === 0) throw new RangeError(`${name}: at least one shape is needed`);
  fs.forEach((f, i) => {
    if (typeof f !== "function") throw new RangeError(`${name}: shape ${i} is not a distance function`);
  });
}

/**
 * The union of solids: `min(f₁, …, fₙ)`. Exact outside (the nearest surface is the nearest of the
 * nearest surfaces); inside where the solids overlap it is a bound (the distance to the nearest
 * surface of one solid, not to the union's boundary).
 *
 * @param fs - One or more distance functions.
 * @returns The distance function of the union.
 * @throws RangeError when no shape is given.
 * @example union(sphere([0, 0, 0], 1), sphere([4, 0, 0], 1))([2, 0, 0]) === 1
 */
export function union(...fs: Sdf[]): Sdf {
  assertShapes(fs, "sdf.union");
  if (fs.length === 1) return fs[0]!;
  // Two or three shapes (most scenes) get their own closures: each call site then sees one function
  // and V8 inlines it, where a loop over the array calls through one site that sees them all.
  const [f0, f1, f2] = fs as [Sdf, Sdf, Sdf?];
  if (fs.length === 2) return (p) => Math.min(f0(p), f1(p));
  if (fs.length === 3 && f2) return (p) => Math.min(f0(p), f1(p), f2(p));
  return (p) => {
    let d = fs[0]!(p);
    for (let i = 1; i < fs.length; i++) d = Math.min(d, fs[i]!(p));
    return d;
  };
}

/**
 * The intersection of solids: `max(f₁, …, fₙ)`. A bound, not always exact: near an edge where two
 * surfaces meet, the true distance is larger (fewer steps would do; none is unsafe). Subtraction is
 * an intersection with a negated shape: `intersection(a, (p) => -b(p))`.
 *
 * @param fs - One or more distance functions.
 * @returns The distance bound of the intersection.
 * @throws RangeError when no shape is given.
 * @example intersection(sphere([0, 0, 0], 1), plane([0, 1, 0], 0))([0, -3, 0]) === 2
 */
export function intersection(...fs: Sdf[]): Sdf {
  assertShapes(fs, "sdf.intersection");
  if (fs.length === 1) return fs[0]!;
  const [f0, f1, f2] = fs as [Sdf, Sdf, Sdf?];
  if (fs.length === 2) return (p) => Math.max(f0(p), f1(p)); // own closures: see union
  if (fs.length === 3 && f2) return (p) => Math.max(f0(p), f1(p), f2(p));
  return (p) => {
    let d = fs[0]!(p);
    for (let i = 1; i < fs.length; i++) d = Math.max(d, fs[i]!(p));
    return d;
  };
}

/**
 * A smooth union: the polynomial smooth minimum (Quílez), folded left over the shapes,
 * `smin(a, b) = min(a, b) − h²k/4` with `h = max(k − |a − b|, 0)/k`. Where two distances differ by
 * more than `k` it is the plain `min`; where they are equal it dips by `k/4`, filling the crease with a
 * fillet about `k` wide. Its gradient stays ≤ 1 in length, so it is a safe bound.
 *
 * Edge case: `k = 0` is exactly {@link union} (no `0/0`).
 *
 * @param k - The blend width, ≥ 0, in length units.
 * @param fs - One or more distance functions.
 * @returns The blended distance bound.
 * @throws RangeError for a negative or non-finite `k`, or when no shape is given.
 * @example smoothUnion(1, sphere([-1, 0, 0], 1), sphere([1, 0, 0], 1))([0, 1, 0]) // ≈ Math.SQRT2 - 1 - 1 / 4 (≈ 0.164)
 */
export function smoothUnion(k: number, ...fs: Sdf[]): Sdf {
  if (!(assertFinite(k, "sdf.smoothUnion: k") >= 0)) throw new RangeError(`sdf.smoothUnion: k must be ≥ 0, got ${k}`);
  assertShapes(fs, "sdf.smoothUnion");
  if (k === 0) return union(...fs);
  return (p) => {
    let d = fs[0]!(p);
    for (let i = 1; i < fs.length; i++) {
      const b = fs[i]!(p);
      const h = Math.max(k - Math.abs(d - b), 0) / k;
      d = Math.min(d, b) - (h * h * k) / 4;
    }
    return d;
  };
}

/**
 * A shape stretched by `factors` along x, y, z about the origin, as a **safe** distance bound:
 * `f(p / s) · min(s)`. Evaluating `f(p / s)` alone is what a shader writer tries first, and it is not a
 * distance: its slope is up to `1/min(s)` (the largest stretch of the map `p ↦ p/s`), so it can exceed
 * the true distance by that factor and a march steps through the surface (fact 14.3: 3 where the truth
 * is 1.5). Dividing by the Lipschitz constant `1/min(s)` makes it a bound again — exact along the
 * shortest axis, an underestimate elsewhere (more steps, never a wrong hit). A uniform scale gives the
 * exact distance.
 *
 * @param f - The unscaled shape.
 * @param factors - Positive, finite stretch factors along x, y, z.
 * @returns The scaled shape's distance bound.
 * @throws RangeError for a factor that is not positive and finite.
 * @example scaled(sphere([0, 0, 0], 1), [0.5, 1, 1])([2, 0, 0]) === 1.5
 */
export function scaled(f: Sdf, factors: Readonly<Vec3>): Sdf {
  const [sx, sy, sz] = assertPoint(factors, "sdf.scaled: factors");
  if (!(sx > 0 && sy > 0 && sz > 0))
    throw new RangeError(`sdf.scaled: factors must be > 0, got [${factors.join(", ")}]`);
  const smallest = Math.min(sx, sy, sz);
  return (p) => f([p[0] / sx, p[1] / sy, p[2] / sz]) * smallest;
}

/** Options of {@link march}. */
export interface MarchOptions {
  /** A hit is a distance below this, in length units, > 0; default 1e-4. */
  epsilon?: number;
  /** Give up once `t` exceeds this, in length units, > 0; default 100. */
  maxDistance?: number;
  /** Give up after this many evaluations of `f`, an integer ≥ 1; default 256. */
  maxSteps?: number;
  /** Each step is `stepScale · f(p)`: 1 for a true distance, < 1 for a bound that may overstate (relaxation), > 1 oversteps; default 1. */
  stepScale?: number;
}

/** The result of {@link march}. */
export interface MarchResult {
  /** Whether the ray reached a distance below `epsilon`. */
  hit: boolean;
  /** The distance along the unit direction where it stopped (at the hit; past `maxDistance`; or after `maxSteps`). */
  t: number;
  /** Evaluations of `f`, the one that found the hit included (fact 14.1: 2 for a head-on unit sphere 5 away). */
  steps: number;
  /** `origin + t · direction̂`. */
  point: Vec3;
  /** `f` at the last evaluation: in [0, ε) for a clean hit, negative when a step went through the surface. */
  distance: number;
}

/** One evaluation of a march: where, and the distance found there (the radius of the step's ball). */
export interface MarchSample {
  t: number;
  point: Vec3;
  distance: number;
}

function marchOptions(opts: MarchOptions, name: string): Required<MarchOptions> {
  const { epsilon = 1e-4, maxDistance = 100, maxSteps = 256, stepScale = 1 } = opts;
  if (!(assertFinite(epsilon, `${name}: epsilon`) > 0))
    throw new RangeError(`${name}: epsilon must be > 0, got ${epsilon}`);
  if (!(maxDistance > 0)) throw new RangeError(`${name}: maxDistance must be > 0, got ${maxDistance}`);
  if (!(Number.isInteger(maxSteps) && maxSteps >= 1))
    throw new RangeError(`${name}: maxSteps must be an integer ≥ 1, got ${maxSteps}`);
  if (!(assertFinite(stepScale, `${name}: stepScale`) > 0))
    throw new RangeError(`${name}: stepScale must be > 0, got ${stepScale}`);
  return { epsilon, maxDistance, maxSteps, stepScale };
}

/** The defaults of {@link MarchOptions}, checked once. */
const DEFAULT_MARCH: Required<MarchOptions> = { epsilon: 1e-4, maxDistance: 100, maxSteps: 256, stepScale: 1 };

function run(
  f: Sdf,
  origin: Readonly<Vec3>,
  direction: Readonly<Vec3>,
  opts: MarchOptions | undefined,
  name: string,
  samples?: MarchSample[],
  out?: MarchResult,
): MarchResult {
  const ox = origin[0],
    oy = origin[1],
    oz = origin[2];
  let dx = direction[0],
    dy = direction[1],
    dz = direction[2];
  const d2 = dx * dx + dy * dy + dz * dz;
  // The boundary check costs what the normalization needs anyway: |d|² in the normal range means a
  // finite, non-zero direction; 0·(ox + oy + oz) is 0 only for a finite origin.
  if (d2 > 1e-290 && d2 < 1e290 && 0 * (ox + oy + oz) === 0) {
    const len = Math.sqrt(d2);
    dx /= len;
    dy /= len;
    dz /= len;
  } else {
    assertPoint(origin, `${name}: origin`);
    [dx, dy, dz] = normalize(assertPoint(direction, `${name}: direction`), `${name}: direction`);
  }
  const { epsilon, maxDistance, maxSteps, stepScale } = opts === undefined ? DEFAULT_MARCH : marchOptions(opts, name);
  let t = 0;
  let distance = Number.NaN;
  let steps = 0;
  let hit = false;
  // One point for the whole march, moved in place: no tuple per step. (So `f` must not keep `p`.)
  const point: Vec3 = [ox, oy, oz];
  while (steps < maxSteps) {
    // The point from t, not p += step·d: no drift from summing the steps, and `point` matches `t`.
    point[0] = ox + t * dx;
    point[1] = oy + t * dy;
    point[2] = oz + t * dz;
    distance = f(point);
    steps++;
    if (Number.isNaN(distance)) throw new RangeError(`${name}: f returned NaN at [${point.join(", ")}]`);
    samples?.push({ t, point: [point[0], point[1], point[2]], distance });
    // A negative distance is a hit too: the ray started inside, or the last step went through.
    if (distance < epsilon) {
      hit = true;
      break;
    }
    t += stepScale * distance;
    if (t > maxDistance) break;
  }
  const o = out ?? { hit, t, steps, point: [0, 0, 0], distance };
  o.hit = hit;
  o.t = t;
  o.steps = steps;
  o.point[0] = ox + t * dx;
  o.point[1] = oy + t * dy;
  o.point[2] = oz + t * dz;
  o.distance = distance;
  return o;
}

/**
 * Sphere tracing (Hart 1996): march from `origin` along the unit direction, each step as long as the
 * distance `f` gives there — safe because no surface lies nearer than that.
 *
 * The loop: `t = 0`; repeat — evaluate `d = f(origin + t·d̂)` (one *step*); if `d < epsilon`, stop with a
 * hit at `t`; otherwise `t += stepScale · d`, and stop with a miss if `t > maxDistance` — at most
 * `maxSteps` times (then a miss). A negative `d` (the origin inside, or a step through the surface)
 * counts as a hit. A ray that grazes a surface takes many short steps: the count grows without bound
 * as the gap closes (fact 14.2), which is why `maxSteps` is needed as well as `maxDistance`.
 *
 * @param f - The scene's distance function (or any bound that never overstates the distance, or
 *   overstates it by at most `1/stepScale`).
 * @param origin - Where the ray starts.
 * @param direction - Its direction, any non-zero length (normalized, so `t` is a distance).
 * The march allocates nothing per step: `f` is called with one point moved in place, so `f` must read
 * its argument, not keep it. The direction and origin are checked by the comparisons the
 * normalization needs anyway; with `out`, nothing is allocated per march either.
 *
 * @param opts - `epsilon` (1e-4), `maxDistance` (100), `maxSteps` (256), `stepScale` (1).
 * @param out - Optional destination, filled and returned (its `point` array is overwritten).
 * @returns `{hit, t, steps, point, distance}` (`out` if given).
 * @throws RangeError for a non-finite origin, a zero or non-finite direction, out-of-range options, or `f` returning NaN.
 * @example march(sphere([0, 0, 5], 1), [0, 0, 0], [0, 0, 1]) // → {hit: true, t: 4, steps: 2, point: [0, 0, 4], distance: 0}
 */
export function march(
  f: Sdf,
  origin: Readonly<Vec3>,
  direction: Readonly<Vec3>,
  opts?: MarchOptions,
  out?: MarchResult,
): MarchResult {
  return run(f, origin, direction, opts, "sdf.march", undefined, out);
}

/**
 * {@link march}, also returning every evaluation: the centres and radii of the step balls (for the
 * chapter's figure of step circles).
 *
 * @param f - The distance function.
 * @param origin - Where the ray starts.
 * @param direction - Its direction, any non-zero length.
 * @param opts - As for {@link march}.
 * @returns The march's result and its samples, `samples.length === result.steps`.
 * @throws RangeError as {@link march}.
 * @example marchPath(sphere([0, 0, 5], 1), [0, 0, 0], [0, 0, 1]).samples.map((s) => s.distance) // → [4, 0]
 */
export function marchPath(
  f: Sdf,
  origin: Readonly<Vec3>,
  direction: Readonly<Vec3>,
  opts: MarchOptions = {},
): { result: MarchResult; samples: MarchSample[] } {
  const samples: MarchSample[] = [];
  const result = run(f, origin, direction, opts, "sdf.marchPath", samples);
  return { result, samples };
}

/**
 * The surface normal at `p`: the gradient of `f` by central differences,
 * `∂f/∂x ≈ (f(p + h x̂) − f(p − h x̂)) / 2h` and likewise for y and z, normalized. The error is `O(h²)`
 * (the first-order terms cancel), against `O(h)` for forward differences; below `h ≈ 1e-5` rounding
 * (`≈ 1e-16 · |f| / h`) starts to dominate. For a true distance the gradient has length 1 and
 * normalizing changes little; for a bound (a smooth union, a scaled shape) it does.
 *
 * @param f - The distance function.
 * @param p - A point, usually on or near the surface.
 * @param h - The difference step in length units, > 0; default 1e-4.
 * @returns The unit outward normal.
 * @throws RangeError for a non-finite `p`, a non-positive `h`, or where the differences vanish (e.g. the
 *   centre of a sphere, where every direction is equally "outward").
 * @example normal(sphere([0, 0, 0], 2), [0, 3, 0]) // → [0, 1, 0]
 */
export function normal(f: Sdf, p: Readonly<Vec3>, h = 1e-4): Vec3 {
  const [x, y, z] = assertPoint(p, "sdf.normal: p");
  if (!(assertFinite(h, "sdf.normal: h") > 0)) throw new RangeError(`sdf.normal: h must be > 0, got ${h}`);
  const g: Vec3 = [
    f([x + h, y, z]) - f([x - h, y, z]),
    f([x, y + h, z]) - f([x, y - h, z]),
    f([x, y, z + h]) - f([x, y, z - h]),
  ];
  if (dot(g, g) === 0 || !g.every(Number.isFinite))
    throw new RangeError(`sdf.normal: the gradient vanishes at [${p.join(", ")}]; there is no normal there`);
  return normalize(g, "sdf.normal: gradient");
}

// ---------------------------------------------------------------------------------------------------------
// Moving a shape rigidly, and shadows: marching toward the light.
// ---------------------------------------------------------------------------------------------------------

/**
 * The shape `f` turned by the rotation `rotation` about the origin and then moved to `center`:
 * `p ↦ f(R⁻¹(p − c))`, with `R⁻¹ = Rᵀ`. A rigid motion keeps every distance, so the result is the
 * **exact** signed distance to the moved shape whenever `f` is exact (and a bound whenever `f` is one) —
 * unlike a non-uniform scale ({@link scaled}), which changes lengths and needs a correction. It is how a
 * ray marcher places a turned box: evaluate the axis-aligned box in the box's own frame.
 *
 * @param f - The shape in its own frame.
 * @param rotation - A rotation matrix (column-major, orthonormal with det +1 to 1e-9): the shape's axes in the world.
 * @param center - Where the shape's origin goes.
 * @returns The moved shape's distance function.
 * @throws RangeError if `rotation` is not a rotation or `center` is not finite.
 * @example rigid(box([0, 0, 0], [1, 1, 1]), mat3.rotationZ(Math.PI / 4), [0, 0, 0])([2, 0, 0]) // ≈ 0.5858  (2 − √2: the corner now points along x)
 */
export function rigid(f: Sdf, rotation: Readonly<Mat3>, center: Readonly<Vec3>): Sdf {
  assertRotation(rotation, "sdf.rigid: rotation");
  const [cx, cy, cz] = assertPoint(center, "sdf.rigid: center");
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = rotation;
  return (p) => {
    const x = p[0] - cx,
      y = p[1] - cy,
      z = p[2] - cz;
    // Rᵀ(p − c): column j of R dotted with p − c (column-major: column j is m[3j], m[3j+1], m[3j+2]).
    return f([m0 * x + m1 * y + m2 * z, m3 * x + m4 * y + m5 * z, m6 * x + m7 * y + m8 * z]);
  };
}

/** Options of {@link shadow}. */
export interface ShadowOptions {
  /** Softness: `undefined` (default) for a hard shadow (0 or 1); k > 0 for a soft one, whose penumbra narrows as k grows. */
  k?: number;
  /** Where the march starts along the ray, > 0, so that the surface it starts on is not its own shadow; default 1e-2. */
  tMin?: number;
  /** How far toward the light to look (the light's distance, or the scene's size); default 100. */
  maxDistance?: number;
  /** A distance below this is an occluder hit; default 1e-4. */
  epsilon?: number;
  /** Step limit; default 256. A march that runs out counts as lit. */
  maxSteps?: number;
}

/**
 * How much light reaches `point` from the direction `toLight`, in [0, 1], by marching the scene from the
 * point toward the light. **Hard** (no `k`): 0 if the march hits anything, else 1. **Soft**
 * (Quílez's `min(k·h/t)`): along the march, `h/t` is the tangent of the angle by which the ray clears
 * the nearest occluder seen from the point, so `min(1, k·min h/t)` fades from 1 to 0 across an angle of
 * about `1/k` beside a shadow's edge — a penumbra that narrows as `k` grows — and is 0 where the hard
 * shadow is.
 *
 * @param f - The scene.
 * @param point - A point on a surface (any length unit).
 * @param toLight - The direction to the light (normalized here).
 * @param opts - Softness `k`, `tMin`, `maxDistance`, `epsilon`, `maxSteps` ({@link ShadowOptions}).
 * @returns 0 (in shadow) … 1 (lit).
 * @throws RangeError for a non-finite point or direction, a zero direction, or a non-positive `k`, `tMin` or `epsilon`.
 * @example shadow(sphere([0, 1, 0], 0.5), [0, 0, 0], [0, 1, 0]) // → 0  (in shadow: the ball is straight above)
 */
export function shadow(f: Sdf, point: Readonly<Vec3>, toLight: Readonly<Vec3>, opts: ShadowOptions = {}): number {
  const [ox, oy, oz] = assertPoint(point, "sdf.shadow: point");
  const [dx, dy, dz] = normalize(assertPoint(toLight, "sdf.shadow: toLight"), "sdf.shadow: toLight");
  const { k, tMin = 1e-2, maxDistance = 100, epsilon = 1e-4, maxSteps = 256 } = opts;
  if (k !== undefined && !(assertFinite(k, "sdf.shadow: k") > 0))
    throw new RangeError(`sdf.shadow: k must be > 0, got ${k}`);
  if (!(assertFinite(tMin, "sdf.shadow: tMin") > 0)) throw new RangeError(`sdf.shadow: tMin must be > 0, got ${tMin}`);
  if (!(assertFinite(epsilon, "sdf.shadow: epsilon") > 0))
    throw new RangeError(`sdf.shadow: epsilon must be > 0, got ${epsilon}`);
  let light = 1;
  let t = tMin;
  for (let step = 0; step < maxSteps && t < maxDistance; step++) {
    const h = f([ox + t * dx, oy + t * dy, oz + t * dz]);
    if (h < epsilon) return 0;
    if (k !== undefined) light = Math.min(light, (k * h) / t);
    t += h;
  }
  return light;
}
