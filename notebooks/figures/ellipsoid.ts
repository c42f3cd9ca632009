/**
 * Figure helpers for chapter 13 (ellipsoidal mirrors): a three.js scene in the blog's units (its foci sit
 * ~100 apart) with see-through ellipsoids, focus balls the reader can drag, and a bundle of ray segments.
 *
 * `ellipsoidMirrorScene` builds the scene once; `setMirrors` and `setRaySegments` update it from the
 * values the chapter's cells compute with `lib/ellipsoid.ts` — the figure draws, it computes nothing.
 * Its `element` is a view: `view(fig.element)` yields the focus positions, and dragging a ball updates
 * them (so the cells downstream rerun), as a slider would; so do keys 1…n and the arrow keys on the
 * focused view (`handleKeys`, gestures.ts).
 */

import * as THREE from "three";
import { type Vec3, ellipsoid, scalar, vec3 } from "../../lib/index.ts";
import type { Ellipsoid, MirrorBounce, RayHit } from "../../lib/ellipsoid.ts";
import { HANDLE_HINT, handleKeys } from "./gestures.ts";
import { createScene, type SceneFigure } from "./scene.ts";
import { palette } from "./palette.ts";

/** The chapter's colours (CSS strings, shared by Plot and three.js). */
export const MIRROR_CSS = {
  mirror: "#8fa9c4",
  focus: palette.blue,
  ray: palette.amber,
  reflected: palette.red,
  wrong: palette.violet,
  right: palette.green,
} as const;

/** The scene's view of the world: blog units scaled by this into the scene (the grid is 4 wide). */
const SCALE = 1 / 60;

export interface MirrorSceneOptions {
  /** The foci the reader can drag, in world (blog) units. */
  foci: Vec3[];
  /** How many ellipsoid shells to draw at most (default 3). */
  mirrors?: number;
  /** World point shown at the centre of the view (default the foci's mean). */
  lookAt?: Vec3;
  width?: number;
  height?: number;
}

export interface MirrorSceneFigure {
  /** Display it with `view(…)`: its value is the list of foci, updated while a ball is dragged. */
  element: HTMLElement & { value: Vec3[] };
  figure: SceneFigure;
  /** Shows the first `mirrors.length` shells at these ellipsoids (the rest are hidden). */
  setMirrors(mirrors: readonly Ellipsoid[]): void;
  /** Replaces the ray bundle: pairs of world points `[from, to]`, coloured by `colors` (CSS) if given. */
  setRaySegments(segments: readonly [Vec3, Vec3][], colors?: readonly string[]): void;
  render(): void;
}

const toScene = (p: Readonly<Vec3>, origin: Readonly<Vec3>) =>
  new THREE.Vector3((p[0] - origin[0]) * SCALE, (p[1] - origin[1]) * SCALE, (p[2] - origin[2]) * SCALE);

/**
 * A scene of ellipsoidal mirrors with draggable foci: see the module header. Dragging moves a ball in the
 * plane facing the camera; the view still turns when the drag starts off the balls.
 */
export function ellipsoidMirrorScene({
  foci,
  mirrors = 3,
  lookAt,
  width = 640,
  height = 420,
}: MirrorSceneOptions): MirrorSceneFigure {
  const origin: Vec3 = lookAt ?? ([0, 1, 2].map((i) => foci.reduce((s, f) => s + f[i]!, 0) / foci.length) as Vec3);
  const figure = createScene({
    caption: `${mirrors === 1 ? "An ellipsoidal mirror" : `A chain of ${mirrors} ellipsoidal mirrors`}: rays leave one focus and reflect to the next; the foci are the draggable balls.`,
    width,
    height,
    camera: [0.6, 1.2, 4.2],
    grid: false,
  });
  const world = new THREE.Group();
  figure.scene.add(world);

  const shells = Array.from({ length: mirrors }, () => {
    const mesh = new THREE.Mesh(
      new THREE.SphereGeometry(1, 48, 32),
      new THREE.MeshStandardMaterial({
        color: MIRROR_CSS.mirror,
        transparent: true,
        opacity: 0.22,
        side: THREE.DoubleSide,
        depthWrite: false,
      }),
    );
    const wire = new THREE.LineSegments(
      new THREE.WireframeGeometry(new THREE.SphereGeometry(1, 16, 8)),
      new THREE.LineBasicMaterial({ color: MIRROR_CSS.mirror, transparent: true, opacity: 0.35 }),
    );
    mesh.add(wire);
    mesh.visible = false;
    world.add(mesh);
    return mesh;
  });

  const balls = foci.map(() => {
    const ball = new THREE.Mesh(
      new THREE.SphereGeometry(0.06, 20, 14),
      new THREE.MeshStandardMaterial({ color: MIRROR_CSS.focus, roughness: 0.4 }),
    );
    world.add(ball);
    return ball;
  });
  const value: Vec3[] = foci.map((f) => [f[0], f[1], f[2]]);
  const placeBalls = () => value.forEach((f, i) => balls[i]!.position.copy(toScene(f, origin)));
  placeBalls();

  const rays = new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ vertexColors: true }));
  world.add(rays);

  const wrapper = document.createElement("div") as unknown as HTMLElement & { value: Vec3[] };
  wrapper.appendChild(figure.element);
  wrapper.value = value.map((f) => [...f] as Vec3);

  if (figure.webgl) {
    const canvas = figure.canvas!;
    canvas.title = "Drag a blue focus to move it; drag elsewhere to turn the view, scroll to zoom";
    const raycaster = new THREE.Raycaster();
    const pointer = new THREE.Vector2();
    const plane = new THREE.Plane();
    const hitPoint = new THREE.Vector3();
    let dragging = -1;
    const setPointer = (event: PointerEvent) => {
      const rect = canvas.getBoundingClientRect();
      pointer.set(
        ((event.clientX - rect.left) / rect.width) * 2 - 1,
        -((event.clientY - rect.top) / rect.height) * 2 + 1,
      );
      raycaster.setFromCamera(pointer, figure.camera);
    };
    // Capture phase on the canvas runs before OrbitControls' listener: a press on a ball is a drag, not a turn.
    canvas.addEventListener(
      "pointerdown",
      (event) => {
        setPointer(event);
        const hit = raycaster.intersectObjects(balls, false)[0];
        if (!hit) return;
        event.stopImmediatePropagation();
        dragging = (balls as THREE.Object3D[]).indexOf(hit.object);
        plane.setFromNormalAndCoplanarPoint(figure.camera.getWorldDirection(new THREE.Vector3()), hit.object.position);
        canvas.setPointerCapture(event.pointerId);
      },
      { capture: true },
    );
    canvas.addEventListener("pointermove", (event) => {
      if (dragging < 0) return;
      setPointer(event);
      if (!raycaster.ray.intersectPlane(plane, hitPoint)) return;
      value[dragging] = [
        origin[0] + hitPoint.x / SCALE,
        origin[1] + hitPoint.y / SCALE,
        origin[2] + hitPoint.z / SCALE,
      ].map((x) => Math.round(x * 10) / 10) as Vec3;
      placeBalls();
      wrapper.value = value.map((f) => [...f] as Vec3);
      wrapper.dispatchEvent(new Event("input", { bubbles: true }));
    });
    const stop = () => {
      dragging = -1;
    };
    canvas.addEventListener("pointerup", stop);
    canvas.addEventListener("pointercancel", stop);
    // The keyboard's path: keys 1…n pick a focus, arrow keys move it by 5 units (gestures.ts).
    figure.hint(HANDLE_HINT);
    handleKeys(canvas, {
      names: foci.map((_, i) => `focus F${i + 1}`),
      camera: figure.camera,
      step: 5 * SCALE,
      announce: (text) => figure.hint(text || HANDLE_HINT),
      move(i, delta) {
        value[i] = value[i]!.map((x, k) => Math.round((x + delta[k]! / SCALE) * 10) / 10) as Vec3;
        placeBalls();
        wrapper.value = value.map((f) => [...f] as Vec3);
        wrapper.dispatchEvent(new Event("input", { bubbles: true }));
      },
    });
  }

  return {
    element: wrapper,
    figure,
    setMirrors(list) {
      shells.forEach((shell, i) => {
        const e = list[i];
        shell.visible = e !== undefined;
        if (!e) return;
        shell.position.copy(toScene(e.center, origin));
        shell.quaternion.set(e.rotation[0], e.rotation[1], e.rotation[2], e.rotation[3]);
        shell.scale.set(e.radii[0] * SCALE, e.radii[1] * SCALE, e.radii[2] * SCALE);
      });
    },
    setRaySegments(segments, colors) {
      const positions = new Float32Array(segments.length * 6);
      const rgb = new Float32Array(segments.length * 6);
      const c = new THREE.Color();
      segments.forEach(([a, b], i) => {
        toScene(a, origin).toArray(positions, 6 * i);
        toScene(b, origin).toArray(positions, 6 * i + 3);
        c.set(colors?.[i] ?? MIRROR_CSS.ray);
        c.toArray(rgb, 6 * i);
        c.toArray(rgb, 6 * i + 3);
      });
      rays.geometry.dispose();
      rays.geometry = new THREE.BufferGeometry();
      rays.geometry.setAttribute("position", new THREE.BufferAttribute(positions, 3));
      rays.geometry.setAttribute("color", new THREE.BufferAttribute(rgb, 3));
    },
    render: () => figure.render(),
  };
}

/**
 * Directions of a fan of `n` rays in the plane spanned by the unit vectors `u` and `v`, from angle
 * `-spreadRad/2` to `+spreadRad/2` about `u` (the blog's projector fan, flattened to one plane).
 */
export function rayFan(u: Readonly<Vec3>, v: Readonly<Vec3>, n: number, spreadRad: number): Vec3[] {
  return Array.from({ length: n }, (_, i) => {
    const a = n === 1 ? 0 : -spreadRad / 2 + (spreadRad * i) / (n - 1);
    return [0, 1, 2].map((k) => Math.cos(a) * u[k]! + Math.sin(a) * v[k]!) as Vec3;
  });
}

/** A CSS colour for ray `i` of `n`: from orange to red, so neighbouring rays can be told apart. */
export function rayColor(i: number, n: number): string {
  const t = n <= 1 ? 0 : i / (n - 1);
  return `hsl(${Math.round(35 - 35 * t)}, 85%, ${Math.round(55 - 10 * t)}%)`;
}

/**
 * three.js's own ray–sphere test (`Ray.intersectSphere`, unit direction), as the distance along the ray
 * to the hit, or null: the peer the chapter compares `ellipsoid.intersectRay` with.
 */
export function threeRaySphereDistance(
  origin: Readonly<Vec3>,
  unitDirection: Readonly<Vec3>,
  center: Readonly<Vec3>,
  radius: number,
): number | null {
  const ray = new THREE.Ray(new THREE.Vector3(...origin), new THREE.Vector3(...unitDirection));
  const hit = ray.intersectSphere(new THREE.Sphere(new THREE.Vector3(...center), radius), new THREE.Vector3());
  return hit ? hit.distanceTo(ray.origin) : null;
}

/** One ray of {@link focalFan}: out from the source, off the mirror, and on past the second focus. */
export interface FanRay {
  /** The ray's index in the fan. */
  i: number;
  /** The angle it leaves at, from the long axis (°). */
  angleDeg: number;
  /** Where it meets the mirror (from inside: the only crossing ahead). */
  hit: RayHit;
  /** The reflected unit direction. */
  out: Vec3;
  /** The path source → mirror → second focus: 2a for every ray when the source is on the first focus. */
  path: number;
  /** How far the reflected ray passes from the second focus (|toF2 × out|). */
  miss: number;
  /** How far to draw the reflected ray: to abreast of the second focus, and 25 on. */
  reach: number;
}

/**
 * The chapter's fan of `count` rays from `source` (inside `mirror`), spread over 340° in the plane of
 * `axis` (the unit long axis) and `side` (a unit vector across it), each reflected once and measured
 * against the second focus `target`. With the source on the first focus every path is the major axis 2a
 * and every miss is rounding; moved off it, both spread.
 */
export function focalFan(
  mirror: Ellipsoid,
  source: Readonly<Vec3>,
  target: Readonly<Vec3>,
  axis: Readonly<Vec3>,
  side: Readonly<Vec3>,
  count: number,
): FanRay[] {
  return rayFan(axis, side, count, scalar.degToRad(340)).map((d, i) => {
    const hit = ellipsoid.intersectRay(mirror, source, d);
    if (!hit) throw new Error("focalFan: the source is outside the mirror");
    const out = vec3.normalize(ellipsoid.reflect(d, hit.normal));
    const toTarget = vec3.sub(target, hit.point);
    return {
      i,
      angleDeg: -170 + (340 * i) / (count - 1),
      hit,
      out,
      path: hit.t + vec3.distance(hit.point, target),
      miss: vec3.length(vec3.cross(toTarget, out)),
      reach: Math.max(vec3.dot(toTarget, out), 0) + 25,
    };
  });
}

/** Segments and their colours, as {@link MirrorSceneFigure.setRaySegments} takes them. */
export interface RaySegments {
  segments: [Vec3, Vec3][];
  colors: string[];
}

/** A {@link focalFan} as segments to draw: each ray source → mirror, then mirror → its `reach`, in its fan colour. */
export function fanSegments(source: Readonly<Vec3>, rays: readonly FanRay[]): RaySegments {
  const from: Vec3 = [source[0], source[1], source[2]];
  return {
    segments: rays.flatMap((r): [Vec3, Vec3][] => [
      [from, r.hit.point],
      [r.hit.point, vec3.add(r.hit.point, vec3.scale(r.out, r.reach))],
    ]),
    colors: rays.flatMap((r) => [rayColor(r.i, rays.length), rayColor(r.i, rays.length)]),
  };
}

/**
 * Rays traced through a chain of mirrors (`ellipsoid.traceMirrors`, one list of bounces per ray) as
 * segments to draw: every leg between bounces, then a last leg of 20 from the chain's `last` focus along
 * the final direction (a ray that made at least one bounce), all of one ray in its fan colour.
 */
export function chainSegments(rays: readonly (readonly MirrorBounce[])[], last: Readonly<Vec3>): RaySegments {
  return {
    segments: rays.flatMap((bounces): [Vec3, Vec3][] => [
      ...bounces.map((b): [Vec3, Vec3] => [b.from, b.point]),
      ...bounces.slice(-1).map((b): [Vec3, Vec3] => [b.point, vec3.add(last, vec3.scale(b.direction, 20))]),
    ]),
    colors: rays.flatMap((bounces, i) =>
      Array.from({ length: bounces.length + Math.min(1, bounces.length) }, () => rayColor(i, rays.length)),
    ),
  };
}
