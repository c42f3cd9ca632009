/**
 * Figure helpers for chapter 08 (Kabsch): two matched point sets in a three.js scene — the points to
 * move (faint grey), their targets (blue balls the reader can drag), the fitted copy (orange) and the
 * residuals between fit and target (red) — and the particle blob of the blog's shape-matching demo.
 * The math is `lib/kabsch.ts`; this module draws, listens to the pointer, and steps the demo's
 * particles (position Verlet and a ground, as in the blog).
 *
 * Dragging: a press on a target ball grabs it (the view's orbit controls do not see that press), and
 * the ball then follows the pointer in the plane through it that faces the camera; from the keyboard, keys
 * 1…n pick a target and the arrow keys move it (`handleKeys`, gestures.ts). The figure's element
 * is an input for `view(...)`: its `value` is one offset per target (`Vec3`, what the drags have added
 * to the positions the notebook gives), and it fires `input` on every move.
 */

import * as THREE from "three";
import { type Quat, type Vec3, kabsch, quat, random, vec3 } from "../../lib/index.ts";
import { HANDLE_HINT, handleKeys } from "./gestures.ts";
import { type SceneFigure, type SceneOptions, createScene } from "./scene.ts";
import { palette } from "./palette.ts";

export const KABSCH_SOURCE_CSS = "#9a9a9a";
export const KABSCH_TARGET_CSS = palette.blue;
export const KABSCH_FIT_CSS = palette.amber;
export const KABSCH_RESIDUAL_CSS = palette.red;

/** A ball of radius 1 (scaled per use), shared by every point drawn. */
const BALL = new THREE.SphereGeometry(1, 20, 14);

function ballMesh(color: THREE.ColorRepresentation, radius: number, opacity = 1): THREE.Mesh {
  const material = new THREE.MeshStandardMaterial({ color, roughness: 0.5, transparent: opacity < 1, opacity });
  const mesh = new THREE.Mesh(BALL, material);
  mesh.scale.setScalar(radius);
  return mesh;
}

/** Line segments between pairs of points, in one colour; {@link setPairSegments} moves them. */
export function pairSegments(color: THREE.ColorRepresentation, opacity = 1): THREE.LineSegments {
  return new THREE.LineSegments(
    new THREE.BufferGeometry(),
    new THREE.LineBasicMaterial({ color, transparent: opacity < 1, opacity }),
  );
}

/** Replaces the segments' pairs of end points. */
export function setPairSegments(
  lines: THREE.LineSegments,
  pairs: readonly (readonly [Readonly<Vec3>, Readonly<Vec3>])[],
): void {
  lines.geometry.dispose();
  lines.geometry = new THREE.BufferGeometry().setFromPoints(
    pairs.flatMap(([a, b]) => [new THREE.Vector3(a[0], a[1], a[2]), new THREE.Vector3(b[0], b[1], b[2])]),
  );
}

/** A group of balls that grows or shrinks to the number of points it is given. */
class Balls {
  readonly group = new THREE.Group();
  readonly meshes: THREE.Mesh[] = [];
  constructor(
    private readonly color: THREE.ColorRepresentation,
    private readonly radius: number,
    private readonly opacity = 1,
  ) {}
  set(points: readonly Readonly<Vec3>[], sizes?: readonly number[]): void {
    while (this.meshes.length < points.length) {
      const m = ballMesh(this.color, this.radius, this.opacity);
      this.meshes.push(m);
      this.group.add(m);
    }
    this.meshes.forEach((m, i) => {
      const p = points[i];
      m.visible = p !== undefined;
      if (!p) return;
      m.position.set(p[0], p[1], p[2]);
      m.scale.setScalar(this.radius * (sizes?.[i] ?? 1));
    });
  }
}

/** What a {@link PointSetFigure} draws. */
export interface PointSetState {
  /** The points to move, where they are (faint grey); omit to hide them. */
  from?: readonly Readonly<Vec3>[];
  /** The targets (blue; draggable if the figure is). */
  to: readonly Readonly<Vec3>[];
  /** The fitted copy of `from` (orange); a red segment joins each fitted point to its target. */
  fitted: readonly Readonly<Vec3>[];
  /** Edges between point indices, drawn for `from` and for `fitted`, so each set reads as a shape. */
  edges?: readonly (readonly [number, number])[];
  /** Relative size of each target ball, e.g. its weight (default 1). */
  sizes?: readonly number[];
  /** The numbers line of the caption (the live RMSD …), a polite live region. */
  caption?: string;
}

export interface PointSetFigure {
  /** The figure (a scene and a caption); with `draggable`, an input whose value is the drag offsets. */
  element: HTMLElement & { value: Vec3[] };
  /** Whether a WebGL context was obtained (false in Node). */
  webgl: boolean;
  scene: SceneFigure;
  /** Redraws the sets; the targets drawn are `to` (the notebook adds the offsets itself). */
  update(state: PointSetState): void;
  /** Releases the WebGL context; call from `invalidation`. */
  dispose(): void;
}

export interface PointSetFigureOptions extends SceneOptions {
  /** How many targets (the length of the offsets value). */
  count: number;
  /** Let the reader drag the targets (default false). */
  draggable?: boolean;
  /** Ball radius in scene units (default 0.07). */
  radius?: number;
}

/** A scene with two matched point sets, the fit and its residuals; see the module header. */
export function pointSetFigure({
  count,
  draggable = false,
  radius = 0.07,
  ...sceneOptions
}: PointSetFigureOptions): PointSetFigure {
  const fig = createScene({ camera: [2.6, 2.1, 3.6], ...sceneOptions });
  const source = new Balls(KABSCH_SOURCE_CSS, radius * 0.8, 0.55);
  const targets = new Balls(KABSCH_TARGET_CSS, radius);
  const fitted = new Balls(KABSCH_FIT_CSS, radius * 0.85);
  const sourceEdges = pairSegments(KABSCH_SOURCE_CSS, 0.5);
  const fittedEdges = pairSegments(KABSCH_FIT_CSS);
  const residuals = pairSegments(KABSCH_RESIDUAL_CSS);
  fig.scene.add(source.group, targets.group, fitted.group, sourceEdges, fittedEdges, residuals);

  const wrap = fig.element as HTMLElement & { value: Vec3[] };
  wrap.value = Array.from({ length: count }, (): Vec3 => [0, 0, 0]);

  let drawn: readonly Readonly<Vec3>[] = [];
  const update = (state: PointSetState) => {
    drawn = state.to;
    source.group.visible = sourceEdges.visible = state.from !== undefined;
    if (state.from) source.set(state.from);
    targets.set(state.to, state.sizes);
    fitted.set(state.fitted);
    const edges = state.edges ?? [];
    if (state.from)
      setPairSegments(
        sourceEdges,
        edges.map(([a, b]) => [state.from![a]!, state.from![b]!]),
      );
    setPairSegments(
      fittedEdges,
      edges.map(([a, b]) => [state.fitted[a]!, state.fitted[b]!]),
    );
    setPairSegments(
      residuals,
      state.fitted.map((p, i) => [p, state.to[i]!]),
    );
    fig.readout(state.caption ?? "");
    fig.render();
  };

  if (draggable && fig.webgl) {
    const canvas = fig.canvas!;
    canvas.title = "Drag a blue ball to move that target; drag elsewhere to turn the view";
    const ray = new THREE.Raycaster();
    const plane = new THREE.Plane();
    const hit = new THREE.Vector3();
    let dragging = -1;
    const pointerRay = (e: PointerEvent) => {
      const rect = canvas.getBoundingClientRect();
      const ndc = new THREE.Vector2(
        ((e.clientX - rect.left) / rect.width) * 2 - 1,
        -((e.clientY - rect.top) / rect.height) * 2 + 1,
      );
      ray.setFromCamera(ndc, fig.camera);
    };
    const picked = (e: PointerEvent) => {
      pointerRay(e);
      const visible = targets.meshes.filter((m) => m.visible);
      const first = ray.intersectObjects(visible, false)[0];
      return first ? targets.meshes.indexOf(first.object as THREE.Mesh) : -1;
    };
    // Capture phase on the wrapper: a press on a ball never reaches the orbit controls on the canvas.
    wrap.addEventListener(
      "pointerdown",
      (e) => {
        const i = picked(e);
        if (i < 0) return;
        e.stopPropagation();
        e.preventDefault();
        dragging = i;
        const p = targets.meshes[i]!.position;
        plane.setFromNormalAndCoplanarPoint(fig.camera.getWorldDirection(new THREE.Vector3()), p);
        canvas.setPointerCapture(e.pointerId);
        wrap.dataset.dragging = String(i);
      },
      { capture: true },
    );
    wrap.addEventListener(
      "pointermove",
      (e) => {
        if (dragging < 0) {
          canvas.style.cursor = picked(e) >= 0 ? "move" : "grab";
          return;
        }
        e.stopPropagation();
        pointerRay(e);
        if (!ray.ray.intersectPlane(plane, hit)) return;
        const i = dragging;
        const base = vec3.sub(drawn[i] as Vec3, wrap.value[i]!); // where the notebook put it, before drags
        const offsets = wrap.value.map((o): Vec3 => [o[0], o[1], o[2]]);
        offsets[i] = vec3.sub([hit.x, hit.y, hit.z], base);
        wrap.value = offsets;
        wrap.dispatchEvent(new Event("input", { bubbles: true }));
      },
      { capture: true },
    );
    const release = (e: PointerEvent) => {
      if (dragging < 0) return;
      e.stopPropagation();
      dragging = -1;
      delete wrap.dataset.dragging;
      if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
    };
    wrap.addEventListener("pointerup", release, { capture: true });
    wrap.addEventListener("pointercancel", release, { capture: true });
    // The keyboard's path: keys 1…n pick a target, arrow keys move it (gestures.ts).
    fig.hint(HANDLE_HINT);
    handleKeys(canvas, {
      names: wrap.value.map((_, i) => `target ${i + 1}`),
      camera: fig.camera,
      step: 0.1,
      announce: (text) => fig.hint(text || HANDLE_HINT),
      move(i, delta) {
        wrap.value = wrap.value.map((o, k) => (k === i ? vec3.add(o, delta) : o));
        wrap.dispatchEvent(new Event("input", { bubbles: true }));
      },
    });
  }

  return { element: wrap, webgl: fig.webgl, scene: fig, update, dispose: () => fig.dispose() };
}

/** `points` with independent Gaussian noise of standard deviation `sigma` on every coordinate (Box–Muller). */
export function withNoise(points: readonly Readonly<Vec3>[], sigma: number, rng: random.Rng): Vec3[] {
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  return points.map((p): Vec3 => [p[0] + sigma * gauss(), p[1] + sigma * gauss(), p[2] + sigma * gauss()]);
}

/** `points` turned by `q` about the origin and then moved by `t`. */
export function moveRigidly(points: readonly Readonly<Vec3>[], q: Readonly<Quat>, t: Readonly<Vec3>): Vec3[] {
  return points.map((p) => vec3.add(quat.rotateVec3(q, p), t));
}

// ————————————————————————————————————————————— shape matching —————————————————————————————————————————————

/** The parameters of the blog's shape-matching demo (its defaults: 10 particles, stiffness 0.5, 5 iterations). */
export interface ShapeMatchingOptions {
  /** How many particles (≥ 3). */
  particles: number;
  /** The blog's `kabschAlpha`: the fraction of the way each particle moves to its rigid goal, per iteration, in [0, 1]. */
  stiffness: number;
  /** Solver iterations per frame (fit, pull, collide), ≥ 1. */
  iterations: number;
  /** Frames to simulate, at 60 per second. */
  frames: number;
  /** Seed of the blob's random rest shape. */
  seed?: number;
}

export interface ShapeMatchingFrame {
  /** Seconds since the drop. */
  time: number;
  particles: Vec3[];
  /** Where the best rigid fit of the rest shape puts each particle (after the frame's last iteration). */
  goals: Vec3[];
  /** RMSD of the particles from their rigid fit: how far the blob is bent out of its shape. */
  deformation: number;
}

/** The height of the shape-matching scene's ground (its grid) plus a particle's radius. */
export const SHAPE_GROUND_Y = -0.7 + 0.075;

/**
 * The blog's shape matching, step by step: each frame, position Verlet with gravity; then, `iterations`
 * times, the best rigid fit of the rest shape onto the particles (`kabsch.kabsch`), each particle pulled
 * `stiffness` of the way to its goal, and the ground pushing particles up (with the blog's friction, a
 * quarter of the sideways step removed). The blob starts above the ground, tilted and spinning.
 */
export function simulateShapeMatching({
  particles,
  stiffness,
  iterations,
  frames,
  seed = 8,
}: ShapeMatchingOptions): ShapeMatchingFrame[] {
  const rng = random.seeded(seed);
  const rest: Vec3[] = Array.from({ length: particles }, (): Vec3 => [
    random.uniform(rng, -0.6, 0.6),
    random.uniform(rng, -0.35, 0.35),
    random.uniform(rng, -0.45, 0.45),
  ]);
  const dt = 1 / 60;
  const gravity = 9.81 * dt * dt * 0.6; // a readable fall: 0.6 g in scene units
  const tilt = quat.fromAxisAngle(vec3.normalize([1, 0, 0.6]), 0.9);
  const spin = quat.fromAxisAngle(vec3.normalize([0.2, 1, 0.4]), -2.5 * dt); // the step back in time
  const drop: Vec3 = [0, 0.55, 0];
  let x = moveRigidly(rest, tilt, drop);
  let prev = x.map((p) => vec3.add(quat.rotateVec3(spin, vec3.sub(p, drop)), vec3.add(drop, [0.008, -0.01, 0])));
  const out: ShapeMatchingFrame[] = [];
  for (let f = 0; f <= frames; f++) {
    if (f > 0) {
      const next = x.map((p, i) => {
        const v = vec3.sub(p, prev[i]!);
        return vec3.add(vec3.add(p, v), [0, -gravity, 0]);
      });
      prev = x;
      x = next;
    }
    let goals = x;
    for (let k = 0; k < iterations; k++) {
      const fit = kabsch.kabsch(rest, x);
      goals = moveRigidly(rest, fit.rotation, fit.translation);
      x = x.map((p, i) => vec3.lerp(p, goals[i]!, stiffness));
      x = x.map((p, i) => {
        if (p[1] >= SHAPE_GROUND_Y) return p;
        const back = prev[i]!;
        // On the ground: stand on it, and lose a quarter of this frame's sideways motion (friction).
        return [p[0] - 0.25 * (p[0] - back[0]), SHAPE_GROUND_Y, p[2] - 0.25 * (p[2] - back[2])];
      });
    }
    const final = kabsch.kabsch(rest, x);
    out.push({
      time: f * dt,
      particles: x,
      goals: moveRigidly(rest, final.rotation, final.translation),
      deformation: final.rmsd,
    });
  }
  return out;
}

export interface ShapeMatchingFigure {
  element: HTMLElement;
  webgl: boolean;
  scene: SceneFigure;
  /** Draws one frame: particles (blue), their rigid goals (faint orange) and the pull between them. */
  update(frame: ShapeMatchingFrame): void;
  dispose(): void;
}

/** The scene of the shape-matching demo. */
export function shapeMatchingFigure(options: SceneOptions = {}): ShapeMatchingFigure {
  const fig = createScene({
    caption: "Shape matching: particles (blue) pulled toward their rigid goals (orange).",
    camera: [1.9, 0.9, 2.6],
    grid: false,
    ...options,
  });
  const ground = new THREE.GridHelper(4, 8, 0xcccccc, 0xe2e2e2);
  ground.position.y = SHAPE_GROUND_Y - 0.075;
  fig.scene.add(ground);
  const particles = new Balls(KABSCH_TARGET_CSS, 0.075);
  const goals = new Balls(KABSCH_FIT_CSS, 0.05, 0.7);
  const pulls = pairSegments(KABSCH_RESIDUAL_CSS);
  const hull = pairSegments(KABSCH_FIT_CSS, 0.7);
  fig.scene.add(particles.group, goals.group, pulls, hull);
  return {
    element: fig.element,
    webgl: fig.webgl,
    scene: fig,
    update(frame) {
      particles.set(frame.particles);
      goals.set(frame.goals);
      setPairSegments(
        pulls,
        frame.particles.map((p, i) => [p, frame.goals[i]!]),
      );
      // The rigid shape drawn as a ring through its points in order, so its turning reads at a glance.
      setPairSegments(
        hull,
        frame.goals.map((g, i) => [g, frame.goals[(i + 1) % frame.goals.length]!]),
      );
      fig.render();
    },
    dispose: () => fig.dispose(),
  };
}
