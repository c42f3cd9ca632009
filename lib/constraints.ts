/**
 * Constraints as projections, and position Verlet — chapter 11 (after Jakobsen 2001, "Advanced Character
 * Physics", and position-based dynamics).
 *
 * A constraint says where a point may be ("exactly `d` from the anchor", "above the floor"); enforcing it
 * moves the point the least distance that satisfies it — a projection onto the allowed set. Many
 * constraints are enforced by projecting one after another (Gauss–Seidel) or all at once from the same
 * positions and averaging (Jacobi), a few times per frame.
 *
 * Motion comes from position Verlet ({@link verletStep}), `xₙ₊₁ = xₙ + (xₙ − xₙ₋₁) + a·dt²`: the velocity is
 * implicit in the last two positions, so a projection that moves a particle changes its velocity too, and
 * collisions ({@link collideSphere}, {@link collidePlane}, {@link separatePair}) need no response of their
 * own. A frame is: one Verlet step, then a few sweeps of {@link solveDistances} and the collisions. With
 * full projections the rope's stiffness is whatever error the sweeps leave, so it grows with the number of
 * sweeps; {@link stiffnessPerIteration} corrects a per-sweep stiffness for that (Müller et al. 2007).
 *
 * Conventions: points are `Vec3` tuples in any length unit; inputs are never changed; a point with a
 * non-finite coordinate, or a negative or non-finite distance, throws a `RangeError` naming the function
 * and the argument.
 *
 * @module constraints
 */

import { type Vec3, add, assertPoint, assertPoints, distance, dot, length, normalize, scale, sub } from "./vec3.ts";

/** The direction {@link constrainDistance} pushes a point that sits exactly on its anchor. */
export const COINCIDENT_DIRECTION: Readonly<Vec3> = [1, 0, 0];

/**
 * Moves `point` onto the sphere of radius `distance` about `anchor`, along the ray from the anchor through
 * the point: `anchor + distance · (point − anchor)/|point − anchor|` — the nearest point of that sphere.
 * The blog's building block for ropes, chains and FABRIK.
 *
 * The result is `distance` from the anchor to rounding (the direction is normalized with
 * `vec3.normalize`, exact at any size, so a point 1e-200 from its anchor still has a direction).
 *
 * Edge case: when `point` equals `anchor` every direction is equally near and none is given; the point is
 * pushed along `fallback` (default {@link COINCIDENT_DIRECTION}, +x), so the answer is still exactly
 * `distance` away and never NaN. `distance = 0` returns the anchor.
 *
 * @param point - The point to move.
 * @param anchor - The point it must keep its distance from (not moved).
 * @param distance - The required distance, ≥ 0, in the points' unit.
 * @param fallback - The direction to push along when `point = anchor` (need not be unit length).
 * @returns A new point, `distance` from `anchor`.
 * @throws RangeError for a non-finite coordinate, a negative or non-finite distance, or a zero `fallback`.
 * @example constrainDistance([3, 4, 0], [0, 0, 0], 1) // → [0.6, 0.8, 0]
 */
export function constrainDistance(
  point: Readonly<Vec3>,
  anchor: Readonly<Vec3>,
  distance: number,
  fallback: Readonly<Vec3> = COINCIDENT_DIRECTION,
): Vec3 {
  assertPoint(point, "constraints.constrainDistance: point");
  assertPoint(anchor, "constraints.constrainDistance: anchor");
  if (!(distance >= 0) || distance === Infinity) {
    throw new RangeError(`constraints.constrainDistance: distance must be finite and ≥ 0 (got ${distance})`);
  }
  const offset = sub(point, anchor);
  const coincident = offset[0] === 0 && offset[1] === 0 && offset[2] === 0;
  const direction = normalize(coincident ? fallback : offset, "constraints.constrainDistance: fallback");
  return add(anchor, scale(direction, distance));
}

/** The result of {@link verletStep}: the new positions, and the positions they were (the next step's `previous`). */
export interface VerletState {
  /** `xₙ₊₁ = 2xₙ − xₙ₋₁ + a·dt²`, one per particle. */
  positions: Vec3[];
  /** `xₙ`: the positions passed in, copied. */
  previous: Vec3[];
}

/**
 * One step of position Verlet for each particle: `xₙ₊₁ = xₙ + (xₙ − xₙ₋₁) + a·dt²`. The velocity is never
 * stored — it is implicit in the two positions, `(xₙ − xₙ₋₁)/dt` — so a constraint that moves a particle
 * also changes its velocity, which is what makes projections behave like physics (Jakobsen 2001).
 *
 * Why it works: adding the Taylor series of `x(t + dt)` and `x(t − dt)` cancels the odd terms,
 * `x(t + dt) + x(t − dt) = 2x(t) + a·dt² + x⁗·dt⁴/12 + …`, so for a constant acceleration (a parabola)
 * the step is exact: from two exact positions every later one is exact to rounding (fact 11.2). The
 * step is written `x + (x − xₚ) + a·dt²` rather than `2x − xₚ + a·dt²` so that a particle at rest far from
 * the origin stays exactly where it is.
 *
 * @param positions - The current positions `xₙ` (any length unit, say m).
 * @param previous - The positions one step earlier, `xₙ₋₁`, as many as `positions`.
 *   To start at velocity `v` take `x₋₁ = x₀ − v·dt + a·dt²/2` (the exact past of a parabola);
 *   `x₋₁ = x₀` starts at rest, to within `a·dt²/2`.
 * @param acceleration - One acceleration for every particle (gravity) or one per particle (unit/s², say m/s²).
 * @param dt - The time step, finite and ≥ 0 (s). `dt = 0` keeps the velocity and adds no acceleration.
 * @returns `{positions: xₙ₊₁, previous: xₙ}`, new arrays (the inputs are not changed).
 * @throws RangeError when a point is not finite, the lists differ in length, or `dt` is negative or not finite.
 * @example verletStep([[0, 1, 0]], [[0, 1, 0]], [0, -8, 0], 0.5).positions // → [[0, -1, 0]]
 */
export function verletStep(
  positions: readonly Readonly<Vec3>[],
  previous: readonly Readonly<Vec3>[],
  acceleration: Readonly<Vec3> | readonly Readonly<Vec3>[],
  dt: number,
): VerletState {
  assertPoints(positions, "constraints.verletStep: positions");
  assertPoints(previous, "constraints.verletStep: previous");
  if (previous.length !== positions.length) {
    throw new RangeError(
      `constraints.verletStep: previous has ${previous.length} points, positions ${positions.length}`,
    );
  }
  if (!(dt >= 0) || dt === Infinity)
    throw new RangeError(`constraints.verletStep: dt must be finite and ≥ 0 (got ${dt})`);
  const perParticle = Array.isArray(acceleration[0]);
  const accelerations = (perParticle ? acceleration : [acceleration]) as readonly Readonly<Vec3>[];
  assertPoints(accelerations, "constraints.verletStep: acceleration");
  if (perParticle && accelerations.length !== positions.length) {
    throw new RangeError(
      `constraints.verletStep: acceleration has ${accelerations.length} entries, positions ${positions.length}`,
    );
  }
  const dt2 = dt * dt;
  const next = positions.map((x, i) => {
    const xp = previous[i]!;
    const a = accelerations[perParticle ? i : 0]!;
    return [
      x[0] + (x[0] - xp[0]) + a[0] * dt2,
      x[1] + (x[1] - xp[1]) + a[1] * dt2,
      x[2] + (x[2] - xp[2]) + a[2] * dt2,
    ] as Vec3;
  });
  return { positions: next, previous: positions.map((x) => [x[0], x[1], x[2]] as Vec3) };
}

/** A distance constraint between particles `a` and `b` (indices): keep them `length` apart. */
export interface Link {
  a: number;
  b: number;
  /** The rest length, ≥ 0, in the points' unit. */
  length: number;
}

/** Options of {@link solveDistances}. */
export interface SolveOptions {
  /** How many sweeps over all links, an integer ≥ 0. */
  iterations: number;
  /**
   * `"gauss-seidel"`: project the links one after another, each seeing the moves of those before it
   * (order matters; converges faster). `"jacobi"`: compute every link's correction from the same
   * positions, then move each particle by the average of its corrections (order does not matter; slower).
   */
  method: "gauss-seidel" | "jacobi";
  /** Indices of particles that never move (infinite mass); a link between two pinned particles is skipped. */
  pinned?: readonly number[];
  /**
   * Each particle's inverse mass `w = 1/m`, finite and ≥ 0 (`w = 0`: infinitely heavy, never moves); default 1
   * for every particle (equal masses: half each). A particle listed in `pinned` has `w = 0` whatever this says.
   */
  inverseMasses?: readonly number[];
  /**
   * The fraction of each correction applied per iteration, in (0, 1]; default 1 (a full projection). With
   * `k < 1` the stiffness you get depends on the number of iterations: after `n` of them a lone link keeps
   * `(1 − k)ⁿ` of its error. {@link stiffnessPerIteration} turns a wanted overall stiffness into this `k`.
   */
  stiffness?: number;
}

/**
 * Enforces distance constraints between particles by repeated projection — the position-based dynamics
 * solver (Jakobsen 2001; Müller et al. 2007). One link with error `C = |b − a| − length` moves both ends
 * along `n = (b − a)/|b − a|`: `a += wₐ/(wₐ + w_b)·C·n`, `b −= w_b/(wₐ + w_b)·C·n`, with `w = 1/m` the
 * inverse mass (`opts.inverseMasses`, default 1) and `w = 0` for a pinned particle — half each when the masses
 * are equal (the blog's rule), ¾ and ¼ for masses 1 and 3, all of it on the free end when one is pinned. That
 * is the least mass-weighted movement that makes the link exact, and it leaves the centre of mass
 * `Σ mᵢxᵢ / Σ mᵢ` where it was (the two moves are `wₐ` and `w_b` times one impulse, opposite).
 *
 * Gauss–Seidel applies the links in the order given; Jacobi averages (each particle moves by the mean of
 * the corrections of the links that touch it and are not fully pinned). Neither reaches an exact answer
 * in finitely many iterations when links interact; chapter 11 compares how fast each gets there (fact 11.3).
 *
 * Edge case: coincident ends have no direction; they are pushed apart along {@link COINCIDENT_DIRECTION}
 * (`b` towards +x of `a`), so the result is never NaN.
 *
 * @param positions - The particles (any length unit).
 * @param links - The constraints; indices must name particles.
 * @param opts - Iterations, method, pinned particles, stiffness ({@link SolveOptions}).
 * @returns New positions (the inputs are not changed).
 * @throws RangeError for a non-finite point, an index out of range, a negative or non-finite length, a
 *   negative or non-integer iteration count, an unknown method, or a stiffness outside (0, 1].
 * @example solveDistances([[0, 0, 0], [3, 0, 0]], [{a: 0, b: 1, length: 1}], {iterations: 1, method: "gauss-seidel", pinned: [0]}) // → [[0, 0, 0], [1, 0, 0]]
 */
export function solveDistances(
  positions: readonly Readonly<Vec3>[],
  links: readonly Readonly<Link>[],
  opts: Readonly<SolveOptions>,
): Vec3[] {
  assertPoints(positions, "constraints.solveDistances: positions");
  const n = positions.length;
  links.forEach((link, i) => {
    for (const end of ["a", "b"] as const) {
      const k = link[end];
      if (!Number.isInteger(k) || k < 0 || k >= n)
        throw new RangeError(
          `constraints.solveDistances: links[${i}].${end} = ${k} is not a particle index (0 … ${n - 1})`,
        );
    }
    if (!(link.length >= 0) || link.length === Infinity)
      throw new RangeError(
        `constraints.solveDistances: links[${i}].length must be finite and ≥ 0 (got ${link.length})`,
      );
  });
  const { iterations, method, pinned = [], stiffness = 1, inverseMasses } = opts;
  if (!Number.isInteger(iterations) || iterations < 0)
    throw new RangeError(`constraints.solveDistances: iterations must be an integer ≥ 0 (got ${iterations})`);
  if (method !== "gauss-seidel" && method !== "jacobi")
    throw new RangeError(
      `constraints.solveDistances: method must be "gauss-seidel" or "jacobi" (got ${String(method)})`,
    );
  if (!(stiffness > 0 && stiffness <= 1))
    throw new RangeError(`constraints.solveDistances: stiffness must lie in (0, 1] (got ${stiffness})`);
  if (inverseMasses !== undefined && inverseMasses.length !== n)
    throw new RangeError(
      `constraints.solveDistances: inverseMasses has ${inverseMasses.length} entries for ${n} particles`,
    );
  const weight = positions.map((_, i) => {
    const w = inverseMasses?.[i] ?? 1;
    if (!(w >= 0) || w === Infinity)
      throw new RangeError(`constraints.solveDistances: inverseMasses[${i}] must be finite and ≥ 0 (got ${w})`);
    return w;
  });
  for (const k of pinned) {
    if (!Number.isInteger(k) || k < 0 || k >= n)
      throw new RangeError(`constraints.solveDistances: pinned index ${k} is not a particle index (0 … ${n - 1})`);
    weight[k] = 0;
  }
  const x = positions.map((p) => [p[0], p[1], p[2]] as Vec3);
  // The corrections are written out on scalars and applied in place, no tuple per difference, direction and
  // product: chapter 11's stiffness chart runs 700 000 link corrections a slider move. The operations, and
  // their order, are vec3's — the same bits (tests/lib/constraints.test.ts holds it to the tuple version).
  const jacobi = method === "jacobi";
  const sum = jacobi ? x.map((): Vec3 => [0, 0, 0]) : [];
  const count = jacobi ? new Array<number>(n).fill(0) : [];
  for (let it = 0; it < iterations; it++) {
    if (jacobi) {
      for (let i = 0; i < n; i++) {
        const s = sum[i]!;
        s[0] = s[1] = s[2] = 0;
        count[i] = 0;
      }
    }
    for (let j = 0; j < links.length; j++) {
      const link = links[j]!;
      const wa = weight[link.a]!;
      const wb = weight[link.b]!;
      if (wa + wb === 0) continue;
      const a = x[link.a]!;
      const b = x[link.b]!;
      let cx = b[0] - a[0],
        cy = b[1] - a[1],
        cz = b[2] - a[2];
      const len2 = cx * cx + cy * cy + cz * cz;
      const len = Math.sqrt(len2);
      // C > 0: too long, pull a towards b; C < 0: too short, push apart. c = direction · k·C/(wₐ + w_b).
      const k = (stiffness * (len - link.length)) / (wa + wb);
      if (len2 > 1e-290 && len2 < 1e290) {
        cx /= len;
        cy /= len;
        cz /= len;
      } else {
        // zero length: the fixed direction; |d|² outside the normal range: vec3's scaling
        const u = len === 0 ? COINCIDENT_DIRECTION : normalize([cx, cy, cz]);
        cx = u[0];
        cy = u[1];
        cz = u[2];
      }
      cx *= k;
      cy *= k;
      cz *= k;
      const ta = jacobi ? sum[link.a]! : a;
      const tb = jacobi ? sum[link.b]! : b;
      if (!jacobi || wa) {
        ta[0] += cx * wa;
        ta[1] += cy * wa;
        ta[2] += cz * wa;
        if (jacobi) count[link.a]!++;
      }
      if (!jacobi || wb) {
        tb[0] -= cx * wb;
        tb[1] -= cy * wb;
        tb[2] -= cz * wb;
        if (jacobi) count[link.b]!++;
      }
    }
    if (jacobi) {
      for (let i = 0; i < n; i++) {
        if (!count[i]) continue;
        const p = x[i]!;
        const s = sum[i]!;
        const inv = 1 / count[i]!;
        p[0] += s[0] * inv;
        p[1] += s[1] * inv;
        p[2] += s[2] * inv;
      }
    }
  }
  return x;
}

/**
 * The links of a chain (a rope) through particles `0, 1, …, count − 1` in order, each `length` long.
 * @param count - Number of particles, an integer ≥ 1 (a single particle has no links).
 * @param length - Rest length of every link, ≥ 0.
 * @returns `count − 1` links `{a: i, b: i + 1, length}`.
 * @throws RangeError for a count that is not an integer ≥ 1 or a negative or non-finite length.
 * @example chainLinks(3, 0.5) // → [{a: 0, b: 1, length: 0.5}, {a: 1, b: 2, length: 0.5}]
 */
export function chainLinks(count: number, length: number): Link[] {
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`constraints.chainLinks: count must be an integer ≥ 1 (got ${count})`);
  if (!(length >= 0) || length === Infinity)
    throw new RangeError(`constraints.chainLinks: length must be finite and ≥ 0 (got ${length})`);
  return Array.from({ length: count - 1 }, (_, i) => ({ a: i, b: i + 1, length }));
}

/**
 * The largest relative length error over the links, `max |(|b − a| − length)| / length` (a number ≥ 0; 0.5
 * means some link is 50% too long or too short). A link of rest length 0 counts its absolute length.
 * @param positions - The particles.
 * @param links - The constraints.
 * @returns The largest error; 0 when there are no links.
 * @throws RangeError for a non-finite point or an index out of range.
 * @example maxLengthError([[0, 0, 0], [1.5, 0, 0]], [{a: 0, b: 1, length: 1}]) // → 0.5
 */
export function maxLengthError(positions: readonly Readonly<Vec3>[], links: readonly Readonly<Link>[]): number {
  assertPoints(positions, "constraints.maxLengthError: positions");
  let worst = 0;
  links.forEach((link, i) => {
    const pa = positions[link.a];
    const pb = positions[link.b];
    if (!pa || !pb) throw new RangeError(`constraints.maxLengthError: links[${i}] names a particle that is not there`);
    const len = distance(pa, pb);
    const e = link.length > 0 ? Math.abs(len - link.length) / link.length : len;
    if (e > worst) worst = e;
  });
  return worst;
}

/**
 * The per-iteration stiffness `k` that gives an overall stiffness `overall` after `iterations` full sweeps,
 * for one link on its own: `k = 1 − (1 − overall)^(1/iterations)` (Müller et al. 2007, §3.3). With a fixed
 * `k`, a link keeps `(1 − k)ⁿ` of its error after `n` iterations, so the material gets stiffer the more you
 * iterate; this correction undoes that for the single link (a chain still stiffens somewhat — chapter 11).
 * @param overall - The wanted fraction of the error removed per frame, in [0, 1].
 * @param iterations - Iterations per frame, an integer ≥ 1.
 * @returns `k` in [0, 1]; `overall = 1` gives 1, `overall = 0` gives 0.
 * @throws RangeError for `overall` outside [0, 1] or a bad iteration count.
 * @example stiffnessPerIteration(0.75, 2) // → 0.5
 */
export function stiffnessPerIteration(overall: number, iterations: number): number {
  if (!(overall >= 0 && overall <= 1))
    throw new RangeError(`constraints.stiffnessPerIteration: overall must lie in [0, 1] (got ${overall})`);
  if (!Number.isInteger(iterations) || iterations < 1)
    throw new RangeError(`constraints.stiffnessPerIteration: iterations must be an integer ≥ 1 (got ${iterations})`);
  return 1 - (1 - overall) ** (1 / iterations);
}

/**
 * A collision with a solid sphere as a projection: a point inside is moved to the nearest point of the
 * surface, along the ray from the centre; a point on or outside is returned unchanged (an inequality
 * constraint, `|p − c| ≥ r`, unlike {@link constrainDistance}'s equality).
 *
 * Edge case: a point exactly at the centre is equally near every surface point; it is pushed along
 * `fallback` (default {@link COINCIDENT_DIRECTION}, +x — the one fallback direction the whole library and
 * course use for a point on its anchor or centre), never NaN. The direction is found with `vec3.normalize`, exact for a
 * point 1e-200 from the centre.
 *
 * @param point - The point (any length unit).
 * @param center - The sphere's centre.
 * @param radius - Its radius, finite and ≥ 0.
 * @param fallback - Direction to push a point at the centre (need not be unit length); default +x.
 * @returns A new point with `|result − center| ≥ radius`.
 * @throws RangeError for a non-finite coordinate, a negative or non-finite radius, or a zero `fallback`.
 * @example collideSphere([0, 0.5, 0], [0, 0, 0], 1) // → [0, 1, 0]
 */
export function collideSphere(
  point: Readonly<Vec3>,
  center: Readonly<Vec3>,
  radius: number,
  fallback: Readonly<Vec3> = COINCIDENT_DIRECTION,
): Vec3 {
  assertPoint(point, "constraints.collideSphere: point");
  assertPoint(center, "constraints.collideSphere: center");
  if (!(radius >= 0) || radius === Infinity)
    throw new RangeError(`constraints.collideSphere: radius must be finite and ≥ 0 (got ${radius})`);
  if (distance(point, center) >= radius) return [point[0], point[1], point[2]];
  return constrainDistance(point, center, radius, fallback);
}

/**
 * A collision with the half-space `n·p ≥ offset` (a floor when `n` is up) as a projection: a point
 * below the plane moves straight onto it, `p + (offset − n·p)·n`; a point on or above it is returned
 * unchanged.
 * @param point - The point.
 * @param normal - The plane's normal, pointing to the allowed side (any non-zero length; it is normalized).
 * @param offset - The plane's signed distance from the origin along the unit normal (the floor's height).
 * @returns A new point with `n·result ≥ offset` (to rounding).
 * @throws RangeError for a non-finite coordinate, a zero normal, or a non-finite offset.
 * @example collidePlane([1, -0.5, 2], [0, 1, 0], 0) // → [1, 0, 2]
 */
export function collidePlane(point: Readonly<Vec3>, normal: Readonly<Vec3>, offset: number): Vec3 {
  assertPoint(point, "constraints.collidePlane: point");
  const n = normalize(normal, "constraints.collidePlane: normal");
  if (!Number.isFinite(offset)) throw new RangeError(`constraints.collidePlane: offset must be finite (got ${offset})`);
  const below = offset - dot(n, point);
  if (!(below > 0)) return [point[0], point[1], point[2]];
  const moved = add(point, scale(n, below));
  // An axis-aligned floor lands exactly on its height, whatever the rounding of the product.
  for (let i = 0; i < 3; i++) if (n[i] === 1) moved[i] = offset;
  return moved;
}

/**
 * Separates two balls that overlap, symmetrically: if `|b − a| < distance` each moves half the overlap
 * away from the other along the line between them (their midpoint stays put), so they end exactly
 * `distance` apart; otherwise both are returned unchanged. The blog's ball–ball collision, as its demo
 * code does it.
 *
 * Edge case: coincident centres are pushed apart along {@link COINCIDENT_DIRECTION} (`b` to +x of `a`).
 * @param a - One centre.
 * @param b - The other centre.
 * @param distance - The least allowed distance (the sum of the radii), finite and ≥ 0.
 * @returns `[a′, b′]`, new points.
 * @throws RangeError for a non-finite coordinate or a negative or non-finite distance.
 * @example separatePair([0, 0, 0], [1, 0, 0], 2) // → [[-0.5, 0, 0], [1.5, 0, 0]]
 */
export function separatePair(a: Readonly<Vec3>, b: Readonly<Vec3>, distance: number): [Vec3, Vec3] {
  assertPoint(a, "constraints.separatePair: a");
  assertPoint(b, "constraints.separatePair: b");
  if (!(distance >= 0) || distance === Infinity)
    throw new RangeError(`constraints.separatePair: distance must be finite and ≥ 0 (got ${distance})`);
  const d = sub(b, a);
  const len = length(d);
  if (len >= distance)
    return [
      [a[0], a[1], a[2]],
      [b[0], b[1], b[2]],
    ];
  const dir = len === 0 ? COINCIDENT_DIRECTION : normalize(d);
  const half = scale(dir, (distance - len) / 2);
  return [sub(a, half), add(b, half)];
}

// ---------------------------------------------------------------------------------------------------------
// The blog's volume-preserving soft body: a ring of one-sided links with an area constraint, Jacobi-averaged.
// ---------------------------------------------------------------------------------------------------------

/**
 * The signed area a closed polygon encloses in the xy-plane (the shoelace formula; z is ignored):
 * positive when the points run counter-clockwise seen from +z.
 * @param ring - The polygon's corners in order, the last joined back to the first (any length unit).
 * @returns The area, in the unit squared (0 for fewer than three points).
 * @example ringArea([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]]) // → 1
 */
export function ringArea(ring: readonly Readonly<Vec3>[]): number {
  assertPoints(ring, "constraints.ringArea: ring");
  let twice = 0;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % ring.length]!;
    twice += p[0] * q[1] - q[0] * p[1];
  }
  return twice / 2;
}

/** Options of {@link solveRing}. */
export interface RingOptions {
  /** Sweeps per call, an integer ≥ 0. */
  iterations: number;
  /** Each link's rest length: a link longer than this is pulled in, a shorter one is left alone (one-sided). */
  linkLength: number;
  /** The area to keep, in the unit squared; `undefined` for no area constraint (a plain loop of rope). */
  restArea?: number;
}

/**
 * One call of the blog's volume-preserving soft body (its `VolumeBlob` demo), in the xy-plane: a ring of
 * particles joined in a loop by **one-sided** links (a link only pulls when it is longer than `linkLength`,
 * like a rope — it never pushes) and, optionally, an **area constraint**: with area error
 * `ΔA = restArea − area` and perimeter `P`, every particle moves `ΔA / P` along its outward vertex normal
 * (the chord from its previous to its next neighbour turned a quarter turn outward) — a band of width
 * `ΔA/P` around the ring adds about `ΔA`. Every correction of a sweep is computed from the same positions
 * and each particle moves by the mean of its own (Jacobi), so the order of the links does not matter.
 *
 * The ring must run counter-clockwise (seen from +z): {@link ringArea} > 0 at rest. Without the area
 * constraint nothing resists squashing and the loop folds flat; with it the ring keeps its area (chapter
 * 11, fact 11.5).
 *
 * @param ring - The particles in order around the loop (z is left unchanged).
 * @param opts - Sweeps, link length and rest area ({@link RingOptions}).
 * @returns New positions.
 * @throws RangeError for fewer than three particles, a non-finite point, or a negative or non-finite length.
 * @example solveRing([[0, 0, 0], [4, 0, 0], [0, 4, 0]], {iterations: 0, linkLength: 1}) // → [[0, 0, 0], [4, 0, 0], [0, 4, 0]]  (no sweep: the ring as given)
 */
export function solveRing(ring: readonly Readonly<Vec3>[], opts: Readonly<RingOptions>): Vec3[] {
  assertPoints(ring, "constraints.solveRing: ring");
  const n = ring.length;
  if (n < 3) throw new RangeError(`constraints.solveRing: a ring needs at least 3 particles (got ${n})`);
  const { iterations, linkLength, restArea } = opts;
  if (!Number.isInteger(iterations) || iterations < 0)
    throw new RangeError(`constraints.solveRing: iterations must be an integer ≥ 0 (got ${iterations})`);
  if (!(linkLength >= 0) || linkLength === Infinity)
    throw new RangeError(`constraints.solveRing: linkLength must be finite and ≥ 0 (got ${linkLength})`);
  if (restArea !== undefined && !Number.isFinite(restArea))
    throw new RangeError(`constraints.solveRing: restArea must be finite (got ${restArea})`);
  const x = ring.map((p) => [p[0], p[1], p[2]] as Vec3);
  for (let it = 0; it < iterations; it++) {
    const sum = x.map((): Vec3 => [0, 0, 0]);
    const count = x.map(() => 0);
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const d = sub(x[j]!, x[i]!);
      const len = length(d);
      if (len <= linkLength) continue; // one-sided: slack links do nothing
      const half = scale(d, (len - linkLength) / (2 * len));
      sum[i] = add(sum[i]!, half);
      sum[j] = sub(sum[j]!, half);
      count[i]!++;
      count[j]!++;
    }
    if (restArea !== undefined) {
      let perimeter = 0;
      for (let i = 0; i < n; i++) perimeter += distance(x[i]!, x[(i + 1) % n]!);
      const dilation = perimeter > 0 ? (restArea - ringArea(x)) / perimeter : 0;
      for (let i = 0; i < n; i++) {
        const chord = sub(x[(i + 1) % n]!, x[(i + n - 1) % n]!);
        const chordLength = Math.hypot(chord[0], chord[1]);
        if (chordLength === 0) continue;
        // Counter-clockwise ring: the outward normal is the chord turned clockwise, (y, −x).
        sum[i] = add(sum[i]!, [(chord[1] / chordLength) * dilation, (-chord[0] / chordLength) * dilation, 0]);
        count[i]!++;
      }
    }
    for (let i = 0; i < n; i++) if (count[i]) x[i] = add(x[i]!, scale(sum[i]!, 1 / count[i]!));
  }
  return x;
}
