/**
 * Coordinate frames and oriented objects for three.js figures, driven by the course's own matrices
 * and quaternions (`lib/`): column-major `Mat3`, `[x, y, z, w]` quaternions.
 *
 * The course's math is Z-up-agnostic: three.js draws Y up, and so do the figures — the X, Y, Z of
 * the library are three.js's X, Y, Z, with no hidden swap.
 */

import * as THREE from "three";
import type { Mat3, Quat, Vec3 } from "../../lib/index.ts";
import { palette, paletteHex } from "./palette.ts";

/** The colours of the axes everywhere in the course: X red, Y green, Z blue (palette.ts). */
export const AXIS_COLORS = [paletteHex.red, paletteHex.green, paletteHex.blue] as const;

/** CSS versions of {@link AXIS_COLORS}, for Plot and HTML. */
export const AXIS_CSS = [palette.red, palette.green, palette.blue] as const;

export interface FrameOptions {
  /** Arrow length (default 1). */
  size?: number;
  /** Opacity; below 1 the frame is drawn see-through, e.g. for a reference frame (default 1). */
  opacity?: number;
  /** Draw X, Y, Z labels (default true). */
  labels?: boolean;
}

/** A right-handed coordinate frame: three arrows along X (red), Y (green), Z (blue). */
export function coordinateFrame({ size = 1, opacity = 1, labels = true }: FrameOptions = {}): THREE.Group {
  const group = new THREE.Group();
  const dirs = [new THREE.Vector3(1, 0, 0), new THREE.Vector3(0, 1, 0), new THREE.Vector3(0, 0, 1)];
  dirs.forEach((dir, i) => {
    const arrow = new THREE.ArrowHelper(dir, new THREE.Vector3(), size, AXIS_COLORS[i], 0.16 * size, 0.08 * size);
    for (const child of [arrow.line, arrow.cone]) {
      const material = child.material as THREE.Material;
      material.transparent = opacity < 1;
      material.opacity = opacity;
    }
    group.add(arrow);
    if (labels) {
      const label = textSprite("XYZ"[i]!, AXIS_CSS[i]!, opacity);
      label.position.copy(dir.clone().multiplyScalar(size * 1.15));
      label.scale.setScalar(0.22 * size);
      group.add(label);
    }
  });
  return group;
}

/** A small label that always faces the camera. */
export function textSprite(text: string, color: string, opacity = 1): THREE.Sprite {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 64;
  const ctx = canvas.getContext("2d");
  if (ctx) {
    ctx.font = "bold 44px system-ui, sans-serif";
    ctx.fillStyle = color;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(text, 32, 34);
  }
  const material = new THREE.SpriteMaterial({ map: new THREE.CanvasTexture(canvas), transparent: true, opacity });
  return new THREE.Sprite(material);
}

/**
 * An object whose orientation is easy to read: a flattened body with a nose along +X, a fin along +Y
 * and a stripe on the +Z side, so no rotation leaves it looking the same.
 */
export function orientedObject({
  color = paletteHex.amber,
  scale = 1,
}: { color?: number; scale?: number } = {}): THREE.Group {
  const group = new THREE.Group();
  const body = new THREE.Mesh(
    new THREE.BoxGeometry(1.2 * scale, 0.3 * scale, 0.6 * scale),
    new THREE.MeshStandardMaterial({ color, roughness: 0.6 }),
  );
  const nose = new THREE.Mesh(
    new THREE.ConeGeometry(0.22 * scale, 0.45 * scale, 24).rotateZ(-Math.PI / 2),
    new THREE.MeshStandardMaterial({ color: AXIS_COLORS[0] }),
  );
  nose.position.x = 0.82 * scale;
  const fin = new THREE.Mesh(
    new THREE.BoxGeometry(0.35 * scale, 0.4 * scale, 0.05 * scale),
    new THREE.MeshStandardMaterial({ color: AXIS_COLORS[1] }),
  );
  fin.position.set(-0.35 * scale, 0.35 * scale, 0);
  const stripe = new THREE.Mesh(
    new THREE.BoxGeometry(0.9 * scale, 0.12 * scale, 0.02 * scale),
    new THREE.MeshStandardMaterial({ color: AXIS_COLORS[2] }),
  );
  stripe.position.z = 0.31 * scale;
  group.add(body, nose, fin, stripe);
  return group;
}

/** Sets an object's orientation from a column-major rotation matrix (the library's `Mat3`). */
export function setRotationMatrix(object: THREE.Object3D, m: Readonly<Mat3>): void {
  const m4 = new THREE.Matrix4().set(m[0], m[3], m[6], 0, m[1], m[4], m[7], 0, m[2], m[5], m[8], 0, 0, 0, 0, 1);
  object.quaternion.setFromRotationMatrix(m4);
}

/** Sets an object's orientation from an `[x, y, z, w]` quaternion. */
export function setQuaternion(object: THREE.Object3D, q: Readonly<Quat>): void {
  object.quaternion.set(q[0], q[1], q[2], q[3]);
}

/** An arrow from `from` to `to`, e.g. a rotation axis or a vector of Rodrigues' construction. */
export function arrow(from: Readonly<Vec3>, to: Readonly<Vec3>, color: number): THREE.ArrowHelper {
  const a = new THREE.ArrowHelper(new THREE.Vector3(1, 0, 0), new THREE.Vector3(), 1, color, 0.12, 0.06);
  setArrow(a, from, to);
  return a;
}

/** Moves an arrow made by {@link arrow} to run from `from` to `to` (hidden when they coincide). */
export function setArrow(a: THREE.ArrowHelper, from: Readonly<Vec3>, to: Readonly<Vec3>): void {
  const d = new THREE.Vector3(to[0] - from[0], to[1] - from[1], to[2] - from[2]);
  const len = d.length();
  a.visible = len > 1e-9;
  if (!a.visible) return;
  a.position.set(from[0], from[1], from[2]);
  a.setDirection(d.normalize());
  a.setLength(len, Math.min(0.12, 0.4 * len), Math.min(0.06, 0.2 * len));
}

/** A polyline through points, e.g. a path traced by a rotating vector. */
export function polyline(points: readonly Readonly<Vec3>[], color: number): THREE.Line {
  const geometry = new THREE.BufferGeometry().setFromPoints(points.map((p) => new THREE.Vector3(p[0], p[1], p[2])));
  return new THREE.Line(geometry, new THREE.LineBasicMaterial({ color }));
}

/** Replaces a polyline's points. */
export function setPolyline(line: THREE.Line, points: readonly Readonly<Vec3>[]): void {
  line.geometry.dispose();
  line.geometry = new THREE.BufferGeometry().setFromPoints(points.map((p) => new THREE.Vector3(p[0], p[1], p[2])));
}
