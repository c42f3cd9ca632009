/**
 * Figure helpers for chapter 09 (fitting lines and planes): a cloud of points drawn as small balls,
 * a fitted line as a thin rod through a point, a fitted plane as a see-through square with its
 * outline, and residuals as line segments from each point to its foot on the line or the plane.
 * Colours are CSS strings so the same names serve Plot and three.js.
 *
 * Each maker builds its object once; its `set…` companion moves it (the pattern of scene.ts: a slider
 * never creates a new WebGL object, only updates one).
 */

import * as THREE from "three";
import type { Vec3 } from "../../lib/index.ts";
import { palette } from "./palette.ts";

/** The chapter's colours: the points, the fitted line, the fitted plane, the residuals. */
export const FIT_CSS = {
  points: palette.slate,
  line: palette.blue,
  plane: palette.amber,
  residual: palette.red,
  start: palette.green,
  centroid: palette.violet,
} as const;

const vector = (p: Readonly<Vec3>) => new THREE.Vector3(p[0], p[1], p[2]);

/** Up to `capacity` small balls of one colour; {@link setPointCloud} places them (and hides the rest). */
export function pointCloud(
  capacity: number,
  color: THREE.ColorRepresentation = FIT_CSS.points,
  radius = 0.045,
): THREE.InstancedMesh {
  const mesh = new THREE.InstancedMesh(
    new THREE.SphereGeometry(radius, 12, 8),
    new THREE.MeshStandardMaterial({ color, roughness: 0.5 }),
    capacity,
  );
  mesh.count = 0;
  return mesh;
}

/** Places the balls of a {@link pointCloud} at `points` (at most its capacity). */
export function setPointCloud(mesh: THREE.InstancedMesh, points: readonly Readonly<Vec3>[]): void {
  const m = new THREE.Matrix4();
  const n = Math.min(points.length, mesh.instanceMatrix.count);
  for (let i = 0; i < n; i++) mesh.setMatrixAt(i, m.makeTranslation(vector(points[i]!)));
  mesh.count = n;
  mesh.instanceMatrix.needsUpdate = true;
  mesh.computeBoundingSphere();
}

/** A thin rod (a fitted line, drawn as a long segment); {@link setLineRod} lays it through a point. */
export function lineRod(color: THREE.ColorRepresentation = FIT_CSS.line, radius = 0.018): THREE.Mesh {
  return new THREE.Mesh(
    new THREE.CylinderGeometry(radius, radius, 1, 12),
    new THREE.MeshStandardMaterial({ color, roughness: 0.4 }),
  );
}

/** Lays a {@link lineRod} through `point` along the unit `direction`, `length` long (centred on the point). */
export function setLineRod(mesh: THREE.Mesh, point: Readonly<Vec3>, direction: Readonly<Vec3>, length: number): void {
  mesh.position.copy(vector(point));
  mesh.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), vector(direction).normalize());
  mesh.scale.set(1, length, 1);
}

/** A see-through square with an outline (a fitted plane); {@link setPlanePatch} places it. */
export function planePatch(color: THREE.ColorRepresentation = FIT_CSS.plane, size = 3): THREE.Group {
  const group = new THREE.Group();
  const square = new THREE.Mesh(
    new THREE.PlaneGeometry(size, size),
    new THREE.MeshStandardMaterial({
      color,
      transparent: true,
      opacity: 0.28,
      side: THREE.DoubleSide,
      depthWrite: false,
    }),
  );
  const outline = new THREE.LineSegments(
    new THREE.EdgesGeometry(new THREE.PlaneGeometry(size, size, 4, 4)),
    new THREE.LineBasicMaterial({ color, transparent: true, opacity: 0.8 }),
  );
  const grid = new THREE.GridHelper(size, 6, color, color);
  grid.rotateX(Math.PI / 2); // GridHelper lies in XZ; the square lies in XY
  for (const m of [grid.material].flat()) Object.assign(m, { transparent: true, opacity: 0.35 });
  group.add(square, outline, grid);
  return group;
}

/** Places a {@link planePatch} through `point` with unit `normal` (the square's own normal is +Z). */
export function setPlanePatch(group: THREE.Group, point: Readonly<Vec3>, normal: Readonly<Vec3>): void {
  group.position.copy(vector(point));
  group.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), vector(normal).normalize());
}

/** Line segments, e.g. residuals from points to their feet; {@link setResidualSegments} replaces them. */
export function residualSegments(color: THREE.ColorRepresentation = FIT_CSS.residual): THREE.LineSegments {
  return new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color }));
}

/** Replaces the segments with one from `a[i]` to `b[i]` for each i. */
export function setResidualSegments(
  lines: THREE.LineSegments,
  a: readonly Readonly<Vec3>[],
  b: readonly Readonly<Vec3>[],
): void {
  lines.geometry.dispose();
  lines.geometry = new THREE.BufferGeometry().setFromPoints(a.flatMap((p, i) => [vector(p), vector(b[i]!)]));
}

/** A small ball, e.g. the centroid. */
export function ball(color: THREE.ColorRepresentation = FIT_CSS.centroid, radius = 0.07): THREE.Mesh {
  return new THREE.Mesh(new THREE.SphereGeometry(radius, 16, 12), new THREE.MeshStandardMaterial({ color }));
}
