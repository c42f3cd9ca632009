/**
 * The trackball's two measured curves (chapter 04, section 7), from the library's `trackball`.
 *
 * - A **closed** drag brings the arcball back exactly (its turn depends on the two ends only), but leaves
 *   the incremental trackball turned about the press point by the solid angle the loop encloses on the
 *   ball — the holonomy; a circle of radius ρ = r sin α encloses a cap of 2π(1 − cos α).
 * - A **straight** drag through the centre turns the incremental trackball by φ, the angle the pointer has
 *   moved on the ball, and the arcball by 2φ, on any path.
 */

import { scalar, trackball, vec3 } from "../../lib/index.ts";
import { ownAngle, turnAbout } from "./trackball.ts";

/** One point of the closed-drag plot: the net turn (degrees) about the press point after a circle of radius `rho`. */
export interface HolonomyRow {
  rho: number;
  turn: number;
  method: "incremental trackball" | "arcball" | "cap 2π(1 − cos α)";
}

/** For circles of radius 0.05, 0.10, …, 1.50 ball radii (240 mouse events each): both methods' net turn and the smooth cap. */
export function holonomyCurve(): HolonomyRow[] {
  return Array.from({ length: 30 }, (_, k) => 0.05 * (k + 1)).flatMap((rho) => {
    const path = trackball.circlePath([0, 0], rho, 240);
    const incremental = trackball.drag(path, "incremental").at(-1)!;
    const axis = trackball.ballPoint(path[0]!);
    return [
      { rho, turn: scalar.radToDeg(turnAbout(incremental, axis)), method: "incremental trackball" as const },
      {
        rho,
        turn: scalar.radToDeg(turnAbout(trackball.drag(path, "arcball").at(-1)!, axis)),
        method: "arcball" as const,
      },
      { rho, turn: scalar.radToDeg(2 * Math.PI * (1 - axis[2])), method: "cap 2π(1 − cos α)" as const },
    ];
  });
}

/** One point of the straight-drag plot: the object's turn (degrees) once the pointer is `phi` degrees from the press point on the ball. */
export interface DragTurnRow {
  phi: number;
  turn: number;
  method: "arcball" | "incremental trackball";
}

/**
 * A straight horizontal drag at `height` ball radii, from x = −1.2 to 1.2 in 241 mouse events: for each
 * event, the angle φ on the ball from the press point, and the turn of each method since the press (the
 * angle along the quaternion's own arc, so the arcball's may pass 180°). Rows alternate arcball, incremental.
 */
export function straightDragTurns(height: number): DragTurnRow[] {
  const drag = Array.from({ length: 241 }, (_, k): trackball.ScreenPoint => [-1.2 + k / 100, height]);
  const pressBall = trackball.ballPoint(drag[0]!);
  const arcball = trackball.drag(drag, "arcball");
  const incremental = trackball.drag(drag, "incremental");
  return drag.flatMap((p, k) => {
    const phi = scalar.radToDeg(vec3.angleBetween(pressBall, trackball.ballPoint(p)));
    return [
      { phi, turn: scalar.radToDeg(ownAngle(arcball[k]!)), method: "arcball" as const },
      { phi, turn: scalar.radToDeg(ownAngle(incremental[k]!)), method: "incremental trackball" as const },
    ];
  });
}
