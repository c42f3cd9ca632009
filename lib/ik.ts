/**
 * Inverse kinematics of a chain of joints — chapter 10 (after Johnathon Selstad's "Inverse
 * Kinematics" and "Constraints" posts, and Aristidou & Lasenby 2011 for FABRIK).
 *
 * **Forward kinematics** is the easy direction: given each joint's rotation, where is the tip? A
 * chain starts at a fixed `origin`; joint `i` sits at `pᵢ` and turns by its *local* rotation `qᵢ`
 * (relative to its parent, the joint before it). Its world orientation is `Qᵢ = Qᵢ₋₁·qᵢ` (`Q₋₁ = 1`),
 * and its bone reaches the next joint: `pᵢ₊₁ = pᵢ + Qᵢ·(Lᵢ·dᵢ)`, with `Lᵢ` the bone's length and `dᵢ`
 * its rest direction in the joint's own frame (default +x, so a chain of identity rotations lies along
 * +x). The last point is the tip (the end effector).
 *
 * **Inverse kinematics** asks the other way: which rotations put the tip on a target? Usually many
 * do, sometimes none. Two heuristic solvers, both iterative:
 * - **CCD** (cyclic coordinate descent) visits the joints from the tip to the base and turns each one,
 *   alone, so that the tip points at the target as seen from that joint — the rotation between the
 *   two directions (`quat.fromTwoVectors`). A **hinge** joint may turn only about one axis `hᵢ`
 *   (given in the parent's frame); the turn is projected onto it by keeping the *twist* of `qᵢ` about
 *   `hᵢ` (swing–twist: `qᵢ = swing·twist`), and the hinge angle is then held inside the joint's
 *   **limits**. CCD works on rotations, so limits are natural; it is slow when the chain must
 *   straighten (every joint turns a little, the tip creeps).
 * - **FABRIK** (forward and backward reaching) works on positions only: put the tip on the target and
 *   walk to the base, pulling each joint onto the sphere of its bone length about the next
 *   (`constraints.constrainDistance`); then pin the base back and walk out again. Bone lengths are
 *   kept exactly; it is fast for stretched chains and slow where the chain must fold back on itself.
 *
 * A target farther than the total length `L` from the origin is **unreachable**: the best pose is the
 * chain straight toward it, the tip `|target − origin| − L` short. A target nearer than
 * `max(0, 2·Lₘₐₓ − L)` (the longest bone cannot fold back far enough) is unreachable from the inside.
 * {@link reachRange} gives both radii.
 *
 * Conventions: points are `Vec3` tuples in any one length unit; rotations are unit `Quat`s
 * `[x, y, z, w]`; angles and limits in radians; inputs are never changed; a non-finite coordinate, a
 * negative bone length, a zero hinge axis, limits with `min > max` throw a `RangeError` naming the
 * function and the argument.
 *
 * @module ik
 */

import {
  type Quat,
  conjugate,
  fromAxisAngle,
  fromTwoVectors,
  multiply,
  normalize as normalizeQuat,
  rotateVec3,
} from "./quat.ts";
import { TAU } from "./scalar.ts";
import { type Vec3, add, assertPoint, assertPoints, distance, normalize, scale, sub } from "./vec3.ts";

/**
 * One joint of a chain and the bone that follows it.
 * - `length`: the bone's length (≥ 0, the points' unit).
 * - `direction`: the bone's rest direction in the joint's own frame (any non-zero length; default +x).
 * - `hinge`: if given, the joint turns only about this axis, expressed in the parent's frame (any
 *   non-zero length); otherwise it is a ball joint.
 * - `limits`: `[minRad, maxRad]` on the hinge angle (needs `hinge`; `min ≤ max ≤ min + 2π`).
 */
export interface Joint {
  length: number;
  direction?: Vec3;
  hinge?: Vec3;
  limits?: [number, number];
}

/** Options of {@link ccd} and {@link fabrik}. */
export interface SolveOptions {
  /** Largest number of iterations (full sweeps over the chain); default 100. */
  maxIterations?: number;
  /** Stop when the tip is at most this far from the target (the points' unit); default 1e-9. */
  tolerance?: number;
}

/** What {@link ccd} and {@link fabrik} return. */
export interface SolveResult {
  /** The joint positions, base first, tip last (one more than the joints). */
  positions: Vec3[];
  /** The local joint rotations (CCD only). */
  rotations?: Quat[];
  /** Iterations taken (0 if the start already met the tolerance; 1 for FABRIK's straight shortcut). */
  iterations: number;
  /** The final tip error `|tip − target|`. */
  error: number;
  /** Whether the error fell to `tolerance`. */
  converged: boolean;
  /** The tip error before the first iteration and after each one (`errors.length = iterations + 1`). */
  errors: number[];
}

function checkJoints(joints: readonly Joint[], name: string): void {
  if (!Array.isArray(joints) || joints.length === 0)
    throw new RangeError(`${name} is empty: at least one joint is needed`);
  joints.forEach((j, i) => {
    if (!(j.length >= 0) || j.length === Infinity)
      throw new RangeError(`${name}[${i}].length must be finite and ≥ 0 (got ${j.length})`);
    if (j.direction !== undefined)
      normalize(assertPoint(j.direction, `${name}[${i}].direction`), `${name}[${i}].direction`);
    if (j.hinge !== undefined) normalize(assertPoint(j.hinge, `${name}[${i}].hinge`), `${name}[${i}].hinge`);
    if (j.limits !== undefined) {
      const [lo, hi] = j.limits;
      if (j.hinge === undefined) throw new RangeError(`${name}[${i}].limits need a hinge axis`);
      if (!Number.isFinite(lo) || !Number.isFinite(hi) || !(lo <= hi) || hi - lo > TAU)
        throw new RangeError(`${name}[${i}].limits must be finite with min ≤ max ≤ min + 2π (got [${lo}, ${hi}])`);
    }
  });
}

function checkRotations(rotations: readonly Quat[], n: number, name: string): void {
  if (!Array.isArray(rotations) || rotations.length !== n)
    throw new RangeError(
      `${name} must hold one rotation per joint (${n}), got ${Array.isArray(rotations) ? rotations.length : rotations}`,
    );
  rotations.forEach((q, i) => {
    if (!Array.isArray(q) || q.length !== 4 || !q.every(Number.isFinite) || q.every((x) => x === 0))
      throw new RangeError(`${name}[${i}] is not a non-zero quaternion with finite components ([${String(q)}])`);
  });
}

/** The bone vector `Lᵢ·dᵢ` in the joint's own frame. */
const boneOf = (j: Joint): Vec3 => (j.direction ? scale(normalize(j.direction), j.length) : [j.length, 0, 0]);

/** A chain's world pose: the joint positions and the tip, base first, and each joint's world orientation. */
interface Pose {
  positions: Vec3[];
  frames: Quat[];
}

/**
 * Forward kinematics, no checks: the world orientations `Qᵢ = Qᵢ₋₁·qᵢ` (each normalized) and positions
 * `pᵢ₊₁ = pᵢ + Qᵢ·bᵢ` for the bone vectors `bᵢ` ({@link boneOf}). Written into `pose`'s tuples when
 * given — an iterative solver makes one pose and refills it every sweep — else into new ones.
 */
function chain(
  origin: Readonly<Vec3>,
  bones: readonly Readonly<Vec3>[],
  rotations: readonly Quat[],
  pose?: Pose,
): Pose {
  const n = bones.length;
  const { positions, frames } = pose ?? {
    positions: Array.from({ length: n + 1 }, (): Vec3 => [0, 0, 0]),
    frames: Array.from({ length: n }, (): Quat => [0, 0, 0, 1]),
  };
  let p = positions[0]!;
  p[0] = origin[0];
  p[1] = origin[1];
  p[2] = origin[2];
  let frame: Readonly<Quat> = IDENTITY;
  for (let i = 0; i < n; i++) {
    const f = frames[i]!;
    normalizeQuat(multiply(frame, rotations[i]!, f), f);
    const step = rotateVec3(f, bones[i]!, V4);
    const next = positions[i + 1]!;
    next[0] = p[0] + step[0];
    next[1] = p[1] + step[1];
    next[2] = p[2] + step[2];
    frame = f;
    p = next;
  }
  return { positions, frames };
}

/**
 * The world orientations of the joints, `Qᵢ = Qᵢ₋₁·qᵢ` (each local rotation normalized): what turns a
 * vector given in joint `i`'s frame into world coordinates. A hinge `hᵢ` (given in the parent's frame)
 * points along `Qᵢ₋₁·hᵢ` in the world — which is also `Qᵢ·hᵢ`, since `qᵢ` turns about `hᵢ`.
 *
 * @param rotations - The local rotations, base first (non-zero, finite).
 * @returns One unit quaternion per joint.
 * @throws RangeError for a zero or non-finite quaternion.
 * @example jointFrames([[0, 0, Math.SQRT1_2, Math.SQRT1_2], [0, 0, Math.SQRT1_2, Math.SQRT1_2]])[1] // ≈ [0, 0, 1, 0] (a half turn)
 */
export function jointFrames(rotations: readonly Quat[]): Quat[] {
  checkRotations(rotations, rotations.length, "ik.jointFrames: rotations");
  let frame: Quat = [0, 0, 0, 1];
  return rotations.map((q) => (frame = normalizeQuat(multiply(frame, q))));
}

/**
 * Forward kinematics: the positions of the joints and the tip, from the local joint rotations
 * (`Qᵢ = Qᵢ₋₁·qᵢ`, `pᵢ₊₁ = pᵢ + Qᵢ·(Lᵢ·dᵢ)`; see the module header).
 *
 * Rotations need not be exactly unit length (each is normalized), so a pose read back from a file
 * rounded to a few digits still keeps its bone lengths. A zero-length bone puts two points together.
 *
 * @param origin - Where the first joint sits (fixed).
 * @param joints - The joints, base first; only `length` and `direction` matter here.
 * @param rotations - One local rotation per joint.
 * @returns `joints.length + 1` points: the base (= origin) first, the tip last.
 * @throws RangeError for a non-finite origin, a bad joint, or a wrong number of rotations.
 * @example forwardKinematics([0, 0, 0], [{ length: 1 }, { length: 1 }], [[0, 0, Math.SQRT1_2, Math.SQRT1_2], [0, 0, 0, 1]]) // ≈ [[0, 0, 0], [0, 1, 0], [0, 2, 0]]
 */
export function forwardKinematics(
  origin: Readonly<Vec3>,
  joints: readonly Joint[],
  rotations: readonly Quat[],
): Vec3[] {
  assertPoint(origin, "ik.forwardKinematics: origin");
  checkJoints(joints, "ik.forwardKinematics: joints");
  checkRotations(rotations, joints.length, "ik.forwardKinematics: rotations");
  return chain(origin, joints.map(boneOf), rotations).positions;
}

/**
 * The hinge angle of a rotation about a unit `axis`: the angle of its *twist* in the swing–twist
 * split `q = swing·twist` (twist about `axis`, swing about an axis at right angles to it),
 * `2·atan2(q⃗·a, w)` wrapped to (−π, π].
 *
 * This is what the blog's "rotate the current hinge axis back onto the parent's" computes, without its
 * ambiguity: when the swing is a half turn (`q⃗·a = 0` and `w = 0`) the blog's rotation from two
 * opposite vectors is any half turn, while here the twist is 0 by definition.
 *
 * @param q - A rotation (any non-zero length).
 * @param axis - The hinge axis (any non-zero length).
 * @returns The twist angle in (−π, π], radians.
 * @throws RangeError for a zero or non-finite axis or quaternion.
 * @example hingeAngle([0, 0, Math.SQRT1_2, Math.SQRT1_2], [0, 0, 1]) // ≈ π/2
 */
export function hingeAngle(q: Readonly<Quat>, axis: Readonly<Vec3>): number {
  checkRotations([q as Quat], 1, "ik.hingeAngle: q");
  return twistAngle(q, normalize(assertPoint(axis, "ik.hingeAngle: axis"), "ik.hingeAngle: axis"));
}

/** {@link hingeAngle} for a checked `q` and a unit axis: what the solvers call, once per joint and sweep. */
function twistAngle(q: Readonly<Quat>, a: Readonly<Vec3>): number {
  const s = q[0] * a[0] + q[1] * a[1] + q[2] * a[2];
  let w = q[3];
  if (s === 0 && w === 0) return 0; // a half-turn swing: no twist at all (atan2(0, −0) would say π)
  // q and −q are one rotation: take the sign with w ≥ 0 so the angle lands in [−π, π].
  const sign = w < 0 || (w === 0 && s < 0) ? -1 : 1;
  w *= sign;
  const angle = 2 * Math.atan2(s * sign, w);
  return angle === -Math.PI ? Math.PI : angle;
}

/**
 * Holds an angle inside `[min, max]`, measured around the circle: an angle inside (after adding a
 * multiple of 2π) is returned in that range; one outside goes to whichever limit is nearer around
 * the circle. A plain `clamp` is wrong for one-sided limits: with limits [0°, 90°], −170° is 100°
 * from 90° but 170° from 0°.
 *
 * @param angleRad - Any finite angle.
 * @param limits - `[min, max]`, `min ≤ max ≤ min + 2π`.
 * @returns An angle in `[min, max]`.
 * @throws RangeError for a non-finite angle or bad limits.
 * @example clampAngle(-3, [0, Math.PI / 2]) // → π/2 (3 rad below 0 is 1.71 rad past π/2 around the circle)
 */
export function clampAngle(angleRad: number, limits: readonly [number, number]): number {
  if (!Number.isFinite(angleRad)) throw new RangeError(`ik.clampAngle: angleRad must be finite, got ${angleRad}`);
  const [lo, hi] = limits;
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || !(lo <= hi) || hi - lo > TAU)
    throw new RangeError(`ik.clampAngle: limits must be finite with min ≤ max ≤ min + 2π (got [${lo}, ${hi}])`);
  return clampChecked(angleRad, lo, hi);
}

/** {@link clampAngle} for checked limits (the joints were checked once, at the solver's boundary). */
function clampChecked(angleRad: number, lo: number, hi: number): number {
  if (angleRad >= lo && angleRad <= hi) return angleRad;
  let a = lo + ((((angleRad - lo) % TAU) + TAU) % TAU); // in [lo, lo + 2π)
  if (a >= lo + TAU) a = lo; // rounding of the modulo
  if (a <= hi) return a;
  return a - hi <= lo + TAU - a ? hi : lo;
}

/**
 * Projects a local joint rotation onto the joint's hinge and limits: keep the twist about the hinge
 * ({@link hingeAngle}), hold it in the limits ({@link clampAngle}), and rebuild the rotation about the
 * hinge. A ball joint (no hinge) is returned normalized, unchanged.
 *
 * @param q - The joint's local rotation.
 * @param joint - The joint (its `hinge` and `limits`).
 * @returns A unit rotation about the hinge, within the limits.
 * @throws RangeError for a bad quaternion or joint.
 * @example constrainToHinge([0.1, 0, 0.2, 0.97], { length: 1, hinge: [0, 0, 1], limits: [-0.1, 0.1] }) // ≈ quat.fromAxisAngle([0, 0, 1], 0.1)
 */
export function constrainToHinge(q: Readonly<Quat>, joint: Joint): Quat {
  checkJoints([joint], "ik.constrainToHinge: joint");
  checkRotations([q as Quat], 1, "ik.constrainToHinge: q");
  return hingeOf(q, joint, hingeAxis(joint));
}

/** A joint's unit hinge axis, or `undefined` for a ball joint (the solvers find it once per solve). */
const hingeAxis = (j: Joint): Vec3 | undefined => (j.hinge ? normalize(j.hinge) : undefined);

/**
 * {@link constrainToHinge} unchecked, with the joint's unit `axis` ({@link hingeAxis}) found by the
 * caller: what the solvers call, into `out` (which may be `q`) when given.
 */
function hingeOf(q: Readonly<Quat>, joint: Joint, axis: Readonly<Vec3> | undefined, out?: Quat): Quat {
  if (!axis) return normalizeQuat(q, out);
  let angle = twistAngle(q, axis);
  if (joint.limits) angle = clampChecked(angle, joint.limits[0], joint.limits[1]);
  const half = angle / 2;
  const sin = Math.sin(half);
  const o = out ?? (new Array(4) as Quat);
  o[0] = axis[0] * sin;
  o[1] = axis[1] * sin;
  o[2] = axis[2] * sin;
  o[3] = Math.cos(half);
  return o;
}

/** The nearest and farthest distances from the origin the tip can reach. */
export interface ReachRange {
  /** `max(0, 2·Lₘₐₓ − L)`: nearer than this the longest bone cannot fold back far enough. */
  inner: number;
  /** `L = Σ Lᵢ`, the chain straight. */
  outer: number;
}

/**
 * The shell of distances from the origin a chain of ball joints can put its tip at: every distance
 * in `[inner, outer]` (each bone's end can lie anywhere on a sphere about its start, so the reachable
 * set is the shell between the chain straight and the longest bone folded back by all the others).
 * Hinges and limits shrink the set; this is the bound for free joints.
 *
 * @param joints - The joints (only `length` matters).
 * @returns `{inner, outer}`.
 * @throws RangeError for an empty chain or a bad length.
 * @example reachRange([{ length: 3 }, { length: 1 }]) // → {inner: 2, outer: 4}
 */
export function reachRange(joints: readonly Joint[]): ReachRange {
  checkJoints(joints, "ik.reachRange: joints");
  const lengths = joints.map((j) => j.length);
  const outer = lengths.reduce((s, l) => s + l, 0);
  return { inner: Math.max(0, 2 * Math.max(...lengths) - outer), outer };
}

/**
 * One CCD update of joint `index`: turn it so that, seen from the joint, the tip points at the
 * target (the shortest rotation from `tip − pᵢ` to `target − pᵢ`, applied in world space,
 * `Qᵢ' = r·Qᵢ`, i.e. `qᵢ' = Qᵢ₋₁⁻¹·r·Qᵢ₋₁·qᵢ`), then project onto the joint's hinge and limits.
 *
 * Edge cases: when the tip or the target is at the joint (no direction to turn from or to), the
 * joint is left as it is. When the tip points exactly away from the target, the half turn about an
 * axis at right angles to it is one of many equally short ones.
 *
 * @param origin - The chain's base.
 * @param joints - The joints.
 * @param rotations - The current local rotations.
 * @param index - Which joint to turn (0 = the base joint).
 * @param target - The point to reach.
 * @returns New local rotations; only entry `index` changes.
 * @throws RangeError for bad inputs or an index outside the chain.
 * @example ccdJointStep([0, 0, 0], [{ length: 1 }], [[0, 0, 0, 1]], 0, [0, 2, 0]) // ≈ [[0, 0, 0.7071, 0.7071]]
 */
export function ccdJointStep(
  origin: Readonly<Vec3>,
  joints: readonly Joint[],
  rotations: readonly Quat[],
  index: number,
  target: Readonly<Vec3>,
): Quat[] {
  assertPoint(origin, "ik.ccdJointStep: origin");
  assertPoint(target, "ik.ccdJointStep: target");
  checkJoints(joints, "ik.ccdJointStep: joints");
  checkRotations(rotations, joints.length, "ik.ccdJointStep: rotations");
  if (!Number.isInteger(index) || index < 0 || index >= joints.length)
    throw new RangeError(`ik.ccdJointStep: index must be an integer in [0, ${joints.length - 1}] (got ${index})`);
  const out = rotations.map((q) => normalizeQuat(q));
  const { positions, frames } = chain(origin, joints.map(boneOf), out);
  turnJoint(joints, joints.map(hingeAxis), out, positions, frames, index, target);
  return out;
}

/**
 * Turns joint `i` in place (its tuple in `rotations` is overwritten), the CCD rule; positions/frames
 * are those of the current pose up to joint `i`, `axes` the joints' unit hinge axes, and `tip` the
 * current tip. Returns whether it turned.
 */
function turnJoint(
  joints: readonly Joint[],
  axes: readonly (Vec3 | undefined)[],
  rotations: Quat[],
  positions: readonly Vec3[],
  frames: readonly Quat[],
  i: number,
  target: Readonly<Vec3>,
  tip: Readonly<Vec3> = positions[positions.length - 1]!,
): boolean {
  const p = positions[i]!;
  const toTip = V1,
    toTarget = V2;
  for (let k = 0; k < 3; k++) {
    toTip[k] = tip[k]! - p[k]!;
    toTarget[k] = target[k]! - p[k]!;
  }
  if (
    (toTip[0] === 0 && toTip[1] === 0 && toTip[2] === 0) ||
    (toTarget[0] === 0 && toTarget[1] === 0 && toTarget[2] === 0)
  )
    return false;
  const r = fromTwoVectors(toTip, toTarget, Q5);
  const parent: Readonly<Quat> = i === 0 ? IDENTITY : frames[i - 1]!;
  // r acts in world space; in the parent's frame it is Q⁻¹·r·Q, applied before the old local rotation.
  // (Into scratch quaternions: the same products in the same order as with fresh tuples.)
  const local = multiply(conjugateInto(parent, Q2), multiply(r, parent, Q1), Q1);
  multiply(local, rotations[i]!, local);
  hingeOf(local, joints[i]!, axes[i], rotations[i]!);
  return true;
}

/** The identity rotation, read only. */
const IDENTITY: Readonly<Quat> = [0, 0, 0, 1];
/** Scratch vectors and quaternions of the CCD sweep: the inner loop allocates no tuples for its products. */
const V1: Vec3 = [0, 0, 0],
  V2: Vec3 = [0, 0, 0],
  V3: Vec3 = [0, 0, 0],
  V4: Vec3 = [0, 0, 0];
const Q1: Quat = [0, 0, 0, 1],
  Q2: Quat = [0, 0, 0, 1],
  Q3: Quat = [0, 0, 0, 1],
  Q4: Quat = [0, 0, 0, 1],
  Q5: Quat = [0, 0, 0, 1],
  BEFORE: Quat = [0, 0, 0, 1];

/** `q*` into `out` (the same numbers as `quat.conjugate`). */
function conjugateInto(q: Readonly<Quat>, out: Quat): Quat {
  out[0] = -q[0];
  out[1] = -q[1];
  out[2] = -q[2];
  out[3] = q[3];
  return out;
}

/**
 * Cyclic coordinate descent: sweeps the joints from the tip to the base, turning each with
 * {@link ccdJointStep}, until the tip is within `tolerance` of the target or `maxIterations` sweeps
 * have run. The starting rotations are first projected onto their hinges and limits.
 *
 * Bone lengths are exact (the positions come from forward kinematics); hinge joints turn only about
 * their axes and stay within their limits. For an unreachable target the chain tends to the straight
 * pose toward it and the error to `|target − origin| − L`; `converged` is then false.
 *
 * A start collinear with the target can stall: a half turn may fold the tip exactly onto a joint,
 * and a joint cannot turn a tip that sits on it. Start from a bent pose (as any real arm is).
 *
 * @param origin - The chain's base.
 * @param joints - The joints, base first.
 * @param rotations - The starting local rotations.
 * @param target - The point to reach.
 * @param opts - `maxIterations` (default 100), `tolerance` (default 1e-9).
 * @returns `{positions, rotations, iterations, error, converged, errors}`.
 * @throws RangeError for bad inputs.
 * @example ccd([0, 0, 0], [{ length: 1 }, { length: 1 }], [[0, 0, 0, 1], [0, 0, 0, 1]], [1, 1, 0]).error < 1e-9 // → true
 */
export function ccd(
  origin: Readonly<Vec3>,
  joints: readonly Joint[],
  rotations: readonly Quat[],
  target: Readonly<Vec3>,
  opts: SolveOptions = {},
): SolveResult {
  assertPoint(origin, "ik.ccd: origin");
  assertPoint(target, "ik.ccd: target");
  checkJoints(joints, "ik.ccd: joints");
  checkRotations(rotations, joints.length, "ik.ccd: rotations");
  const { maxIterations, tolerance } = options(opts, "ik.ccd");
  // The joints' bone vectors and hinge axes, found once; then every sweep refills one pose and turns
  // the rotations in place: no tuple is made per step.
  const bones = joints.map(boneOf);
  const axes = joints.map(hingeAxis);
  const rots = rotations.map((q, i) => hingeOf(q, joints[i]!, axes[i]));
  const pose = chain(origin, bones, rots);
  const positions = pose.positions;
  let error = distance(positions[positions.length - 1]!, target);
  const errors = [error];
  let iterations = 0;
  const tip: Vec3 = [0, 0, 0];
  while (error > tolerance && iterations < maxIterations) {
    // One forward-kinematics pass per sweep is enough: turning joint i moves only the joints after it,
    // so joint i−1 still sits where the pass put it, with the same parent frame; only the tip moves,
    // and it moves rigidly with the turn (tracked below, then recomputed exactly by the next pass).
    const last = pose.positions[joints.length]!;
    tip[0] = last[0];
    tip[1] = last[1];
    tip[2] = last[2];
    for (let i = joints.length - 1; i >= 0; i--) {
      const before = BEFORE; // rots[i] as it was: turnJoint overwrites it
      const now = rots[i]!;
      before[0] = now[0];
      before[1] = now[1];
      before[2] = now[2];
      before[3] = now[3];
      if (!turnJoint(joints, axes, rots, pose.positions, pose.frames, i, target, tip)) continue;
      const parent: Readonly<Quat> = i === 0 ? IDENTITY : pose.frames[i - 1]!;
      // The world turn actually made (after the hinge and limits): P·qᵢ'·qᵢ⁻¹·P⁻¹.
      const turn = multiply(parent, multiply(rots[i]!, conjugateInto(before, Q3), Q3), Q3);
      multiply(turn, conjugateInto(parent, Q4), turn);
      const p = pose.positions[i]!;
      V3[0] = tip[0] - p[0];
      V3[1] = tip[1] - p[1];
      V3[2] = tip[2] - p[2];
      rotateVec3(turn, V3, V3);
      tip[0] = p[0] + V3[0];
      tip[1] = p[1] + V3[1];
      tip[2] = p[2] + V3[2];
    }
    chain(origin, bones, rots, pose);
    error = distance(positions[positions.length - 1]!, target);
    errors.push(error);
    iterations++;
  }
  return { positions, rotations: rots, iterations, error, converged: error <= tolerance, errors };
}

function options(opts: SolveOptions, name: string): Required<SolveOptions> {
  const maxIterations = opts.maxIterations ?? 100;
  const tolerance = opts.tolerance ?? 1e-9;
  if (!Number.isInteger(maxIterations) || maxIterations < 0)
    throw new RangeError(`${name}: maxIterations must be an integer ≥ 0 (got ${maxIterations})`);
  if (!(tolerance >= 0)) throw new RangeError(`${name}: tolerance must be ≥ 0 (got ${tolerance})`);
  return { maxIterations, tolerance };
}

/**
 * The bone lengths `|pᵢ₊₁ − pᵢ|` of a chain given by its positions.
 * @param positions - The joints, base first (at least one point; one point has no bones).
 * @returns `positions.length − 1` lengths.
 * @throws RangeError for an empty list or a non-finite coordinate.
 * @example boneLengths([[0, 0, 0], [3, 4, 0], [3, 4, 1]]) // → [5, 1]
 */
export function boneLengths(positions: readonly Readonly<Vec3>[]): number[] {
  assertPoints(positions, "ik.boneLengths: positions");
  return positions.slice(1).map((p, i) => distance(p, positions[i]!));
}

/**
 * One FABRIK iteration on positions (Aristidou & Lasenby 2011): the **backward** pass puts the tip on
 * the target and walks to the base, moving each joint onto the sphere of its bone length about the
 * joint after it (`constraints.constrainDistance`); the **forward** pass puts the base back on
 * `positions[0]` and walks out, moving each joint onto the sphere about the joint before it.
 *
 * Edge case: a joint that lands exactly on its neighbour has no direction to be pulled along; it is
 * pushed along `constrainDistance`'s fallback (+x), so the result never holds NaN.
 *
 * @param positions - The joints, base first, tip last (at least two).
 * @param target - The point to reach.
 * @param lengths - The bone lengths to keep; default the distances between the given positions.
 * @param out - Optional destination: an array of as many points, overwritten and returned (it may be
 *   `positions` itself — the iteration then runs in place and allocates nothing).
 * @returns New positions (`out` if given), base unchanged, every bone its length to rounding.
 * @throws RangeError for fewer than two points, a non-finite coordinate or a wrong number of lengths.
 * @example fabrikIteration([[0, 0, 0], [1, 0, 0], [2, 0, 0]], [0, 2, 0])[2] // ≈ [0.0451, 1.8710, 0]
 */
export function fabrikIteration(
  positions: readonly Readonly<Vec3>[],
  target: Readonly<Vec3>,
  lengths?: readonly number[],
  out?: Vec3[],
): Vec3[] {
  const n = positions.length - 1;
  // The boundary check in one comparison: 0·x is 0 for a finite x and NaN otherwise, so one sum covers
  // every coordinate and length; only a failing sum (or a malformed argument) runs the naming checks.
  let z = 0 * (target[0] + target[1] + target[2]);
  for (let i = 0; i <= n; i++) {
    const p = positions[i]!;
    z += 0 * (p[0] + p[1] + p[2]);
  }
  if (lengths) for (let i = 0; i < n; i++) z += lengths[i]! < 0 ? Number.NaN : 0 * lengths[i]!;
  if (!(z === 0 && n >= 1 && (!lengths || lengths.length === n) && (!out || out.length === n + 1)))
    checkFabrikIteration(positions, target, lengths, out);
  const ls = lengths ?? boneLengths(positions);
  const p = out ?? positions.map((x): Vec3 => [x[0], x[1], x[2]]);
  if (out && out !== positions)
    for (let i = 0; i <= n; i++) {
      p[i]![0] = positions[i]![0];
      p[i]![1] = positions[i]![1];
      p[i]![2] = positions[i]![2];
    }
  iterateInPlace(p, target, ls, p[0]![0], p[0]![1], p[0]![2]);
  return p;
}

/** The naming half of {@link fabrikIteration}'s boundary check. */
function checkFabrikIteration(
  positions: readonly Readonly<Vec3>[],
  target: Readonly<Vec3>,
  lengths?: readonly number[],
  out?: Vec3[],
): void {
  assertPoints(positions, "ik.fabrikIteration: positions");
  assertPoint(target, "ik.fabrikIteration: target");
  if (positions.length < 2) throw new RangeError("ik.fabrikIteration: positions needs at least two points (one bone)");
  if (lengths && (lengths.length !== positions.length - 1 || !lengths.every((l) => l >= 0 && l < Infinity)))
    throw new RangeError(`ik.fabrikIteration: lengths must be ${positions.length - 1} finite numbers ≥ 0`);
  if (out && out.length !== positions.length)
    throw new RangeError(`ik.fabrikIteration: out must hold ${positions.length} points, got ${out.length}`);
}

/**
 * One FABRIK iteration in place on `p` (tip to `target`, back to the base `(bx, by, bz)`), each joint
 * moved onto the sphere about its neighbour as `constraints.constrainDistance` does — the same
 * divisions, so the same bits — but written into the existing tuples: no allocation per step.
 */
function iterateInPlace(
  p: Vec3[],
  target: Readonly<Vec3>,
  lengths: readonly number[],
  bx: number,
  by: number,
  bz: number,
): void {
  const n = p.length - 1;
  let ax = target[0],
    ay = target[1],
    az = target[2]; // the anchor: the joint just placed
  p[n]![0] = ax;
  p[n]![1] = ay;
  p[n]![2] = az;
  for (let i = n - 1; i >= 0; i--) {
    const q = p[i]!;
    pull(q, ax, ay, az, lengths[i]!);
    ax = q[0];
    ay = q[1];
    az = q[2];
  }
  p[0]![0] = ax = bx;
  p[0]![1] = ay = by;
  p[0]![2] = az = bz;
  for (let i = 1; i <= n; i++) {
    const q = p[i]!;
    pull(q, ax, ay, az, lengths[i - 1]!);
    ax = q[0];
    ay = q[1];
    az = q[2];
  }
}

/** `q ← a + L·(q − a)/|q − a|` in place (`constrainDistance`, its +x fallback for `q = a` included). */
function pull(q: Vec3, ax: number, ay: number, az: number, length: number): void {
  let dx = q[0] - ax,
    dy = q[1] - ay,
    dz = q[2] - az;
  const d2 = dx * dx + dy * dy + dz * dz;
  if (d2 > 1e-290 && d2 < 1e290) {
    const d = Math.sqrt(d2);
    dx /= d;
    dy /= d;
    dz /= d;
  } else if (dx === 0 && dy === 0 && dz === 0) {
    dx = 1; // constrainDistance's fallback direction for coincident points
  } else {
    const u = normalize([dx, dy, dz]); // scaled first: tiny or huge offsets
    dx = u[0];
    dy = u[1];
    dz = u[2];
  }
  q[0] = ax + dx * length;
  q[1] = ay + dy * length;
  q[2] = az + dz * length;
}

/**
 * FABRIK: iterates {@link fabrikIteration} until the tip is within `tolerance` of the target or
 * `maxIterations` have run. Bone lengths are those of the starting positions and are kept exactly.
 *
 * A target beyond the total length `L` is unreachable: as in Aristidou & Lasenby's algorithm, the
 * chain is laid straight toward it in one step (`iterations = 1`, `error = |target − base| − L`). A target
 * inside the inner radius of {@link reachRange} is also unreachable; the iterations then run out.
 * FABRIK knows nothing of hinges or limits (the blog's table: "conical limits" at most).
 *
 * @param positions - The starting joints, base first, tip last (at least two).
 * @param target - The point to reach.
 * @param opts - `maxIterations` (default 100), `tolerance` (default 1e-9).
 * @returns `{positions, iterations, error, converged, errors}`.
 * @throws RangeError for bad inputs.
 * @example fabrik([[0, 0, 0], [1, 0, 0], [2, 0, 0]], [1, 1, 0]).error < 1e-9 // → true
 */
export function fabrik(
  positions: readonly Readonly<Vec3>[],
  target: Readonly<Vec3>,
  opts: SolveOptions = {},
): SolveResult {
  assertPoints(positions, "ik.fabrik: positions");
  assertPoint(target, "ik.fabrik: target");
  if (positions.length < 2) throw new RangeError("ik.fabrik: positions needs at least two points (one bone)");
  const { maxIterations, tolerance } = options(opts, "ik.fabrik");
  const lengths = boneLengths(positions);
  const total = lengths.reduce((s, l) => s + l, 0);
  const base = positions[0]!;
  let p: Vec3[] = positions.map((x) => [x[0], x[1], x[2]]);
  let error = distance(p[p.length - 1]!, target);
  const errors = [error];
  if (error > tolerance && distance(base, target) > total) {
    // Unreachable: the straight chain toward the target is the nearest pose (no iteration needed).
    const dir = normalize(sub(target, base));
    let along = 0;
    p = [[base[0], base[1], base[2]]];
    for (const l of lengths) p.push(add(base, scale(dir, (along += l))));
    error = distance(p[p.length - 1]!, target);
    return { positions: p, iterations: 1, error, converged: error <= tolerance, errors: [errors[0]!, error] };
  }
  let iterations = 0;
  // p is this call's own copy: iterate in place, no tuple allocated per iteration.
  while (error > tolerance && iterations < maxIterations) {
    iterateInPlace(p, target, lengths, base[0], base[1], base[2]);
    error = distance(p[p.length - 1]!, target);
    errors.push(error);
    iterations++;
  }
  return { positions: p, iterations, error, converged: error <= tolerance, errors };
}

/**
 * The 5-DoF arm of the blog's demo (`assets/js/IK/IKExample.js` on zalo.github.io), in its own units:
 * a base yaw about y (±180°), three pitch hinges about x (±90°, ±150°, ±130°) and a wrist yaw about y
 * (±180°); each bone is the offset to the next joint in the joint's frame, the last one the offset to
 * the end effector. The first joint sits 11.52 above the ground.
 * @example reachRange(BLOG_ARM.joints).outer // ≈ 84.616
 */
export const BLOG_ARM: { readonly origin: Vec3; readonly joints: readonly Joint[] } = (() => {
  const deg = Math.PI / 180;
  const joint = (offset: Vec3, hinge: Vec3, limitDeg: number): Joint => ({
    length: Math.hypot(...offset),
    direction: offset,
    hinge,
    limits: [-limitDeg * deg, limitDeg * deg],
  });
  return {
    origin: [0, 11.52001, 0],
    joints: [
      joint([-6.55, 4.6, 0], [0, 1, 0], 180),
      joint([1.247041, 32.02634, -0.0739485], [1, 0, 0], 90),
      joint([2.984276, 30.01859, 0], [1, 0, 0], 150),
      joint([4.333822, 4.200262, 0], [1, 0, 0], 130),
      joint([8.3, 1.0, 0], [0, 1, 0], 180),
    ],
  };
})();
