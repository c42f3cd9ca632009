/**
 * Figure helpers for chapter 07 (the nearest rotation): a skewed input basis drawn under the rotation
 * that repairs it, with an arc per column showing how far that column was turned. Matrices are the
 * library's column-major `Mat3`; column j is the image of the j-th axis, drawn in the axis colours
 * (X red, Y green, Z blue) of `frame.ts`.
 */

import * as THREE from "three";
import { type Mat3, type Vec3, mat3, vec3 } from "../../lib/index.ts";
import { AXIS_COLORS, arrow, setArrow } from "./frame.ts";

/** A colour `amount` of the way from `color` to white (0 keeps it, 1 is white). */
function tint(color: number, amount: number): number {
  const c = new THREE.Color(color);
  return c.lerp(new THREE.Color(0xffffff), amount).getHex();
}

/** `n + 1` points on the short great-circle arc from the direction of `a` to that of `b`, at radius `r`. */
export function greatArcPoints(a: Readonly<Vec3>, b: Readonly<Vec3>, r: number, n = 32): Vec3[] {
  const u = vec3.normalize(a);
  const w = vec3.normalize(b);
  const angle = vec3.angleBetween(u, w);
  // The unit vector ⟂ u in the plane of u and w (any ⟂ u when they are parallel or opposite).
  const side = vec3.sub(w, vec3.scale(u, vec3.dot(u, w)));
  const perp = vec3.length(side) > 1e-12 ? vec3.normalize(side) : vec3.orthogonal(u);
  return Array.from({ length: n + 1 }, (_, i) => {
    const t = (angle * i) / n;
    return vec3.scale(vec3.add(vec3.scale(u, Math.cos(t)), vec3.scale(perp, Math.sin(t))), r);
  });
}

/** A basis drawn over another: the input's columns (pale, at their own lengths), the output's (solid, unit), and the arcs between. */
export interface BasisOverlay {
  group: THREE.Group;
  /** Draws `input`'s columns pale and `output`'s solid; pass `output` = undefined to draw the input alone. */
  set(input: Readonly<Mat3>, output?: Readonly<Mat3>): void;
}

/**
 * The picture of a repair: three pale arrows (the columns of the skewed input, each with a ball at its
 * tip), three solid unit arrows (the columns of the rotation that replaces it) and, for each column, an
 * arc at radius `arcRadius` from the input's direction to the output's — its length is the angle that
 * column was turned.
 */
export function basisOverlay({ arcRadius = 0.45 }: { arcRadius?: number } = {}): BasisOverlay {
  const group = new THREE.Group();
  const pale = AXIS_COLORS.map((c) => tint(c, 0.55));
  const inputs = pale.map((c) => arrow([0, 0, 0], [1, 0, 0], c));
  const tips = pale.map(
    (c) => new THREE.Mesh(new THREE.SphereGeometry(0.045, 16, 12), new THREE.MeshStandardMaterial({ color: c })),
  );
  const outputs = AXIS_COLORS.map((c) => {
    const a = arrow([0, 0, 0], [1, 0, 0], c);
    a.setLength(1, 0.16, 0.08);
    return a;
  });
  const arcs = AXIS_COLORS.map(
    (c) => new THREE.Line(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: c })),
  );
  group.add(...inputs, ...tips, ...outputs, ...arcs);
  return {
    group,
    set(input, output) {
      for (let j = 0 as 0 | 1 | 2; j < 3; j = (j + 1) as 0 | 1 | 2) {
        const c = mat3.column(input, j);
        setArrow(inputs[j]!, [0, 0, 0], c);
        tips[j]!.position.set(c[0], c[1], c[2]);
        outputs[j]!.visible = output !== undefined;
        arcs[j]!.visible = output !== undefined && vec3.length(c) > 0;
        if (!output) continue;
        const o = mat3.column(output, j);
        setArrow(outputs[j]!, [0, 0, 0], o);
        outputs[j]!.setLength(1, 0.16, 0.08);
        if (vec3.length(c) === 0) continue;
        arcs[j]!.geometry.dispose();
        arcs[j]!.geometry = new THREE.BufferGeometry().setFromPoints(
          greatArcPoints(c, o, arcRadius).map((p) => new THREE.Vector3(p[0], p[1], p[2])),
        );
      }
    },
  };
}
