/**
 * The course's rotation library. Each module is one concept, imported as a
 * namespace: `import { quat, mat3 } from "../lib/index.ts"`.
 *
 * Conventions: `Vec3 = [x, y, z]`; `Quat = [x, y, z, w]` (scalar last);
 * `Mat3`/`Mat4` column-major; radians; right-handed; pure functions, with an
 * optional trailing `out` on hot paths.
 *
 * @module lib
 */

export * as scalar from "./scalar.ts";
export * as vec3 from "./vec3.ts";
export * as mat3 from "./mat3.ts";
export * as mat4 from "./mat4.ts";
export * as axisAngle from "./axisAngle.ts";
export * as quat from "./quat.ts";
export * as euler from "./euler.ts";
export * as interpolate from "./interpolate.ts";
export * as projection from "./projection.ts";
export * as random from "./random.ts";
export * as decompose from "./decompose.ts";
export * as kabsch from "./kabsch.ts";
export * as fit from "./fit.ts";
export * as trackball from "./trackball.ts";
export * as ik from "./ik.ts";
export * as constraints from "./constraints.ts";
export * as segments from "./segments.ts";
export * as ellipsoid from "./ellipsoid.ts";
export * as sdf from "./sdf.ts";
export * as path from "./path.ts";

export type { Vec3 } from "./vec3.ts";
export type { Mat3 } from "./mat3.ts";
export type { Mat4, Vec4 } from "./mat4.ts";
export type { Quat } from "./quat.ts";
export type { AxisAngle } from "./axisAngle.ts";
export type { EulerAngles, EulerFrame, EulerOrder } from "./euler.ts";
export type { DepthRange, ProjectionOptions } from "./projection.ts";
export type { Tolerance } from "./scalar.ts";
export type { Rng } from "./random.ts";
export type { MullerOptions, MullerResult, Svd, SymmetricEigen } from "./decompose.ts";
export type { KabschOptions, KabschResult } from "./kabsch.ts";
export type { FitLineOptions, LineFit, PlaneFit, Scatter } from "./fit.ts";
export type { Joint, ReachRange, SolveOptions as IkOptions, SolveResult as IkResult } from "./ik.ts";
export type { Link, SolveOptions as SolveDistancesOptions, VerletState } from "./constraints.ts";
export type { Capsule, SegmentPair, SegmentPoint } from "./segments.ts";
export type { Ellipsoid, RayHit } from "./ellipsoid.ts";
export type { MarchOptions, MarchResult, MarchSample, Sdf } from "./sdf.ts";
export type { Grid, GridPoint } from "./path.ts";
