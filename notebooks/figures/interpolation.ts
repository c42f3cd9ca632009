/**
 * Figure helpers for chapter 05 (interpolating rotations): dotted paths traced on the unit sphere, a
 * faint sphere to trace them on, small markers, the keyframe scene's panels (an object whose nose tip
 * traces a spline, with the keys marked), and the pieces of the third-person camera scene (a track, a
 * camera glyph). Colours are CSS strings so the same names serve Plot and three.js.
 */

import * as THREE from "three";
import { type Quat, type Vec3, quat, vec3 } from "../../lib/index.ts";
import { orientedObject } from "./frame.ts";

/** A cloud of round dots, e.g. a path sampled at equal steps of t: the spacing shows the speed. */
export function dots(color: THREE.ColorRepresentation, size = 0.06): THREE.Points {
  const material = new THREE.PointsMaterial({ color, size, sizeAttenuation: true });
  return new THREE.Points(new THREE.BufferGeometry(), material);
}

/** Replaces the dots' positions. */
export function setDots(points: THREE.Points, positions: readonly Readonly<Vec3>[]): void {
  points.geometry.dispose();
  points.geometry = new THREE.BufferGeometry().setFromPoints(positions.map((p) => new THREE.Vector3(p[0], p[1], p[2])));
}

/** A line through points in any colour (CSS or number); {@link setLine} moves it. */
export function line(
  positions: readonly Readonly<Vec3>[],
  color: THREE.ColorRepresentation,
  dashed = false,
): THREE.Line {
  const material = dashed
    ? new THREE.LineDashedMaterial({ color, dashSize: 0.06, gapSize: 0.05 })
    : new THREE.LineBasicMaterial({ color });
  const l = new THREE.Line(new THREE.BufferGeometry(), material);
  setLine(l, positions);
  return l;
}

/** Replaces a line's points (and recomputes dash distances for a dashed line). */
export function setLine(l: THREE.Line, positions: readonly Readonly<Vec3>[]): void {
  l.geometry.dispose();
  l.geometry = new THREE.BufferGeometry().setFromPoints(positions.map((p) => new THREE.Vector3(p[0], p[1], p[2])));
  if (l.material instanceof THREE.LineDashedMaterial) l.computeLineDistances();
}

/** A faint wireframe sphere (radius 1 by default) for tip paths to run on. */
export function wireSphere(radius = 1, opacity = 0.12): THREE.LineSegments {
  const geometry = new THREE.WireframeGeometry(new THREE.SphereGeometry(radius, 24, 16));
  return new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: 0x888888, transparent: true, opacity }));
}

/** A small ball, e.g. a keyframe or the current point of a path. */
export function marker(color: THREE.ColorRepresentation, radius = 0.05): THREE.Mesh {
  return new THREE.Mesh(new THREE.SphereGeometry(radius, 16, 12), new THREE.MeshStandardMaterial({ color }));
}

/** Places an object at a point. */
export function place(object: THREE.Object3D, p: Readonly<Vec3>): void {
  object.position.set(p[0], p[1], p[2]);
}

/** A camera drawn as a small pyramid whose open end looks along the object's local +X (like the course's objects' noses). */
export function cameraGlyph(color: THREE.ColorRepresentation = 0x333333, size = 0.25): THREE.Group {
  const group = new THREE.Group();
  const body = new THREE.Mesh(
    new THREE.BoxGeometry(size * 0.9, size * 0.6, size * 0.6),
    new THREE.MeshStandardMaterial({ color }),
  );
  const lens = new THREE.Mesh(
    new THREE.ConeGeometry(size * 0.35, size * 0.5, 4, 1, true).rotateZ(Math.PI / 2),
    new THREE.MeshStandardMaterial({ color, side: THREE.DoubleSide }),
  );
  lens.position.x = size * 0.6;
  group.add(body, lens);
  return group;
}

/** Recolours a line, dots or marker made by this module (any object whose material has a colour). */
export function setColor(object: THREE.Line | THREE.Points | THREE.Mesh, color: THREE.ColorRepresentation): void {
  const materials = Array.isArray(object.material) ? object.material : [object.material];
  for (const m of materials) if ("color" in m && m.color instanceof THREE.Color) m.color.set(color);
}

/** Where the nose (+X) of an object at `centre`, turned by `q`, points: `length` out along it. */
export function noseTip(centre: Readonly<Vec3>, q: Readonly<Quat>, length: number): Vec3 {
  return vec3.add(centre, vec3.scale(quat.rotateVec3(q, [1, 0, 0]), length));
}

/** One panel of the keyframe scene: the object that follows a spline and the trace of its nose tip. */
export interface SplinePanel {
  body: THREE.Group;
  trace: THREE.Line;
  /** Everything to add to the scene: body, trace, a faint sphere the tip runs on, and a ball at each key. */
  objects: THREE.Object3D[];
}

/**
 * A panel centred at `centre`: an object whose nose is `tipLength` long, a faint sphere of that radius for
 * its tip to run on, a small ball where the tip points at each key, and an empty trace in `color` to fill
 * with {@link setLine} (points from {@link noseTip}).
 */
export function splinePanel(
  centre: Readonly<Vec3>,
  color: THREE.ColorRepresentation,
  keys: readonly Readonly<Quat>[],
  tipLength: number,
): SplinePanel {
  const body = orientedObject({ scale: 0.5 });
  place(body, centre);
  const trace = line([], color);
  const sphere = wireSphere(tipLength, 0.07);
  place(sphere, centre);
  const keyBalls = keys.map((k) => {
    const ball = marker(0x444444, 0.035);
    place(ball, noseTip(centre, k, tipLength));
    return ball;
  });
  return { body, trace, objects: [body, trace, sphere, ...keyBalls] };
}
