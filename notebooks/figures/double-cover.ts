/**
 * The double cover, drawn one component at a time (chapter 04, section 3).
 *
 * A turn by θ about the unit axis n is the quaternion q = (sin(θ/2) n, cos(θ/2)): every component has
 * *half* the angle in it, so as θ runs from 0 to 720° the four components trace one period, and after
 * 360° — the same rotation again — q has become −q. These rows feed the chapter's plot of the components.
 */

import { type Quat, type Vec3, quat, scalar } from "../../lib/index.ts";

/** One component of a quaternion, at the turn angle `theta` (degrees) it belongs to. */
export interface ComponentRow {
  theta: number;
  value: number;
  component: "x" | "y" | "z" | "w";
}

const COMPONENTS = ["x", "y", "z", "w"] as const;

/** The four components of `q` as rows at angle `theta` (degrees), in the order x, y, z, w. */
export function componentRows(q: Readonly<Quat>, theta: number): ComponentRow[] {
  return COMPONENTS.map((component, c) => ({ theta, value: q[c]!, component }));
}

/** The components of the turn about `axis` at every 5° from 0° to 720°: two full turns, one period of q. */
export function coverCurve(axis: Readonly<Vec3>): ComponentRow[] {
  return Array.from({ length: 145 }, (_, i) => i * 5).flatMap((t) =>
    componentRows(quat.fromAxisAngle(axis, scalar.degToRad(t)), t),
  );
}
