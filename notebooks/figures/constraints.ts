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
import { type Vec3, constraints, random, vec3 } from "../../lib/index.ts";
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
  const sweeps = (iterations: number) =>
    constraints.solveDistances(x, links, {
      iterations,
      method: world.method,
      pinned: [0],
      stiffness: world.stiffness ?? 1,
    });
  const { sphere, floor } = world;
  // Without a collider the sweeps take turns with nothing: one call runs them all (the same sweeps).
  if (!sphere && floor === undefined) x = sweeps(world.iterations);
  else {
    for (let k = 0; k < world.iterations; k++) {
      x = sweeps(1).map((p, i) => {
        if (i === 0) return p;
        const q = sphere ? constraints.collideSphere(p, sphere.center, sphere.radius) : p;
        return floor === undefined ? q : constraints.collidePlane(q, [0, 1, 0], floor);
      });
    }
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

/** How far a rope breaks its rules, in the units of the chapter's rope note. */
export interface RopeMeasures {
  /** How much longer than at rest the rope is along its links, in percent. */
  stretchPct: number;
  /** The worst link's relative length error, in percent. */
  worstLinkPct: number;
  /** The deepest a particle lies inside the sphere (0 if none, or no sphere). */
  inside: number;
  /** The deepest a particle lies below the floor (0 if none, or no floor). */
  below: number;
}

/**
 * Measures a rope state against its world: the two stretches say how well the distance constraints hold
 * after a frame's sweeps, the two depths how well the collisions do (each a projection, so a depth that is
 * not 0 is a constraint sweep that pushed a particle back into the obstacle after its collision).
 */
export function measureRope(state: RopeState, world: RopeWorld): RopeMeasures {
  const { positions } = state;
  const { sphere, floor } = world;
  const links = constraints.chainLinks(positions.length, world.length);
  const depth = (d: (p: Vec3) => number) => Math.max(0, ...positions.map(d));
  return {
    stretchPct: 100 * (ropeStretch(positions, world.length) - 1),
    worstLinkPct: 100 * constraints.maxLengthError(positions, links),
    inside: sphere
      ? depth(
          (p) => sphere.radius - Math.hypot(p[0] - sphere.center[0], p[1] - sphere.center[1], p[2] - sphere.center[2]),
        )
      : 0,
    below: floor === undefined ? 0 : depth((p) => floor - p[1]),
  };
}

/**
 * Plays the rope on from `state`, one {@link stepRope} frame per animation frame, handing each new state
 * to `draw`, until `stop` settles (a cell's `invalidation`: the toggle switched off, a slider moved).
 * Does nothing where there is no `requestAnimationFrame` (Node, the tests).
 */
export function playRope(
  state: RopeState,
  world: RopeWorld,
  draw: (s: RopeState) => void,
  stop: Promise<unknown>,
): void {
  if (typeof requestAnimationFrame !== "function") return;
  let live = state;
  let handle = 0;
  const tick = () => {
    live = stepRope(live, world);
    draw(live);
    handle = requestAnimationFrame(tick);
  };
  handle = requestAnimationFrame(tick);
  void stop.then(() => cancelAnimationFrame(handle));
}

/** The options of {@link followLeader}. */
export interface FollowOptions {
  /** Particles in the chain (the head is the first). */
  count: number;
  /** Rest length of each link. */
  link: number;
  /** Frames run: the leader is at `leaderAt(f / framesPerLap)` in frame f = 0 … frames. */
  frames: number;
  framesPerLap: number;
  /** FABRIK: after each sweep from the head, pin the tail here and sweep back from it. */
  tail?: Vec3;
}

/**
 * The blog's follow-the-leader chain (one sweep per frame from the head: each particle is pulled to its
 * link length from the one before it), started straight along −x behind the leader's first position.
 * With `tail` it is FABRIK (Aristidou and Lasenby 2011): a second sweep from the tail, pinned, back to the
 * head — the head then no longer reaches the leader exactly, but the chain stays attached at both ends.
 */
export function followLeader(leaderAt: (s: number) => Vec3, options: FollowOptions): Vec3[] {
  const { count, link, frames, framesPerLap, tail } = options;
  let p = Array.from({ length: count }, (_, i): Vec3 => {
    const head = leaderAt(0);
    return [head[0] - link * i, head[1], head[2]];
  });
  for (let f = 0; f <= frames; f++) {
    p = [...p];
    p[0] = leaderAt(f / framesPerLap);
    for (let i = 1; i < count; i++) p[i] = constraints.constrainDistance(p[i]!, p[i - 1]!, link);
    if (tail) {
      p[count - 1] = tail;
      for (let i = count - 1; i > 0; i--) p[i - 1] = constraints.constrainDistance(p[i - 1]!, p[i]!, link);
    }
  }
  return p;
}

/** The centre of mass of `points` with `masses` (Σ mᵢxᵢ / Σ mᵢ). */
export function centreOfMass(points: readonly Readonly<Vec3>[], masses: readonly number[]): Vec3 {
  // In the order of a reduce over vec3.add and vec3.scale, then a scale by 1/Σm: the same bits as the chapter had.
  const sum: Vec3 = [0, 0, 0];
  points.forEach((p, i) => {
    for (let k = 0; k < 3; k++) sum[k]! += p[k]! * masses[i]!;
  });
  const inverse = 1 / masses.reduce((s, m) => s + m, 0);
  return [sum[0] * inverse, sum[1] * inverse, sum[2] * inverse];
}

/**
 * Rows for a dot chart of particle states along x: one row per particle per named state, its `mass` from
 * `masses` (by index) and its `end` "left" for particle 0, "right" otherwise — the mass-weighted link of
 * section 5, before and after one projection.
 */
export function massStateRows(
  states: Record<string, readonly Readonly<Vec3>[]>,
  masses: readonly number[],
): { state: string; x: number; mass: number; end: "left" | "right" }[] {
  return Object.entries(states).flatMap(([state, points]) =>
    points.map((p, i) => ({ state, x: p[0], mass: masses[i]!, end: i === 0 ? ("left" as const) : ("right" as const) })),
  );
}

/** The options of {@link dropRing}. */
export interface RingDrop {
  /** Frames of 1/60 s. */
  frames: number;
  /** Jacobi sweeps of the ring (and the floor y = 0) per frame. */
  sweeps: number;
  /** Rest length of each link. */
  linkLength: number;
  /** The area the ring keeps (`constraints.solveRing`'s area rule); none: links only. */
  restArea?: number;
}

/**
 * Drops a closed ring under gravity (9.81 down) onto the floor y = 0: each frame a Verlet step, then
 * `sweeps` times the ring's constraints (`constraints.solveRing`) and the floor. Returns the ring at every
 * frame, the start included (`frames + 1` rings). Links alone let the ring fold flat; the area rule keeps
 * it a blob.
 */
export function dropRing(start: readonly Vec3[], { frames, sweeps, linkLength, restArea }: RingDrop): Vec3[][] {
  const rings: Vec3[][] = [[...start]];
  let [x, previous] = [[...start], [...start]];
  for (let f = 0; f < frames; f++) {
    const s = constraints.verletStep(x, previous, [0, -9.81, 0], 1 / 60);
    [x, previous] = [s.positions, s.previous];
    for (let k = 0; k < sweeps; k++) {
      x = constraints.solveRing(x, { iterations: 1, linkLength, restArea });
      x = x.map((p) => constraints.collidePlane(p, [0, 1, 0], 0));
    }
    rings.push(x);
  }
  return rings;
}

/**
 * Fact 11.1, tried at random: `trials` points, anchors and distances drawn from `rng` (points up to 10 from
 * their anchor, never on it), each projected with `constraints.constrainDistance`. Returns the worst of two
 * errors that should both be rounding: the relative error of the new distance, and the angle (rad) between
 * where the point went and the ray from the anchor through where it was.
 */
export function constrainDistanceWorst(rng: random.Rng, trials: number): number {
  let worst = 0;
  for (let i = 0; i < trials; i++) {
    const p = random.unitVector(rng).map((x) => x * random.uniform(rng, 0.01, 10)) as Vec3;
    const a = random.unitVector(rng).map((x) => x * random.uniform(rng, 0, 10)) as Vec3;
    const d = random.uniform(rng, 0.01, 10);
    const q = constraints.constrainDistance(vec3.add(a, p), a, d);
    worst = Math.max(worst, Math.abs(vec3.distance(q, a) - d) / d, vec3.angleBetween(vec3.sub(q, a), p));
  }
  return worst;
}

/**
 * Fact 11.2: Verlet started exactly (x₋₁ = `at(−dt)`) under the constant acceleration `a` follows the
 * parabola `at(t)` with no truncation error at all. Returns the worst distance from it over `steps` steps
 * of `dt`: rounding only.
 */
export function verletParabolaError(at: (t: number) => Vec3, a: Vec3, dt: number, steps: number): number {
  let s = { positions: [at(0)], previous: [at(-dt)] };
  let worst = 0;
  for (let n = 1; n <= steps; n++) {
    s = constraints.verletStep(s.positions, s.previous, a, dt);
    worst = Math.max(worst, vec3.distance(s.positions[0]!, at(n * dt)));
  }
  return worst;
}

/**
 * Fact 11.4, tried at random: a free chain of `count` particles with masses from `rng` (0.5 … 5), each
 * start 1.7 apart along x and moved by a random unit vector, relaxed by `iterations` Gauss–Seidel sweeps
 * with inverse-mass weights. Returns how far the centre of mass moved: rounding, since each projection
 * moves the two ends of a link in inverse proportion to their masses.
 */
export function centreOfMassDrift(rng: random.Rng, count: number, iterations: number): number {
  const masses = Array.from({ length: count }, () => random.uniform(rng, 0.5, 5));
  const start = Array.from({ length: count }, (_, i): Vec3 => vec3.add([1.7 * i, 0, 0], random.unitVector(rng)));
  const solved = constraints.solveDistances(start, constraints.chainLinks(count, 1), {
    iterations,
    method: "gauss-seidel",
    inverseMasses: masses.map((m) => 1 / m),
  });
  return vec3.distance(centreOfMass(solved, masses), centreOfMass(start, masses));
}
