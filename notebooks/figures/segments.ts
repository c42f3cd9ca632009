/**
 * Figure helpers for chapter 12 (closest points between segments): two segments whose four ends can be
 * dragged in a three.js scene, the closest pair drawn between them, the blog's construction (the plane
 * at right angles to CD, AB squashed onto it, and the two projections back) shown step by step, and two
 * capsules whose colour says whether they touch. Also three.js's own `Line3.distanceSqToLine3`, wrapped
 * to take and return `Vec3` tuples, for the chapter's comparisons.
 *
 * The drag figure is an input: its element has a `value` (the four ends `[a, b, c, d]`) and fires
 * `input` while an end is dragged, so a cell can write `const ends = view(fig.element)`. Dragging an
 * end moves it in the plane through it that faces the camera; dragging anywhere else turns the view.
 */

import * as THREE from "three";
import { type Vec3, random, segments, vec3 } from "../../lib/index.ts";
import { HANDLE_HINT, handleKeys } from "./gestures.ts";
import { createScene, type SceneFigure } from "./scene.ts";
import { textSprite } from "./frame.ts";
import { palette } from "./palette.ts";

/** The chapter's colours (CSS strings, so Plot and three.js share them). */
export const SEGMENTS_CSS = {
  ab: palette.blue,
  cd: palette.green,
  pair: palette.red,
  construction: "#7f8c8d",
  plane: palette.amber,
  blog: "#f39c12",
  capsuleApart: "#5d9cec",
  capsuleTouch: "#e74c3c",
} as const;

/** Four ends: `[a, b, c, d]`. */
export type SegmentEnds = [Vec3, Vec3, Vec3, Vec3];

/** The intermediate points of the blog's construction, as the chapter's transcription returns them. */
export interface BlogConstructionSteps {
  /** A and B projected onto the plane through C at right angles to CD. */
  inPlaneA: Vec3;
  inPlaneB: Vec3;
  /** The point of AB whose projection is nearest C (the blog's `segABtoLineCD`). */
  onABtoLine: Vec3;
  /** That point moved onto segment CD (`segCDtoSegAB`). */
  onCD: Vec3;
  /** And back onto segment AB (`segABtoSegCD`). */
  onAB: Vec3;
}

const v3 = (p: Readonly<Vec3>) => new THREE.Vector3(p[0], p[1], p[2]);
const finite = (p: Readonly<Vec3>) => p.every(Number.isFinite);

/** A thin cylinder; {@link setSegmentRod} stretches it between two points. */
function rod(color: THREE.ColorRepresentation, radius: number, opacity = 1): THREE.Mesh {
  const mesh = new THREE.Mesh(
    new THREE.CylinderGeometry(radius, radius, 1, 12),
    new THREE.MeshStandardMaterial({ color, roughness: 0.5, transparent: opacity < 1, opacity }),
  );
  return mesh;
}

/** Stretches a rod made by this module from `from` to `to` (hidden when either is not finite or they coincide). */
export function setSegmentRod(mesh: THREE.Mesh, from: Readonly<Vec3>, to: Readonly<Vec3>): void {
  const a = v3(from);
  const b = v3(to);
  const len = a.distanceTo(b);
  mesh.visible = finite(from) && finite(to) && len > 1e-9;
  if (!mesh.visible) return;
  mesh.position.copy(a).add(b).multiplyScalar(0.5);
  mesh.scale.set(1, len, 1);
  mesh.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), b.sub(a).normalize());
}

function marker(color: THREE.ColorRepresentation, radius: number): THREE.Mesh {
  return new THREE.Mesh(
    new THREE.SphereGeometry(radius, 20, 14),
    new THREE.MeshStandardMaterial({ color, roughness: 0.4 }),
  );
}

function place(mesh: THREE.Object3D, p: Readonly<Vec3>): void {
  mesh.visible = finite(p);
  if (mesh.visible) mesh.position.set(p[0], p[1], p[2]);
}

/** A dashed line between two points (the projections of the construction). */
function dashed(color: THREE.ColorRepresentation): THREE.Line {
  const line = new THREE.Line(
    new THREE.BufferGeometry().setFromPoints([new THREE.Vector3(), new THREE.Vector3(1, 0, 0)]),
    new THREE.LineDashedMaterial({ color, dashSize: 0.06, gapSize: 0.04 }),
  );
  return line;
}

function setDashed(line: THREE.Line, from: Readonly<Vec3>, to: Readonly<Vec3>): void {
  line.visible = finite(from) && finite(to);
  if (!line.visible) return;
  line.geometry.dispose();
  line.geometry = new THREE.BufferGeometry().setFromPoints([v3(from), v3(to)]);
  line.computeLineDistances();
}

/** The drag figure of {@link segmentsDragScene}. */
export interface SegmentsDragFigure {
  /** The element to display (or to pass to `view`): `value` is the four ends; fires `input` on drag. */
  element: HTMLElement & { value: SegmentEnds };
  scene: SceneFigure;
  /** Moves the ends (e.g. to a preset case) and fires `input` as a drag would. */
  setEnds(ends: SegmentEnds): void;
  /** Draws a closest pair (two red balls and the rod between them). NaN points hide it. */
  showPair(onAB: Readonly<Vec3>, onCD: Readonly<Vec3>): void;
  /**
   * Shows the blog's construction up to `step`: 0 nothing, 1 the plane ⟂ CD through C, 2 A and B
   * projected onto it, 3 the point of AB nearest line CD, 4 onto CD, 5 back onto AB.
   */
  showConstruction(steps: BlogConstructionSteps, step: number): void;
  dispose(): void;
}

/**
 * A three.js scene with two segments, AB (blue) and CD (green), whose four ends are draggable balls.
 * @param initial - The starting ends `[a, b, c, d]`.
 * @param options - Canvas size and camera position.
 */
export function segmentsDragScene(
  initial: SegmentEnds,
  { width = 640, height = 420, camera = [3.2, 2.6, 4.4] as [number, number, number] } = {},
): SegmentsDragFigure {
  const fig = createScene({
    caption: "Two segments, AB and CD, with draggable ends, and the shortest link between them.",
    width,
    height,
    camera,
  });
  const ends: SegmentEnds = initial.map((p) => [...p] as Vec3) as SegmentEnds;
  const colors = [SEGMENTS_CSS.ab, SEGMENTS_CSS.ab, SEGMENTS_CSS.cd, SEGMENTS_CSS.cd];
  const handles = ends.map((_, i) => marker(colors[i]!, 0.085));
  const labels = ["A", "B", "C", "D"].map((name, i) => {
    const s = textSprite(name, colors[i]!);
    s.scale.setScalar(0.28);
    return s;
  });
  const abRod = rod(SEGMENTS_CSS.ab, 0.025);
  const cdRod = rod(SEGMENTS_CSS.cd, 0.025);
  const pairRod = rod(SEGMENTS_CSS.pair, 0.018);
  const pairBalls = [marker(SEGMENTS_CSS.pair, 0.055), marker(SEGMENTS_CSS.pair, 0.055)];
  fig.scene.add(...handles, ...labels, abRod, cdRod, pairRod, ...pairBalls);

  // The construction: the plane ⟂ CD, the projected segment, the projections, the three blog points.
  const construction = new THREE.Group();
  const plane = new THREE.Mesh(
    new THREE.PlaneGeometry(3.2, 3.2),
    new THREE.MeshBasicMaterial({
      color: SEGMENTS_CSS.plane,
      transparent: true,
      opacity: 0.22,
      side: THREE.DoubleSide,
      depthWrite: false,
    }),
  );
  const flatRod = rod(SEGMENTS_CSS.construction, 0.018);
  const flatA = marker(SEGMENTS_CSS.construction, 0.05);
  const flatB = marker(SEGMENTS_CSS.construction, 0.05);
  const dropA = dashed(SEGMENTS_CSS.construction);
  const dropB = dashed(SEGMENTS_CSS.construction);
  const blogBalls = [0, 1, 2].map(() => marker(SEGMENTS_CSS.blog, 0.05));
  const blogLinks = [dashed(SEGMENTS_CSS.blog), dashed(SEGMENTS_CSS.blog)];
  construction.add(plane, flatRod, flatA, flatB, dropA, dropB, ...blogBalls, ...blogLinks);
  fig.scene.add(construction);

  const wrapper = document.createElement("div") as unknown as HTMLElement & { value: SegmentEnds };
  wrapper.style.position = "relative";
  wrapper.style.display = "inline-block";
  wrapper.appendChild(fig.element);
  wrapper.value = ends.map((p) => [...p] as Vec3) as SegmentEnds;

  const drawEnds = () => {
    ends.forEach((p, i) => {
      place(handles[i]!, p);
      place(labels[i]!, [p[0], p[1] + 0.2, p[2]]);
    });
    setSegmentRod(abRod, ends[0], ends[1]);
    setSegmentRod(cdRod, ends[2], ends[3]);
  };
  const publish = () => {
    wrapper.value = ends.map((p) => [...p] as Vec3) as SegmentEnds;
    wrapper.dispatchEvent(new Event("input", { bubbles: true }));
  };
  drawEnds();

  // Dragging: a capture-phase listener on the wrapper sees the press before the orbit controls on the
  // canvas; on a handle it takes the gesture (stopPropagation), elsewhere it lets the view turn.
  const raycaster = new THREE.Raycaster();
  const dragPlane = new THREE.Plane();
  const hit = new THREE.Vector3();
  let dragging = -1;
  const pointerRay = (e: PointerEvent) => {
    const rect = fig.canvas!.getBoundingClientRect();
    const ndc = new THREE.Vector2(
      ((e.clientX - rect.left) / rect.width) * 2 - 1,
      -((e.clientY - rect.top) / rect.height) * 2 + 1,
    );
    raycaster.setFromCamera(ndc, fig.camera);
  };
  const onDown = (e: PointerEvent) => {
    if (!fig.webgl) return;
    pointerRay(e);
    const hits = raycaster.intersectObjects(handles, false);
    if (!hits.length) return;
    dragging = handles.indexOf(hits[0]!.object as THREE.Mesh);
    const normal = fig.camera.getWorldDirection(new THREE.Vector3());
    dragPlane.setFromNormalAndCoplanarPoint(normal, handles[dragging]!.position);
    e.stopPropagation();
    e.preventDefault();
    wrapper.setPointerCapture?.(e.pointerId);
  };
  const onMove = (e: PointerEvent) => {
    if (dragging < 0) return;
    pointerRay(e);
    if (!raycaster.ray.intersectPlane(dragPlane, hit)) return;
    const round = (x: number) => Math.round(x * 1000) / 1000;
    ends[dragging] = [round(hit.x), round(hit.y), round(hit.z)];
    drawEnds();
    fig.render();
    publish();
    e.stopPropagation();
  };
  const onUp = (e: PointerEvent) => {
    if (dragging < 0) return;
    dragging = -1;
    wrapper.releasePointerCapture?.(e.pointerId);
    e.stopPropagation();
  };
  wrapper.addEventListener("pointerdown", onDown, { capture: true });
  wrapper.addEventListener("pointermove", onMove, { capture: true });
  wrapper.addEventListener("pointerup", onUp, { capture: true });
  if (fig.canvas) {
    fig.canvas.title = "Drag a ball to move an end; drag elsewhere to turn the view";
    // The keyboard's path: keys 1–4 pick A, B, C or D, arrow keys move it (gestures.ts).
    fig.hint(HANDLE_HINT);
    handleKeys(fig.canvas, {
      names: ["end A", "end B", "end C", "end D"],
      camera: fig.camera,
      step: 0.1,
      announce: (text) => fig.hint(text || HANDLE_HINT),
      move(i, delta) {
        const round = (x: number) => Math.round(x * 1000) / 1000;
        ends[i] = ends[i]!.map((x, k) => round(x + delta[k]!)) as Vec3;
        drawEnds();
        fig.render();
        publish();
      },
    });
  }

  return {
    element: wrapper,
    scene: fig,
    setEnds(next) {
      next.forEach((p, i) => (ends[i] = [...p] as Vec3));
      drawEnds();
      fig.render();
      publish();
    },
    showPair(onAB, onCD) {
      place(pairBalls[0]!, onAB);
      place(pairBalls[1]!, onCD);
      setSegmentRod(pairRod, onAB, onCD);
      fig.render();
    },
    showConstruction(steps, step) {
      construction.visible = step > 0;
      const c = ends[2];
      const cd = v3(ends[3]).sub(v3(c));
      plane.visible = step >= 1 && cd.lengthSq() > 0;
      if (plane.visible) {
        plane.position.set(c[0], c[1], c[2]);
        plane.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), cd.normalize());
      }
      const two = step >= 2;
      [flatRod, flatA, flatB, dropA, dropB].forEach((o) => (o.visible = two));
      if (two) {
        place(flatA, steps.inPlaneA);
        place(flatB, steps.inPlaneB);
        setSegmentRod(flatRod, steps.inPlaneA, steps.inPlaneB);
        setDashed(dropA, ends[0], steps.inPlaneA);
        setDashed(dropB, ends[1], steps.inPlaneB);
      }
      const points = [steps.onABtoLine, steps.onCD, steps.onAB];
      blogBalls.forEach((b, i) => {
        b.visible = step >= 3 + i;
        if (b.visible) place(b, points[i]!);
      });
      blogLinks.forEach((l, i) => {
        l.visible = step >= 4 + i;
        if (l.visible) setDashed(l, points[i]!, points[i + 1]!);
      });
      fig.render();
    },
    dispose() {
      wrapper.removeEventListener("pointerdown", onDown, { capture: true });
      wrapper.removeEventListener("pointermove", onMove, { capture: true });
      wrapper.removeEventListener("pointerup", onUp, { capture: true });
      fig.dispose();
    },
  };
}

/** A capsule for the figure: its core's ends and its radius. */
export interface CapsuleShape {
  a: Vec3;
  b: Vec3;
  radius: number;
}

/** The capsule figure of {@link capsulesScene}. */
export interface CapsulesFigure {
  scene: SceneFigure;
  /** Rebuilds both capsules, colours them by `touching`, and draws the closest pair of their cores. */
  show(p: CapsuleShape, q: CapsuleShape, touching: boolean, onP: Readonly<Vec3>, onQ: Readonly<Vec3>): void;
  dispose(): void;
}

/** A three.js scene with two see-through capsules and the closest pair of their core segments. */
export function capsulesScene({
  width = 640,
  height = 380,
  camera = [3, 2.2, 4] as [number, number, number],
} = {}): CapsulesFigure {
  const fig = createScene({
    caption: "Two capsules (segments with a radius) and their closest points.",
    width,
    height,
    camera,
  });
  const material = () =>
    new THREE.MeshStandardMaterial({
      color: SEGMENTS_CSS.capsuleApart,
      transparent: true,
      opacity: 0.55,
      roughness: 0.4,
    });
  const meshes = [
    new THREE.Mesh(new THREE.BufferGeometry(), material()),
    new THREE.Mesh(new THREE.BufferGeometry(), material()),
  ];
  const cores = [rod(palette.slate, 0.012), rod(palette.slate, 0.012)];
  const pairRod = rod(SEGMENTS_CSS.pair, 0.014);
  const pairBalls = [marker(SEGMENTS_CSS.pair, 0.035), marker(SEGMENTS_CSS.pair, 0.035)];
  fig.scene.add(...meshes, ...cores, pairRod, ...pairBalls);
  const shape = (mesh: THREE.Mesh, c: CapsuleShape, touching: boolean) => {
    const a = v3(c.a);
    const b = v3(c.b);
    const len = a.distanceTo(b);
    mesh.geometry.dispose();
    // CapsuleGeometry(radius, length of the straight part): a sphere when the core has zero length.
    mesh.geometry = new THREE.CapsuleGeometry(Math.max(c.radius, 1e-3), len, 8, 24);
    mesh.position.copy(a).add(b).multiplyScalar(0.5);
    mesh.quaternion.setFromUnitVectors(
      new THREE.Vector3(0, 1, 0),
      len > 0 ? b.clone().sub(a).normalize() : new THREE.Vector3(0, 1, 0),
    );
    (mesh.material as THREE.MeshStandardMaterial).color.set(
      touching ? SEGMENTS_CSS.capsuleTouch : SEGMENTS_CSS.capsuleApart,
    );
  };
  return {
    scene: fig,
    show(p, q, touching, onP, onQ) {
      shape(meshes[0]!, p, touching);
      shape(meshes[1]!, q, touching);
      setSegmentRod(cores[0]!, p.a, p.b);
      setSegmentRod(cores[1]!, q.a, q.b);
      place(pairBalls[0]!, onP);
      place(pairBalls[1]!, onQ);
      setSegmentRod(pairRod, onP, onQ);
      fig.render();
    },
    dispose() {
      meshes.forEach((m) => m.geometry.dispose());
      fig.dispose();
    },
  };
}

/**
 * three.js's segment–segment query, `Line3.distanceSqToLine3` (a port of Ericson's 5.1.9), on tuples.
 * @returns the two closest points three finds and the square root of its squared distance.
 */
export function threeClosestPoints(
  a: Readonly<Vec3>,
  b: Readonly<Vec3>,
  c: Readonly<Vec3>,
  d: Readonly<Vec3>,
): { onAB: Vec3; onCD: Vec3; distance: number } {
  const c1 = new THREE.Vector3();
  const c2 = new THREE.Vector3();
  const d2 = new THREE.Line3(v3(a), v3(b)).distanceSqToLine3(new THREE.Line3(v3(c), v3(d)), c1, c2);
  return { onAB: [c1.x, c1.y, c1.z], onCD: [c2.x, c2.y, c2.z], distance: Math.sqrt(d2) };
}

/** A named test case of section 4: four ends and the distance between the segments, worked by hand. */
export interface SegmentCase {
  name: string;
  ends: SegmentEnds;
  exact: number;
}

/** Section 4's cases: the degenerate layouts where closest-point codes go wrong, and two ordinary ones (a case a line). */
// prettier-ignore
export const SEGMENT_CASES: readonly SegmentCase[] = [
  { name: "parallel, overlapping (fact 12.1)", ends: [[1, -2, 0], [1, 2, 0], [-1, -2, 0], [-1, 2, 0]], exact: 2 },
  { name: "parallel, apart (fact 12.2)", ends: [[0, 0, 0], [1, 0, 0], [3, 1, 0], [5, 1, 0]], exact: Math.sqrt(5) },
  { name: "collinear, 1 apart", ends: [[0, 0, 0], [1, 0, 0], [3, 0, 0], [2, 0, 0]], exact: 1 },
  { name: "CD of zero length", ends: [[0, 0, 0], [2, 0, 0], [1, 1, 0], [1, 1, 0]], exact: 1 },
  { name: "AB of zero length", ends: [[1, 1, 0], [1, 1, 0], [0, 0, 0], [2, 0, 0]], exact: 1 },
  { name: "crossing", ends: [[-1, 0, 0], [1, 0, 0], [0.2, -0.8, -0.6], [-0.2, 0.8, 0.6]], exact: 0 },
  { name: "only the lines cross", ends: [[0, 0, 0], [4, 0, 0], [1, 1, 0], [-1, 0, 0]], exact: 1 / Math.sqrt(5) },
  { name: "crossing, 1e-9 long", ends: [[-1e-9, 0, 0], [1e-9, 0, 0], [0, -1e-9, 0], [0, 1e-9, 0]], exact: 0 },
];

/** A way to compute the distance between two segments, by name (for the tables and charts that compare them). */
export type SegmentDistanceMethod = [name: string, distance: (...ends: SegmentEnds) => number];

/**
 * Rows of a table that tries every method on every case: the case's name, its exact distance, and per
 * method the distance it computes (4 significant digits, "NaN" for NaN) marked ✓ when it is finite and
 * within 1e-12 of the longer segment's length of the exact one — a relative bound, so the 1e-9-long case
 * is held to the same digits as the others — and ✗ otherwise.
 */
export function segmentMethodsTable(
  cases: readonly SegmentCase[],
  methods: readonly SegmentDistanceMethod[],
): Record<string, string>[] {
  return cases.map(({ name, ends: e, exact }) => {
    const size = Math.max(vec3.distance(e[0], e[1]), vec3.distance(e[2], e[3]));
    const row: Record<string, string> = { case: name, exact: exact.toPrecision(4) };
    for (const [label, fn] of methods) {
      const got = fn(...e);
      const ok = Number.isFinite(got) && Math.abs(got - exact) <= 1e-12 * size;
      row[label] = `${Number.isNaN(got) ? "NaN" : got.toPrecision(4)} ${ok ? "✓" : "✗"}`;
    }
    return row;
  });
}

/**
 * Each method's relative error in the distance with `ends` scaled by 10^k, for each k of `exponents`:
 * the truth is ours at scale 1 times 10^k (a distance scales with the scene). Errors below 1e-17 are
 * raised to 1e-17, where a log axis can draw them. Rows go k by k, the methods in their given order.
 */
export function scaleErrorRows(
  ends: SegmentEnds,
  methods: readonly SegmentDistanceMethod[],
  exponents: readonly number[],
): { k: number; method: string; error: number }[] {
  return exponents.flatMap((k) => {
    const scaled = ends.map((p) => vec3.scale(p, 10 ** k)) as SegmentEnds;
    const truth = segments.closestPointsOnSegments(...ends).distance * 10 ** k;
    return methods.map(([method, fn]) => ({
      k,
      method,
      error: Math.max(1e-17, Math.abs(fn(...scaled) - truth) / truth),
    }));
  });
}

/**
 * The distance between two segments found without any of section 3's algebra: for each s, the nearest
 * point of CD (section 1's point-to-segment) gives h(s); h is convex, so a ternary search over s (200
 * rounds, then the ends) finds its minimum. Slow and plain: a check for the fast method (fact 12.4).
 */
export function segmentDistanceBySearch(a: Vec3, b: Vec3, c: Vec3, d: Vec3): number {
  const h = (s: number) => {
    const p = vec3.lerp(a, b, s);
    return vec3.distance(p, segments.closestPointOnSegment(p, c, d).point);
  };
  let [lo, hi] = [0, 1];
  for (let i = 0; i < 200; i++) {
    const [m1, m2] = [lo + (hi - lo) / 3, hi - (hi - lo) / 3];
    if (h(m1) <= h(m2)) hi = m2;
    else lo = m1;
  }
  return Math.min(h(0), h(1), h((lo + hi) / 2));
}

/** A random point with coordinates uniform in [−10, 10], drawn from `rng`. */
const randomPoint = (rng: random.Rng): Vec3 => [0, 0, 0].map(() => random.uniform(rng, -10, 10)) as Vec3;

/**
 * Fact 12.3, tried at random: `trials` segments and points from `rng`, each point as a segment of zero
 * length. The pair's t and point must be the point-to-segment answer's; returns the worst difference and
 * how many pairs had a non-finite s, t or distance (the blog's code would give NaN for every one).
 */
export function pointAsSegmentCheck(rng: random.Rng, trials: number): { worst: number; nonFinite: number } {
  let worst = 0;
  let nonFinite = 0;
  for (let i = 0; i < trials; i++) {
    const [p, c, d] = [randomPoint(rng), randomPoint(rng), randomPoint(rng)];
    const pair = segments.closestPointsOnSegments(p, p, c, d);
    const single = segments.closestPointOnSegment(p, c, d);
    if (![pair.s, pair.t, pair.distance].every(Number.isFinite)) nonFinite++;
    worst = Math.max(worst, Math.abs(pair.t - single.t), vec3.distance(pair.onCD, single.point));
  }
  return { worst, nonFinite };
}

/**
 * Fact 12.4, tried at random: `trials` pairs of segments from `rng`, ours against
 * {@link segmentDistanceBySearch}. Returns the worst difference relative to 1 + the distance, and how many
 * times ours came out *below* the search (beyond rounding) — impossible for a true minimum.
 */
export function againstSearchCheck(rng: random.Rng, trials: number): { worst: number; below: number } {
  let worst = 0;
  let below = 0;
  for (let i = 0; i < trials; i++) {
    const e = [randomPoint(rng), randomPoint(rng), randomPoint(rng), randomPoint(rng)] as SegmentEnds;
    const ours = segments.closestPointsOnSegments(...e).distance;
    const search = segmentDistanceBySearch(...e);
    worst = Math.max(worst, Math.abs(ours - search) / (1 + search));
    if (ours < search - 1e-9 * (1 + search)) below++;
  }
  return { worst, below };
}
