/**
 * A three-ring gimbal for chapter 02: Euler angles built as hardware. The outer ring turns about a
 * fixed world axis; it carries the middle ring's axle, the middle ring carries the inner ring's, and
 * the inner ring carries the body. Ring k's plane holds its own axle and the next ring's, so when the
 * middle angle makes the first and last axles line up (±90° Tait–Bryan, 0°/180° proper Euler), the
 * outer and middle rings lie in one plane: gimbal lock, seen.
 *
 * Intrinsic order `ABC` is the gimbal as built (outer A, middle B, inner C). An extrinsic reading is
 * drawn as the intrinsic gimbal of the reversed order with the angles reversed — the same rotation.
 */

import * as THREE from "three";
import { type EulerAngles, type EulerFrame, type EulerOrder, euler } from "../../lib/index.ts";
import { AXIS_COLORS, orientedObject } from "./frame.ts";
import { paletteHex } from "./palette.ts";

const UNIT: Record<string, THREE.Vector3> = {
  X: new THREE.Vector3(1, 0, 0),
  Y: new THREE.Vector3(0, 1, 0),
  Z: new THREE.Vector3(0, 0, 1),
};
const COLOR_INDEX: Record<string, number> = { X: 0, Y: 1, Z: 2 };
const RADII = [1.5, 1.22, 0.95] as const;
/** The colour a ring takes when it is part of a locked pair. */
export const LOCK_COLOR = paletteHex.purple;

export interface Gimbal {
  /** The whole gimbal; add it to a scene. */
  group: THREE.Group;
  /** Rebuilds the rings for an order and frame (cheap; call when either changes). */
  setOrder(order: EulerOrder, frame?: EulerFrame): void;
  /** Turns the rings to the angles (radians, `angles[i]` about `order[i]` in the current frame). */
  setAngles(angles: Readonly<EulerAngles>): void;
  /** The ring order as built (intrinsic), outer to inner, e.g. "ZYX". */
  readonly builtOrder: EulerOrder;
}

interface Ring {
  pivot: THREE.Group;
  ring: THREE.Mesh;
  axle: THREE.Mesh;
  axis: THREE.Vector3;
}

/** Makes one ring: a torus whose plane holds `axis` and `next`, and an axle along `axis` reaching `reach`. */
function makeRing(radius: number, axisLetter: string, nextLetter: string, reach: number): Ring {
  const axis = UNIT[axisLetter]!.clone();
  const next = UNIT[nextLetter]!.clone();
  const normal = new THREE.Vector3().crossVectors(axis, next).normalize();
  const color = AXIS_COLORS[COLOR_INDEX[axisLetter]!];
  const ring = new THREE.Mesh(
    new THREE.TorusGeometry(radius, 0.045, 12, 96),
    new THREE.MeshStandardMaterial({ color, roughness: 0.45, metalness: 0.2 }),
  );
  ring.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), normal);
  const axle = new THREE.Mesh(
    new THREE.CylinderGeometry(0.022, 0.022, 2 * reach, 10),
    new THREE.MeshStandardMaterial({ color, roughness: 0.6 }),
  );
  axle.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), axis);
  const pivot = new THREE.Group();
  pivot.add(ring, axle);
  return { pivot, ring, axle, axis };
}

/**
 * Creates the gimbal for `order` read in `frame`, with a body (the course's oriented object) in the
 * innermost ring.
 */
export function createGimbal(order: EulerOrder, frame: EulerFrame = "intrinsic"): Gimbal {
  const group = new THREE.Group();
  let rings: Ring[] = [];
  let built: EulerOrder = order;
  let reversed = false;
  const body = orientedObject({ scale: 0.62 });

  let current = "";
  const setOrder = (o: EulerOrder, f: EulerFrame = "intrinsic") => {
    if (`${o} ${f}` === current) return;
    current = `${o} ${f}`;
    for (const r of rings) {
      r.pivot.removeFromParent();
      for (const mesh of [r.ring, r.axle]) {
        mesh.geometry.dispose();
        (mesh.material as THREE.Material).dispose();
      }
    }
    reversed = f === "extrinsic";
    built = (reversed ? o[2]! + o[1]! + o[0]! : o) as EulerOrder;
    const letters = [built[0]!, built[1]!, built[2]!];
    // Ring k's plane holds its axle and the next ring's; the inner ring holds its axle and the middle one's.
    const nexts = [letters[1]!, letters[2]!, letters[1]!];
    rings = letters.map((letter, k) =>
      makeRing(RADII[k]!, letter, nexts[k]!, k === 0 ? RADII[0] + 0.35 : RADII[k - 1]!),
    );
    group.add(rings[0]!.pivot);
    rings[0]!.pivot.add(rings[1]!.pivot);
    rings[1]!.pivot.add(rings[2]!.pivot);
    rings[2]!.pivot.add(body);
  };

  const setAngles = (angles: Readonly<EulerAngles>) => {
    const a = reversed ? [angles[2], angles[1], angles[0]] : [angles[0], angles[1], angles[2]];
    rings.forEach((r, k) => r.pivot.quaternion.setFromAxisAngle(r.axis, a[k]!));
    // Colour the outer and middle rings when they share a plane (the lock).
    const locked = euler.isGimbalLock(a as EulerAngles, built, 1e-3);
    rings.forEach((r, k) => {
      const material = r.ring.material as THREE.MeshStandardMaterial;
      material.color.setHex(locked && k < 2 ? LOCK_COLOR : AXIS_COLORS[COLOR_INDEX[built[k]!]!]!);
    });
  };

  setOrder(order, frame);
  return {
    group,
    setOrder,
    setAngles,
    get builtOrder() {
      return built;
    },
  };
}
