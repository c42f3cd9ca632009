/**
 * Projection: from camera space to normalized device coordinates (NDC), and
 * from NDC to pixels. Matrices are 4×4 column-major (see `mat4.ts`).
 *
 * The pipeline: modeling (object → world) → viewing (world → camera,
 * `mat4.lookAt`) → projection (camera → clip space, this module) → clipping
 * and the divide by `w` (clip → NDC) → viewport (NDC → pixels).
 *
 * Camera space is right-handed, the camera at the origin looking down −Z,
 * so visible points have `z < 0`; `near` and `far` are positive *distances*.
 * NDC x and y run over [−1, 1]; NDC depth runs over one of two ranges:
 *   - `"negOneToOne"`: near → −1, far → +1 (OpenGL, WebGL, three.js's default);
 *   - `"zeroToOne"`: near → 0, far → 1 (WebGPU, Direct3D, Vulkan).
 * `reversed: true` swaps the ends (near → 1): with floating-point depth this
 * spreads precision evenly over distance. `far = Infinity` is allowed for
 * perspective projections and is the limit of the finite formulas.
 *
 * @module projection
 */

import * as mat4 from "./mat4.ts";
import type { Mat4, Vec4 } from "./mat4.ts";
import type { Vec3 } from "./vec3.ts";

/** Which NDC depth range the projection produces. */
export type DepthRange = "negOneToOne" | "zeroToOne";

/** Options shared by the projection builders. */
export interface ProjectionOptions {
  /** NDC depth range; default `"negOneToOne"` (WebGL). */
  depth?: DepthRange;
  /** Map near to the far end of the range and far to the near end; default `false`. */
  reversed?: boolean;
}

/**
 * The NDC depths `[atNear, atFar]` that the options select.
 * @throws RangeError for an unknown depth range.
 * @example depthEnds({ depth: "zeroToOne", reversed: true }) // → [1, 0]
 */
export function depthEnds(opts: ProjectionOptions = {}): [number, number] {
  if (opts.depth !== undefined && opts.depth !== "zeroToOne" && opts.depth !== "negOneToOne") {
    throw new RangeError(`projection: depth must be "negOneToOne" or "zeroToOne", got ${JSON.stringify(opts.depth)}`);
  }
  const lo = opts.depth === "zeroToOne" ? 0 : -1;
  return opts.reversed ? [1, lo] : [lo, 1];
}

function assertBox(fn: string, l: number, r: number, b: number, t: number, n: number, f: number): void {
  for (const [name, v] of Object.entries({ left: l, right: r, bottom: b, top: t, near: n })) {
    if (!Number.isFinite(v)) throw new RangeError(`projection.${fn}: ${name} must be finite, got ${v}`);
  }
  if (l === r) throw new RangeError(`projection.${fn}: left and right are equal (${l})`);
  if (b === t) throw new RangeError(`projection.${fn}: bottom and top are equal (${b})`);
  if (!(f > n)) throw new RangeError(`projection.${fn}: far (${f}) must be greater than near (${n})`);
}

/**
 * The orthographic (parallel) projection of the box
 * `[left, right] × [bottom, top] × [−far, −near]` onto NDC: it only scales
 * and translates each axis — parallel lines stay parallel, sizes do not
 * shrink with distance.
 * @param left - x of the left plane (camera units). @param right - x of the right plane.
 * @param bottom - y of the bottom plane. @param top - y of the top plane.
 * @param near - Distance to the near plane (may be negative or zero for orthographic).
 * @param far - Distance to the far plane, `> near`, finite.
 * @param opts - Depth range and reversal.
 * @throws RangeError for an empty or infinite box.
 * @example project(orthographic(-1, 1, -1, 1, 1, 3), [1, 1, -1]) // → [1, 1, -1]
 */
export function orthographic(
  left: number,
  right: number,
  bottom: number,
  top: number,
  near: number,
  far: number,
  opts: ProjectionOptions = {},
): Mat4 {
  assertBox("orthographic", left, right, bottom, top, near, far);
  if (!Number.isFinite(far)) throw new RangeError(`projection.orthographic: far must be finite, got ${far}`);
  const [dn, df] = depthEnds(opts);
  // Depth is affine in z: d(−near) = dn, d(−far) = df.
  const zScale = (dn - df) / (far - near);
  // prettier-ignore
  return [
    2 / (right - left), 0, 0, 0,
    0, 2 / (top - bottom), 0, 0,
    0, 0, zScale, 0,
    -(right + left) / (right - left), -(top + bottom) / (top - bottom), dn + zScale * near, 1,
  ];
}

/**
 * The perspective projection of the frustum whose near rectangle is
 * `[left, right] × [bottom, top]` at distance `near` (glFrustum). Camera
 * point `(x, y, z)` goes to clip space with `w = −z` (its distance), so the
 * divide by `w` shrinks far things.
 *
 * Depth: clip `z = A·z + B`, so NDC depth `d(z) = −A − B/z`; `A` and `B` are
 * chosen so that `d(−near)` and `d(−far)` are the ends of the depth range:
 * `B = (d_near − d_far)·near·far/(far − near)`, `A = B/near − d_near`.
 * As `far → ∞`: `B = (d_near − d_far)·near`, `A = −d_far`.
 *
 * @param near - Distance to the near plane, `> 0`.
 * @param far - Distance to the far plane, `> near`; `Infinity` allowed.
 * @param opts - Depth range and reversal.
 * @throws RangeError for a degenerate frustum or `near ≤ 0`.
 * @example frustum(-1, 1, -1, 1, 1, 100)[11] === -1
 */
export function frustum(
  left: number,
  right: number,
  bottom: number,
  top: number,
  near: number,
  far: number,
  opts: ProjectionOptions = {},
): Mat4 {
  assertBox("frustum", left, right, bottom, top, near, far);
  if (!(near > 0)) throw new RangeError(`projection.frustum: near must be > 0, got ${near}`);
  const [dn, df] = depthEnds(opts);
  const B = far === Infinity ? (dn - df) * near : ((dn - df) * near * far) / (far - near);
  const A = far === Infinity ? -df : B / near - dn;
  // prettier-ignore
  return [
    (2 * near) / (right - left), 0, 0, 0,
    0, (2 * near) / (top - bottom), 0, 0,
    (right + left) / (right - left), (top + bottom) / (top - bottom), A, -1,
    0, 0, B, 0,
  ];
}

/**
 * The symmetric perspective projection (gluPerspective): a frustum with
 * `top = near·tan(fovY/2)`, `right = top·aspect`.
 *
 * With `fovY = 90°, aspect = 1, near = 1, far = 100`, entries `(m[10], m[14])`
 * are `(−101/99, −200/99)` for −1..1 depth, `(−100/99, −100/99)` for 0..1,
 * `(1/99, 100/99)` for reversed 0..1; with `far = Infinity`, `(−1, −2)` and `(−1, −1)`.
 *
 * @param fovY - Vertical field of view, radians, in (0, π).
 * @param aspect - Width / height, `> 0`.
 * @param near - Distance to the near plane, `> 0`.
 * @param far - Distance to the far plane, `> near`; `Infinity` allowed.
 * @param opts - Depth range and reversal.
 * @throws RangeError for an out-of-range argument.
 * @example perspective(Math.PI / 2, 1, 1, 100)[10] // ≈ -101/99
 */
export function perspective(
  fovY: number,
  aspect: number,
  near: number,
  far: number,
  opts: ProjectionOptions = {},
): Mat4 {
  if (!(fovY > 0 && fovY < Math.PI))
    throw new RangeError(`projection.perspective: fovY must be in (0, π) radians, got ${fovY}`);
  if (!(aspect > 0) || !Number.isFinite(aspect))
    throw new RangeError(`projection.perspective: aspect must be > 0, got ${aspect}`);
  if (!(near > 0) || !Number.isFinite(near))
    throw new RangeError(`projection.perspective: near must be > 0, got ${near}`);
  if (!(far > near)) throw new RangeError(`projection.perspective: far (${far}) must be greater than near (${near})`);
  const top = near * Math.tan(fovY / 2);
  const right = top * aspect;
  return frustum(-right, right, -top, top, near, far, opts);
}

/**
 * An oblique parallel projection's shear (to follow with an orthographic
 * projection): a point at depth `d = −z` in front of the view plane is shifted
 * by `d·depthScale` along the screen direction `angle`:
 * `x' = x − depthScale·cos(angle)·z`, `y' = y − depthScale·sin(angle)·z`, `z' = z`.
 *
 * The projectors meet the view plane at `atan(1/depthScale)`:
 *   - **cavalier**: `depthScale = 1`, projectors at 45° — depth drawn at full length;
 *   - **cabinet**: `depthScale = 1/2`, projectors at `atan 2 ≈ 63.4°` — depth halved.
 * `depthScale = 0` is the orthographic projection.
 *
 * @param angle - Screen direction of the receding axis, radians (often 45° or 30°).
 * @param depthScale - Drawn length of one unit of depth (1 cavalier, 0.5 cabinet).
 * @example project(oblique(0, 1), [0, 0, -1]) // → [1, 0, -1]
 */
export function oblique(angle: number, depthScale: number): Mat4 {
  const sx = -depthScale * Math.cos(angle);
  const sy = -depthScale * Math.sin(angle);
  // prettier-ignore
  return [
    1, 0, 0, 0,
    0, 1, 0, 0,
    sx, sy, 1, 0,
    0, 0, 0, 1,
  ];
}

/**
 * The angle, in radians, at which an oblique projection's projectors meet the
 * view plane, for a given depth scale: `atan(1/depthScale)` — 45° for
 * cavalier (1), ≈ 63.4° for cabinet (1/2).
 * @example scalar.radToDeg(projectorAngle(0.5)) // ≈ 63.43
 */
export function projectorAngle(depthScale: number): number {
  return Math.atan2(1, depthScale);
}

/**
 * The viewport transform from NDC to pixels: x from [−1, 1] to
 * `[x, x + width]`, y from [−1, 1] to `[y, y + height]`, and depth from
 * [−1, 1] to [0, 1]. Pixel y grows upwards here, as in OpenGL's window
 * coordinates; for a y-down canvas, pass `y = height` and a negative height.
 * @param x - Left edge of the viewport, pixels.
 * @param y - Bottom edge, pixels.
 * @param width - Width in pixels (non-zero).
 * @param height - Height in pixels (non-zero; negative flips y).
 * @throws RangeError if `width` or `height` is zero or not finite.
 * @example mat4.transformPoint(viewport(0, 0, 640, 480), [1, 1, 0]) // → [640, 480, 0.5]
 */
export function viewport(x: number, y: number, width: number, height: number): Mat4 {
  if (!(width !== 0 && Number.isFinite(width)))
    throw new RangeError(`projection.viewport: width must be non-zero, got ${width}`);
  if (!(height !== 0 && Number.isFinite(height)))
    throw new RangeError(`projection.viewport: height must be non-zero, got ${height}`);
  // prettier-ignore
  return [
    width / 2, 0, 0, 0,
    0, height / 2, 0, 0,
    0, 0, 0.5, 0,
    x + width / 2, y + height / 2, 0.5, 1,
  ];
}

/**
 * Projects a point: multiplies `(point, 1)` by `m` into clip space and divides
 * by `w`. For a perspective matrix that gives NDC; for a viewport composed
 * after it, pixels.
 * @param m - A projection (or any 4×4) matrix.
 * @param point - A point in the matrix's input space.
 * @returns The projected point `(x/w, y/w, z/w)`.
 * @throws RangeError if `w = 0` (the point lies in the camera's plane and has no image).
 * @example project(perspective(Math.PI / 2, 1, 1, 100), [0, 0, -1])[2] // ≈ -1 (near plane)
 */
export function project(m: Readonly<Mat4>, point: Readonly<Vec3>): Vec3 {
  const clip: Vec4 = mat4.transformVec4(m, [point[0], point[1], point[2], 1]);
  const w = clip[3];
  if (w === 0 || !Number.isFinite(w)) {
    throw new RangeError(`projection.project: w = ${w} for point ${JSON.stringify(point)} (on the camera plane)`);
  }
  return [clip[0] / w, clip[1] / w, clip[2] / w];
}

/** The gap between a float32 value and the next float32 of larger magnitude (subnormals included). */
function float32Spacing(value: number): number {
  const a = Math.abs(Math.fround(value));
  if (a < 2 ** -126) return 2 ** -149; // subnormal range: evenly spaced
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--; // Math.log2 may round up just below a power of two
  if (2 ** (e + 1) <= a) e++;
  return 2 ** (e - 23);
}

/**
 * The float32 depth resolution of a perspective projection at a distance: the
 * smallest change of distance, in camera units, that a 32-bit floating-point
 * depth pipeline can tell apart there — the float32 rounding step of the depth
 * value divided by how fast depth changes with distance.
 *
 * NDC depth is `d = −A + B/distance` (see {@link frustum}), a sum of two terms
 * computed in float32, so its slope is `|B|/distance²` and its rounding step is
 * the coarsest float32 spacing among the terms `A`, `B/distance` and the result
 * `d`. With `"negOneToOne"` the stored value is `(d + 1)/2`, whose rounding
 * counts too. This is a model of the rounding, not a simulation of a GPU.
 * It depends on `near`, `far` and the depth options, not on the field of view.
 *
 * What it shows: with standard depth (near → 0 or −1) `A ≈ −1`, so every depth
 * carries an error of about 2⁻²⁴ and the resolution worsens like `distance²`.
 * Reversed 0..1 depth (near → 1, far → 0) has `A ≈ 0` (exactly 0 with an
 * infinite far plane): depth is then a small number with float32's *relative*
 * precision, and the resolution grows only like `distance`. Reversed −1..1
 * gains nothing: far depths sit near −1, where floats are sparse.
 *
 * @param distance - Distance in front of the camera (`−z`), camera units, `> 0`;
 *   may lie outside `[near, far]`.
 * @param near - Distance to the near plane, `> 0`.
 * @param far - Distance to the far plane, `> near`; `Infinity` allowed.
 * @param opts - Depth range and reversal, as for {@link perspective}.
 * @returns The resolution in camera units (the unit of `distance`).
 * @throws RangeError if `distance` is not positive and finite, or for a bad near/far.
 * @example depthResolution(100, 1, 100, { depth: "zeroToOne" }) // ≈ 1.18e-3 (2⁻²³ · 9900)
 */
export function depthResolution(distance: number, near: number, far: number, opts: ProjectionOptions = {}): number {
  if (!(distance > 0) || !Number.isFinite(distance))
    throw new RangeError(`projection.depthResolution: distance must be > 0 and finite, got ${distance}`);
  const m = frustum(-1, 1, -1, 1, near, far, opts);
  const A = m[10];
  const B = m[14];
  const term = B / distance;
  const d = term - A;
  const slope = Math.abs(B) / (distance * distance);
  let step = Math.max(float32Spacing(A), float32Spacing(term), float32Spacing(d));
  // −1..1: the NDC value is moved to [0, 1] for storage, one more rounding (in NDC units, ×2).
  if (opts.depth !== "zeroToOne") step = Math.max(step, 2 * float32Spacing((d + 1) / 2));
  return step / slope;
}
