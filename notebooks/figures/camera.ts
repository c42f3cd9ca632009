/**
 * Figure helpers for chapter 06 (camera and projection): line drawings of a cube and of a camera's
 * viewing frustum, computed with the course's own column-major matrices (`lib/mat4`, `lib/projection`),
 * and the same edges flattened for a 2D chart: what a camera sees of them, in NDC.
 */

import * as THREE from "three";
import { type Mat4, type Vec3, mat4, projection } from "../../lib/index.ts";

/** A see-through solid cube of side `size` centred on the origin, e.g. the object a camera looks at. */
export function translucentCube(color: number, size = 1, opacity = 0.55): THREE.Mesh {
  return new THREE.Mesh(
    new THREE.BoxGeometry(size, size, size),
    new THREE.MeshStandardMaterial({ color, transparent: true, opacity }),
  );
}

/** A segment from `a` to `b`; `axis` is the coordinate axis it runs along (0 X, 1 Y, 2 Z), if any. */
export interface Edge {
  a: Vec3;
  b: Vec3;
  axis?: 0 | 1 | 2;
}

/** The 12 edges of the axis-aligned cube `[−half, half]³`, each tagged with the axis it runs along. */
export function cubeEdges(half = 0.5): Edge[] {
  const edges: Edge[] = [];
  for (const axis of [0, 1, 2] as const) {
    const [u, v] = [(axis + 1) % 3, (axis + 2) % 3];
    for (const su of [-half, half])
      for (const sv of [-half, half]) {
        const a: Vec3 = [0, 0, 0];
        a[axis] = -half;
        a[u] = su;
        a[v] = sv;
        const b: Vec3 = [a[0], a[1], a[2]];
        b[axis] = half;
        edges.push({ a, b, axis });
      }
  }
  return edges;
}

/** The same edges, every end point sent through `m` with the divide by w (`mat4.transformPoint`). */
export function transformEdges(edges: readonly Edge[], m: Readonly<Mat4>): Edge[] {
  return edges.map((e) => ({ ...e, a: mat4.transformPoint(m, e.a), b: mat4.transformPoint(m, e.b) }));
}

/**
 * The edges of the frustum that `projView = projection · view` sees (−1..1 depth): the NDC cube's 12
 * edges taken back to world space, plus four lines from the eye to the near corners.
 */
export function frustumEdges(projView: Readonly<Mat4>, eye: Readonly<Vec3>): Edge[] {
  const box = transformEdges(cubeEdges(1), mat4.invert(projView));
  const near = ([-1, 1] as const).flatMap((x) =>
    ([-1, 1] as const).map((y) => ({
      a: [eye[0], eye[1], eye[2]] as Vec3,
      b: mat4.transformPoint(mat4.invert(projView), [x, y, -1]),
    })),
  );
  return [...box, ...near];
}

/** Line segments for a three.js scene. */
export function lineSegments(edges: readonly Edge[], color: number): THREE.LineSegments {
  const lines = new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color }));
  setLineSegments(lines, edges);
  return lines;
}

/** Replaces the segments of a {@link lineSegments} object. */
export function setLineSegments(lines: THREE.LineSegments, edges: readonly Edge[]): void {
  lines.geometry.dispose();
  lines.geometry = new THREE.BufferGeometry().setFromPoints(
    edges.flatMap((e) => [new THREE.Vector3(...e.a), new THREE.Vector3(...e.b)]),
  );
}

/** An edge drawn flat in a 2D chart (a Plot.link): its ends' x, y and the letter of the axis it runs along. */
export interface FlatEdge {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  axis: "X" | "Y" | "Z";
}

/** The x, y of each edge's ends (z dropped), with its axis as a letter (an edge with no axis counts as X). */
export function flatEdges(edges: readonly Edge[]): FlatEdge[] {
  return edges.map((e) => ({
    x1: e.a[0],
    y1: e.a[1],
    x2: e.b[0],
    y2: e.b[1],
    axis: (["X", "Y", "Z"] as const)[e.axis ?? 0],
  }));
}

/**
 * What a camera sees of `edges`: each edge whose two ends are in front of the eye (clip w > 0) sent through
 * `projView = projection · view` and the divide by w, in NDC. An edge that reaches behind the eye is left
 * out rather than clipped: its divided ends would land on the wrong side of the picture.
 */
export function seenEdges(projView: Readonly<Mat4>, edges: readonly Edge[]): FlatEdge[] {
  const inFront = edges.filter(
    (e) => mat4.transformVec4(projView, [...e.a, 1])[3] > 0 && mat4.transformVec4(projView, [...e.b, 1])[3] > 0,
  );
  return flatEdges(
    inFront.map((e) => ({ ...e, a: projection.project(projView, e.a), b: projection.project(projView, e.b) })),
  );
}
