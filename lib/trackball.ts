/**
 * The virtual trackball: turning an object by dragging it with the mouse — the lecture's "camera
 * control code" (Nate Robins' GLUT `gltb.c`, `gltbMotion` / `gltbMatrix`) and Shoemake's arcball (1992).
 *
 * **Screen points** `[x, y]` are normalized: the canvas centre is `(0, 0)`, x to the right, **y up**, and
 * 1 is half the canvas's shorter side — a square canvas is `[−1, 1]²`, and on a wide one the ball stays
 * round and x runs further ({@link screenPoint} converts pointer pixels). Points off the canvas (a drag
 * that leaves it, with pointer capture) are fine: every finite point has a place on the ball.
 *
 * **The ball** is centred on the canvas, its radius `r` in those units (default 1: it touches the
 * shorter sides). The view looks down −z, so z points at the viewer; rotations are in these view
 * coordinates (with a camera on the +z axis looking at the origin, view = world).
 *
 * **The mapping** lifts a screen point at distance `d = |(x, y)|` from the centre onto a surface and
 * returns the direction of the lifted point, a unit vector. Two conventions:
 *   - `"bell"` (default; Gavin Bell's SGI `trackball.c`): inside `d ≤ r/√2` onto the sphere,
 *     `z = √(r² − d²)`; outside onto the hyperbola `z = r²/(2d)`. At the **rim** `d = r/√2` both give
 *     `z = r/√2` with slope `dz/dd = −1`: the mapping is continuous and smooth, and a point far away
 *     tends to the ball's silhouette `(x, y, 0)/d`. The rim circle is 45° from the view axis.
 *   - `"shoemake"` (the arcball paper's plain projection): inside `d ≤ r` onto the sphere; outside onto
 *     the silhouette, `(x, y, 0)/d`. Continuous, with a corner at the rim `d = r`; outside it, a drag
 *     along the rim only spins the object about the view axis.
 *
 * **Two ways to turn** (p₀, p₁ unit ball points, as pure quaternions `(p, 0)`):
 *   - the incremental trackball ({@link trackballStep}): at every mouse event, the shortest rotation
 *     from the previous ball point to the current one, composed onto the orientation. It turns by the
 *     angle between the points, so on the sphere the grabbed point stays under the cursor — but the
 *     result depends on the path: a closed drag leaves a net turn ({@link holonomy});
 *   - Shoemake's arcball ({@link arcball}): `q = p₁·p₀* = (p₀ × p₁, p₀·p₁)`, from the point where the
 *     button went down to the current one, applied to the orientation at the press. It turns by
 *     **twice** the angle between the points, and depends on the two end points only: a closed drag
 *     returns exactly where it started.
 *
 * Angles are radians. Quaternions are `[x, y, z, w]`, scalar last.
 *
 * @module trackball
 */

import { type Quat, fromAxisAngle, fromTwoVectors, identity, multiply, normalize as normalizeQuat } from "./quat.ts";
import { assertFinite } from "./scalar.ts";
import { type Vec3, cross, dot, normalize } from "./vec3.ts";

/** A normalized screen point `[x, y]`: centre `(0, 0)`, y up, 1 = half the canvas's shorter side. */
export type ScreenPoint = [number, number];

/** How screen points are lifted onto the ball (see the module header). */
export type BallMapping = "bell" | "shoemake";

/** The ball: its radius and mapping. */
export interface BallOptions {
  /** The ball's radius in screen units (1 = half the canvas's shorter side); default 1. */
  radius?: number;
  /** `"bell"` (sphere glued to a hyperbola, the default) or `"shoemake"` (sphere, then its silhouette). */
  mapping?: BallMapping;
}

/** The two ways to turn an object by a drag. */
export type DragMethod = "incremental" | "arcball";

/** A drag's ball and starting orientation. */
export interface DragOptions extends BallOptions {
  /** The object's orientation when the button goes down; default the identity. */
  start?: Readonly<Quat>;
}

/** The radius and mapping, checked: a RangeError names the bad one. */
function ball(options: BallOptions, where: string): { r: number; mapping: BallMapping } {
  const r = options.radius ?? 1;
  if (!(r > 0) || !Number.isFinite(r)) throw new RangeError(`${where}: radius must be positive and finite (${r})`);
  const mapping = options.mapping ?? "bell";
  if (mapping !== "bell" && mapping !== "shoemake")
    throw new RangeError(`${where}: mapping must be "bell" or "shoemake" (${String(mapping)})`);
  return { r, mapping };
}

/**
 * The distance from the ball's centre at which the sphere ends and the outside part begins: `r/√2`
 * for `"bell"` (where the hyperbola takes over), `r` for `"shoemake"` (the silhouette).
 * @param options - The ball (radius in screen units, default 1; mapping, default `"bell"`).
 * @returns The rim's radius in screen units.
 * @throws RangeError if the radius is not positive and finite.
 * @example rimRadius() // ≈ 0.7071 (1/√2)
 */
export function rimRadius(options: BallOptions = {}): number {
  const { r, mapping } = ball(options, "trackball.rimRadius");
  return mapping === "bell" ? r * Math.SQRT1_2 : r;
}

/**
 * The normalized screen point of a pointer position in pixels (`offsetX`, `offsetY` of a pointer event:
 * origin at the top-left corner, y down): centre `(0, 0)`, y up, 1 = half the shorter side.
 * @param px - Pixels from the canvas's left edge (CSS pixels).
 * @param py - Pixels from the canvas's top edge (CSS pixels), downwards.
 * @param width - The canvas's width (CSS pixels, > 0).
 * @param height - The canvas's height (CSS pixels, > 0).
 * @throws RangeError if a coordinate is NaN or infinite, or the size is not positive.
 * @example screenPoint(400, 150, 800, 600) // → [0, 0.5]  (above the centre of an 800 × 600 canvas)
 */
export function screenPoint(px: number, py: number, width: number, height: number): ScreenPoint {
  assertFinite(px, "trackball.screenPoint: px");
  assertFinite(py, "trackball.screenPoint: py");
  if (!(width > 0 && height > 0) || !Number.isFinite(width) || !Number.isFinite(height))
    throw new RangeError(`trackball.screenPoint: width and height must be positive (${width} × ${height})`);
  const half = Math.min(width, height) / 2;
  return [(px - width / 2) / half, (height / 2 - py) / half];
}

/**
 * The unit vector on the virtual ball under a screen point (the module header's mapping).
 *
 * Edges: the centre maps to `[0, 0, 1]`, straight at the viewer; a point on the rim maps to the same
 * vector from both sides (`"bell"`: 45° from the view axis, `[x, y, r/√2]/r`); far outside the vector
 * tends to the silhouette `(x, y, 0)/d` (`"bell"` reaches it only in the limit — z = r²/(2d²)
 * to first order, below the smallest double beyond d ≈ 1e161; `"shoemake"` is on it for every `d ≥ r`). Huge coordinates (1e200) neither overflow nor underflow.
 *
 * @param point - A normalized screen point `[x, y]` (see {@link screenPoint}); any finite values.
 * @param options - The ball (radius in screen units, default 1; mapping, default `"bell"`).
 * @returns A unit vector `[x, y, z]` in view coordinates, `z ≥ 0`, in the vertical plane through the point.
 * @throws RangeError if a coordinate is NaN or infinite, or the radius is not positive and finite.
 * @example ballPoint([0.3, 0.4]) // ≈ [0.3, 0.4, 0.866]  (inside: on the unit sphere)
 * @example ballPoint([1, 0]) // ≈ [0.894, 0, 0.447]  (outside: (1, 0, 1/2) on the hyperbola, normalized)
 */
export function ballPoint(point: Readonly<ScreenPoint>, options: BallOptions = {}): Vec3 {
  const { r, mapping } = ball(options, "trackball.ballPoint");
  const x = assertFinite(point[0], "trackball.ballPoint: point[0]");
  const y = assertFinite(point[1], "trackball.ballPoint: point[1]");
  const d = Math.hypot(x, y); // no overflow for huge points
  if (d <= (mapping === "bell" ? r * Math.SQRT1_2 : r)) {
    // On the sphere: (x, y, √(r² − d²)) has length r. (r − d)(r + d) keeps digits near d = r.
    return [x / r, y / r, Math.sqrt((r - d) * (r + d)) / r];
  }
  if (mapping === "shoemake") return [x / d, y / d, 0];
  // On the hyperbola z = r²/(2d), then normalized; x/d and y/d first, so nothing overflows.
  const z = ((r / d) * r) / 2;
  return normalize([x / d, y / d, z / d], "trackball.ballPoint: the lifted point");
}

/**
 * Shoemake's arcball: the rotation of a drag from the press point to the current point,
 * `q = p₁·p₀* = (p₀ × p₁, p₀·p₁)` of the two ball points as pure quaternions.
 *
 * It turns about `p₀ × p₁` by **twice** the angle `φ` between the ball points (`|p₀ × p₁| = sin φ`,
 * `p₀·p₁ = cos φ`, and a rotation by θ has `w = cos(θ/2)`). It depends on the two points only, never
 * on the path between them. Edges: a drag of zero length (the same point) is exactly the identity;
 * a drag through the centre is a turn about an axis in the screen plane; a drag from one side of the
 * ball to the other (φ → 180°) turns by nearly 360° — nearly back where it started, with `w → −1`.
 * The result is unit (renormalized after rounding).
 *
 * @param press - Where the button went down (normalized screen point).
 * @param current - Where the pointer is now (normalized screen point).
 * @param options - The ball (radius in screen units, default 1; mapping, default `"bell"`).
 * @returns The unit quaternion of the drag, in view coordinates; apply it after the orientation at the press.
 * @throws RangeError as {@link ballPoint} does.
 * @example arcball([0, 0], [0.5, 0]) // ≈ quat.fromAxisAngle([0, 1, 0], π/3): the points are 30° apart, the turn is 60°
 */
export function arcball(press: Readonly<ScreenPoint>, current: Readonly<ScreenPoint>, options: BallOptions = {}): Quat {
  const p0 = ballPoint(press, options);
  const p1 = ballPoint(current, options);
  const c = cross(p0, p1);
  return normalizeQuat([c[0], c[1], c[2], dot(p0, p1)]);
}

/**
 * One step of the incremental trackball (gltb's `gltbMotion`): the shortest rotation taking the ball
 * point of `previous` to the ball point of `current`, about `p₀ × p₁` by the angle between them.
 * Composed at every mouse event, `step · orientation`.
 *
 * On the sphere part the grabbed point of the object follows the cursor exactly. (gltb.c turns by
 * 90° · |p₁ − p₀| instead, about π/2 times the angle for small steps: a faster, steeper ball.)
 * Edges: a step of zero length is exactly the identity; the points are never opposite with `"bell"`
 * (both have z > 0), but can be with `"shoemake"` (two points on opposite sides of the silhouette):
 * then a half turn about an axis ⟂ `p₀`, as `quat.fromTwoVectors` picks it.
 *
 * @param previous - The previous pointer position (normalized screen point).
 * @param current - The current pointer position (normalized screen point).
 * @param options - The ball (radius in screen units, default 1; mapping, default `"bell"`).
 * @returns A unit quaternion, in view coordinates.
 * @throws RangeError as {@link ballPoint} does.
 * @example trackballStep([0, 0], [0.5, 0]) // ≈ quat.fromAxisAngle([0, 1, 0], π/6): the angle itself, 30°
 */
export function trackballStep(
  previous: Readonly<ScreenPoint>,
  current: Readonly<ScreenPoint>,
  options: BallOptions = {},
): Quat {
  return fromTwoVectors(ballPoint(previous, options), ballPoint(current, options));
}

/**
 * The object's orientation after each pointer position of a drag, by either method.
 *
 * `path[0]` is where the button went down. With `"arcball"`, orientation k is
 * `arcball(path[0], path[k]) · start`; with `"incremental"` it is
 * `trackballStep(path[k−1], path[k]) · orientation[k−1]`, renormalized at every step so that a long
 * drag does not drift from unit length.
 *
 * @param path - The pointer positions (normalized screen points), the press first; at least one.
 * @param method - `"incremental"` (the trackball, path-dependent) or `"arcball"` (path-independent).
 * @param options - The ball (radius, mapping) and `start`, the orientation at the press (default identity).
 * @returns One unit quaternion per point of the path: `[start, …]`, the last one where the drag leaves the object.
 * @throws RangeError if the path is empty or a point is not finite.
 * @example drag([[0, 0], [0.5, 0], [0, 0]], "arcball").at(-1) // ≈ [0, 0, 0, 1]: back where it started
 */
export function drag(path: readonly Readonly<ScreenPoint>[], method: DragMethod, options: DragOptions = {}): Quat[] {
  if (path.length === 0) throw new RangeError("trackball.drag: path is empty (a drag starts with the press point)");
  if (method !== "incremental" && method !== "arcball")
    throw new RangeError(`trackball.drag: method must be "incremental" or "arcball" (${String(method)})`);
  const start: Quat = options.start ? normalizeQuat(options.start) : identity();
  const out: Quat[] = [start];
  for (let k = 1; k < path.length; k++) {
    const turn =
      method === "arcball" ? arcball(path[0]!, path[k]!, options) : trackballStep(path[k - 1]!, path[k]!, options);
    out.push(normalizeQuat(multiply(turn, method === "arcball" ? start : out[k - 1]!)));
  }
  return out;
}

/**
 * A closed circular drag: `steps + 1` screen points on the circle of `radius` about `center`,
 * counter-clockwise on the screen (y up), starting and ending — exactly — at `center + (radius, 0)`.
 * @param center - The circle's centre (normalized screen point).
 * @param radius - Its radius in screen units (≥ 0; 0 is a drag that never moves).
 * @param steps - The number of mouse events around it (an integer ≥ 1).
 * @throws RangeError if `radius` is negative or not finite, or `steps` is not a positive integer.
 * @example circlePath([0, 0], 0.5, 4) // ≈ [[0.5, 0], [0, 0.5], [-0.5, 0], [0, -0.5], [0.5, 0]]
 */
export function circlePath(center: Readonly<ScreenPoint>, radius: number, steps: number): ScreenPoint[] {
  assertFinite(center[0], "trackball.circlePath: center[0]");
  assertFinite(center[1], "trackball.circlePath: center[1]");
  if (!(radius >= 0) || !Number.isFinite(radius))
    throw new RangeError(`trackball.circlePath: radius must be ≥ 0 and finite (${radius})`);
  if (!Number.isInteger(steps) || steps < 1)
    throw new RangeError(`trackball.circlePath: steps must be a positive integer (${steps})`);
  return Array.from({ length: steps + 1 }, (_, k): ScreenPoint => {
    if (k === steps) return [center[0] + radius, center[1]]; // closed exactly
    const t = (2 * Math.PI * k) / steps;
    return [center[0] + radius * Math.cos(t), center[1] + radius * Math.sin(t)];
  });
}

/**
 * The signed solid angle (steradians) enclosed by a closed loop of unit vectors joined by great-circle
 * arcs: positive when the loop runs counter-clockwise seen from outside the ball. Summed over the fan
 * of spherical triangles `(p₀, pₖ, pₖ₊₁)`, each by Van Oosterom and Strackee's formula
 * `tan(Ω/2) = p₀·(pₖ × pₖ₊₁) / (1 + p₀·pₖ + pₖ·pₖ₊₁ + pₖ₊₁·p₀)` (with atan2: exact to rounding).
 * A loop that does not end where it starts is closed by the arc back to `p₀`.
 * @param points - Unit vectors; the loop should stay in an open hemisphere (every ball point of the
 *   `"bell"` mapping does: z > 0). Fewer than three points enclose nothing (0).
 * @returns The enclosed solid angle in steradians, in (−2π, 2π) for a loop in a hemisphere.
 * @example loopSolidAngle([[1, 0, 0], [0, 1, 0], [0, 0, 1]]) // ≈ π/2 (an eighth of the sphere)
 */
export function loopSolidAngle(points: readonly Readonly<Vec3>[]): number {
  let total = 0;
  const p0 = points[0];
  if (!p0) return 0;
  for (let k = 1; k + 1 < points.length; k++) {
    const a = points[k]!;
    const b = points[k + 1]!;
    const triple = dot(p0, cross(a, b));
    total += 2 * Math.atan2(triple, 1 + dot(p0, a) + dot(a, b) + dot(b, p0));
  }
  return total;
}

/**
 * The net turn a **closed** drag leaves with the incremental trackball: its holonomy. Each step is the
 * shortest rotation along a great-circle arc, which carries the ball's tangent directions along that
 * arc without twisting them (parallel transport); around a closed loop they come back turned by the
 * loop's enclosed solid angle Ω (Gauss–Bonnet, for the unit sphere). So the drag ends turned by Ω about
 * the press point's ball direction `p₀` — the one direction a closed drag brings back to itself.
 * For a circle of screen radius ρ ≤ r/√2 about the centre, Ω ≈ 2π(1 − cos α) with cos α = √(1 − ρ²/r²)
 * (the cap the circle cuts off; the steps' polygon encloses slightly less). The arcball's holonomy is 0.
 *
 * @param path - A closed drag (normalized screen points; the last equals the first, or is joined to it).
 * @param options - The ball (radius in screen units, default 1; mapping, default `"bell"`).
 * @returns `{axis, angle}`: the unit ball point of the press and Ω in radians (signed: positive for a
 *   counter-clockwise drag on the screen); `drag(path, "incremental").at(-1)` is the rotation
 *   `fromAxisAngle(axis, angle)` times the start.
 * @throws RangeError if the path is empty or a point is not finite.
 * @example holonomy(circlePath([0, 0], 0.5, 360)).angle // ≈ 0.8418 (rad, 48.2°: 2π(1 − cos 30°))
 */
export function holonomy(
  path: readonly Readonly<ScreenPoint>[],
  options: BallOptions = {},
): { axis: Vec3; angle: number } {
  if (path.length === 0) throw new RangeError("trackball.holonomy: path is empty");
  const points = path.map((p) => ballPoint(p, options));
  return { axis: points[0]!, angle: loopSolidAngle(points) };
}

/**
 * The rotation {@link holonomy} predicts, as a unit quaternion: `fromAxisAngle(axis, angle)`.
 * @param path - A closed drag (normalized screen points).
 * @param options - The ball (radius in screen units, default 1; mapping, default `"bell"`).
 * @throws RangeError as {@link holonomy} does.
 * @example holonomyRotation(circlePath([0, 0], 0, 8)) // ≈ [0, 0, 0, 1]: a drag that never moved
 */
export function holonomyRotation(path: readonly Readonly<ScreenPoint>[], options: BallOptions = {}): Quat {
  const { axis, angle } = holonomy(path, options);
  return fromAxisAngle(axis, angle);
}
