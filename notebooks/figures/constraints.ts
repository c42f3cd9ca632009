/**
 * Figure helpers for chapter 11 (constraints and Verlet integration): a rope drawn as balls joined by
 * rods, a see-through sphere (an obstacle, or the set a distance constraint projects onto), and the
 * rope simulation the chapter's scenes run — Verlet, then a few sweeps of distance constraints and
 * collisions, every step a `lib/constraints.ts` call.
 *
 * Each maker builds its object once; its `set…` companion moves it (the pattern of scene.ts: a slider
 * never creates a new WebGL object, only updates one).
 */

import * as THREE from "three";
import { type Vec3, constraints } from "../../lib/index.ts";
import { palette } from "./palette.ts";

/** The chapter's colours, as CSS strings (Plot and three.js both take them). */
export const CONSTRAINT_CSS = {
  rope: palette.red,
  gaussSeidel: palette.blue,
  jacobi: palette.amber,
  anchor: palette.slate,
  obstacle: palette.green,
  point: palette.violet,
  exact: "#555555",
} as const;

const vector = (p: Readonly<Vec3>) => new THREE.Vector3(p[0], p[1], p[2]);

/** A rope of up to `capacity` particles: balls at the particles and rods between neighbours. */
export interface RopeMesh {
  group: THREE.Group;
  balls: THREE.InstancedMesh;
  rods: THREE.InstancedMesh;
}

/** Makes a {@link RopeMesh}; {@link setRopeMesh} places it. */
export function ropeMesh(
  capacity: number,
  color: THREE.ColorRepresentation = CONSTRAINT_CSS.rope,
  radius = 0.035,
): RopeMesh {
  const material = new THREE.MeshStandardMaterial({ color, roughness: 0.45 });
  const balls = new THREE.InstancedMesh(new THREE.SphereGeometry(radius, 12, 8), material, capacity);
  const rods = new THREE.InstancedMesh(
    new THREE.CylinderGeometry(radius * 0.45, radius * 0.45, 1, 8),
    material,
    capacity,
  );
  balls.count = 0;
  rods.count = 0;
  const group = new THREE.Group();
  group.add(balls, rods);
  return { group, balls, rods };
}

/** Places a {@link RopeMesh}'s balls at `points` and a rod between each pair of neighbours (`closed`: last to first too). */
export function setRopeMesh(rope: RopeMesh, points: readonly Readonly<Vec3>[], closed = false): void {
  const m = new THREE.Matrix4();
  const q = new THREE.Quaternion();
  const up = new THREE.Vector3(0, 1, 0);
  const n = Math.min(points.length, rope.balls.instanceMatrix.count);
  for (let i = 0; i < n; i++) rope.balls.setMatrixAt(i, m.makeTranslation(vector(points[i]!)));
  rope.balls.count = n;
  const pairs = Math.min(closed ? n : n - 1, rope.rods.instanceMatrix.count);
  for (let i = 0; i < pairs; i++) {
    const a = vector(points[i]!);
    const b = vector(points[(i + 1) % n]!);
    const d = b.clone().sub(a);
    const len = d.length();
    q.setFromUnitVectors(up, len > 0 ? d.divideScalar(len) : up);
    m.compose(a.clone().add(b).multiplyScalar(0.5), q, new THREE.Vector3(1, Math.max(len, 1e-6), 1));
    rope.rods.setMatrixAt(i, m);
  }
  rope.rods.count = Math.max(pairs, 0);
  for (const mesh of [rope.balls, rope.rods]) {
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();
  }
}

/** A see-through sphere (an obstacle, or the sphere a distance constraint projects onto). */
export function glassSphere(color: THREE.ColorRepresentation = CONSTRAINT_CSS.obstacle, opacity = 0.3): THREE.Mesh {
  return new THREE.Mesh(
    new THREE.SphereGeometry(1, 40, 24),
    new THREE.MeshStandardMaterial({ color, transparent: true, opacity, depthWrite: false, roughness: 0.3 }),
  );
}

/** Places a {@link glassSphere} at `center` with `radius`. */
export function setGlassSphere(mesh: THREE.Mesh, center: Readonly<Vec3>, radius: number): void {
  mesh.position.copy(vector(center));
  mesh.scale.setScalar(Math.max(radius, 1e-6));
}

/** The state of a rope simulation: positions, the previous positions (Verlet's implicit velocity), frames run. */
export interface RopeState {
  positions: Vec3[];
  previous: Vec3[];
  frame: number;
}

/** The world a {@link stepRope} frame runs in. */
export interface RopeWorld {
  /** Rest length of each link. */
  length: number;
  /** The particle pinned at `anchor` (index 0). */
  anchor: Vec3;
  /** Acceleration (gravity), units/s². */
  gravity: Vec3;
  /** Time step, s. */
  dt: number;
  /** Constraint sweeps per frame. */
  iterations: number;
  method: "gauss-seidel" | "jacobi";
  /** Fraction of each correction per sweep (1 = full projection). */
  stiffness?: number;
  /** A solid sphere the rope drapes over. */
  sphere?: { center: Vec3; radius: number };
  /** The floor's height (y). */
  floor?: number;
}

/** A rope of `count` particles lying straight from `anchor` along +x at rest length: the state before frame 0. */
export function ropeAtRest(count: number, world: Pick<RopeWorld, "anchor" | "length">): RopeState {
  const positions = Array.from({ length: count }, (_, i): Vec3 => [
    world.anchor[0] + i * world.length,
    world.anchor[1],
    world.anchor[2],
  ]);
  return { positions, previous: positions.map((p) => [...p] as Vec3), frame: 0 };
}

/**
 * One frame of the chapter's rope (Jakobsen 2001): a Verlet step under gravity, the first particle put
 * back on its anchor, then `iterations` sweeps, each one of the distance constraints followed by the
 * collisions (sphere, floor) — constraints and collisions are all projections, so they take turns.
 */
export function stepRope(state: RopeState, world: RopeWorld): RopeState {
  const moved = constraints.verletStep(state.positions, state.previous, world.gravity, world.dt);
  let x = moved.positions;
  x[0] = [...world.anchor];
  const links = constraints.chainLinks(x.length, world.length);
  for (let k = 0; k < world.iterations; k++) {
    x = constraints.solveDistances(x, links, {
      iterations: 1,
      method: world.method,
      pinned: [0],
      stiffness: world.stiffness ?? 1,
    });
    x = x.map((p, i) => {
      if (i === 0) return p;
      let q = world.sphere ? constraints.collideSphere(p, world.sphere.center, world.sphere.radius) : p;
      if (world.floor !== undefined) q = constraints.collidePlane(q, [0, 1, 0], world.floor);
      return q;
    });
  }
  return { positions: x, previous: moved.previous, frame: state.frame + 1 };
}

/** Runs {@link stepRope} `frames` times from `state`. */
export function runRope(state: RopeState, world: RopeWorld, frames: number): RopeState {
  let s = state;
  for (let f = 0; f < frames; f++) s = stepRope(s, world);
  return s;
}

/** The rope's length along its links divided by its rest length (1 = unstretched). */
export function ropeStretch(points: readonly Readonly<Vec3>[], length: number): number {
  let total = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    total += Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
  }
  return total / (length * Math.max(points.length - 1, 1));
}

/**
 * The blog's `ConstrainDistance` as a three.js program would run it: `Vector3.normalize()` returns the
 * zero vector for a zero vector (it divides by `length() || 1`), so a point on its anchor stays on it.
 */
export function threeConstrainDistance(point: Readonly<Vec3>, anchor: Readonly<Vec3>, distance: number): Vec3 {
  const v = vector(point).sub(vector(anchor)).normalize().multiplyScalar(distance).add(vector(anchor));
  return [v.x, v.y, v.z];
}
