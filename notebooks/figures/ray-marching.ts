/**
 * Figure helpers for chapter 14 (ray marching signed distance fields): the chapter's little scene as
 * distance functions from `lib/sdf.ts`, a CPU renderer that marches one ray per pixel with `sdf.march`
 * and returns both a shaded image and the step count of every pixel, a 2D canvas to show them, the
 * step circles of one ray as Plot-ready rows, and three.js objects for the 3D view of the same scene
 * (its shapes as meshes, one ray's step balls).
 *
 * Names start with `rm` so they cannot clash with other chapters' helpers (`export *` in index.ts).
 */

import * as THREE from "three";
import { type Mat3, type Vec3, mat3, sdf, vec3 } from "../../lib/index.ts";
import type { MarchOptions, MarchSample, Sdf } from "../../lib/sdf.ts";
import { captionFigure } from "./caption.ts";
import { palette } from "./palette.ts";

/** The chapter's colours, as CSS strings (Plot) and RGB triples in [0, 1] (the renderer). */
export const RM_CSS = {
  ray: palette.blue,
  circle: palette.amber,
  surface: palette.slate,
  hit: palette.green,
  miss: palette.red,
  naive: palette.red,
  safe: palette.green,
} as const;

/** One part of a scene: its distance function and its colour (RGB in [0, 1]). */
export interface RmPart {
  name: string;
  f: Sdf;
  color: Vec3;
}

/** A scene for the renderer: the union of its parts (`f`), and the parts to colour the hit by. */
export interface RmScene {
  f: Sdf;
  parts: RmPart[];
}

/** What the chapter's scene is made of, as data (also what the three.js view draws). */
export const RM_SCENE = {
  floorY: -1,
  ball: { center: [-1.35, -0.1, 0.3] as Vec3, radius: 0.9 },
  box: { center: [1.25, -0.45, 0.5] as Vec3, halfExtents: [0.55, 0.55, 0.55] as Vec3 },
  cap: { center: [1.25, 0.3, 0.5] as Vec3, radius: 0.42 },
  /** A sphere squashed into a lens: the unit sphere scaled by `radii`, moved to `center` (fact 14.3's trap). */
  lens: { center: [0, -0.15, -1.3] as Vec3, radii: [0.75, 0.22, 0.75] as Vec3 },
  /**
   * A box turned by `rotation` (35° about y after 20° about z) and moved to `center`, one edge resting near the
   * floor: `sdf.rigid(sdf.box(0, halfExtents), rotation, center)`, an exact distance (fact 14.5).
   */
  turnedBox: {
    center: [0.15, -0.487, 2.4] as Vec3,
    halfExtents: [0.4, 0.4, 0.4] as Vec3,
    rotation: mat3.multiply(mat3.rotationY((35 * Math.PI) / 180), mat3.rotationZ((20 * Math.PI) / 180)) as Mat3,
  },
  /** The default direction toward the light (normalized where it is used); {@link rmLight} turns it about y. */
  light: [-0.5, 1, -0.7] as Vec3,
} as const;

/** The unit direction toward the light, the scene's default turned by `turnDeg` about the vertical (y). */
export function rmLight(turnDeg: number): Vec3 {
  return vec3.normalize(mat3.transformVec3(mat3.rotationY((turnDeg * Math.PI) / 180), RM_SCENE.light));
}

/**
 * The chapter's scene: a floor, a ball, a box with a sphere smooth-unioned on top (blend `k`), and a
 * squashed sphere (a lens) whose distance is either the naive `f(p/s)` or the safe `f(p/s)·min(s)`.
 */
export function rmChapterScene(k: number, lens: "naive" | "safe"): RmScene {
  const { floorY, ball, box, cap, lens: l, turnedBox } = RM_SCENE;
  // The unit sphere stretched by `radii` and moved to `center`: |(p − c)/s| − 1, times min(s) when safe.
  // Written out (it is sdf.scaled(sdf.sphere([0, 0, 0], 1), radii) moved by c) so that a render makes
  // no garbage per evaluation; section 5 of the chapter checks that the two agree.
  const [cx, cy, cz] = l.center;
  const [sx, sy, sz] = l.radii;
  const factor = lens === "safe" ? Math.min(sx, sy, sz) : 1;
  const lensF: Sdf = (p) => {
    const x = (p[0] - cx) / sx,
      y = (p[1] - cy) / sy,
      z = (p[2] - cz) / sz;
    return (Math.sqrt(x * x + y * y + z * z) - 1) * factor;
  };
  const parts: RmPart[] = [
    { name: "floor", f: sdf.plane([0, 1, 0], floorY), color: [0.85, 0.85, 0.82] },
    { name: "ball", f: sdf.sphere(ball.center, ball.radius), color: [0.18, 0.53, 0.87] },
    {
      name: "box and cap",
      f: sdf.smoothUnion(k, sdf.box(box.center, box.halfExtents), sdf.sphere(cap.center, cap.radius)),
      color: [0.96, 0.64, 0.35],
    },
    { name: "lens", f: lensF, color: [0.11, 0.6, 0.55] },
    {
      name: "turned box",
      f: sdf.rigid(sdf.box([0, 0, 0], turnedBox.halfExtents), turnedBox.rotation, turnedBox.center),
      color: [0.62, 0.42, 0.75],
    },
  ];
  return { f: sdf.union(...parts.map((p) => p.f)), parts };
}

/** A pinhole camera: where it is, what it looks at, its vertical field of view in degrees. */
export interface RmCamera {
  position: Vec3;
  target: Vec3;
  fovYDeg: number;
}

/** The chapter's camera on its scene. */
export const RM_CAMERA: RmCamera = { position: [0, 1.1, -6], target: [0, -0.3, 0], fovYDeg: 42 };

/** The result of {@link rmRender}: RGBA images of the shading and of the step counts, and the counts. */
export interface RmImage {
  width: number;
  height: number;
  shaded: Uint8ClampedArray;
  heat: Uint8ClampedArray;
  steps: Uint16Array;
  hits: number;
  /** Pixels whose march ended inside a surface (f < 0 at the hit): a step went through it. */
  inside: number;
  /** The largest step count of any pixel. */
  maxSteps: number;
  totalSteps: number;
  ms: number;
}

/** The unit direction of the ray through pixel (i, j) (centres of pixels, j = 0 at the top). */
export function rmPixelRay(camera: RmCamera, width: number, height: number, i: number, j: number): Vec3 {
  const forward = vec3.normalize(vec3.sub(camera.target, camera.position));
  const right = vec3.normalize(vec3.cross([0, 1, 0], forward));
  const up = vec3.cross(forward, right);
  const tan = Math.tan((camera.fovYDeg * Math.PI) / 360);
  const u = ((2 * (i + 0.5)) / width - 1) * tan * (width / height);
  const v = (1 - (2 * (j + 0.5)) / height) * tan;
  // Screen x to the right: right = up × forward would mirror the image, so x grows along −right here.
  return vec3.normalize(vec3.add(forward, vec3.add(vec3.scale(right, -u), vec3.scale(up, v))));
}

const HEAT_STOPS: Vec3[] = [
  [0.05, 0.03, 0.2],
  [0.35, 0.1, 0.5],
  [0.75, 0.2, 0.4],
  [0.98, 0.55, 0.2],
  [0.99, 0.95, 0.6],
];

/** The heat-map colour of a count in [0, max] (dark purple → orange → pale yellow), RGB in [0, 1]. */
export function rmHeatColor(steps: number, max: number): Vec3 {
  const x = Math.min(Math.max(steps / Math.max(max, 1), 0), 1) * (HEAT_STOPS.length - 1);
  const i = Math.min(Math.floor(x), HEAT_STOPS.length - 2);
  return vec3.lerp(HEAT_STOPS[i]!, HEAT_STOPS[i + 1]!, x - i);
}

/** How {@link rmRender} lights the scene: the direction toward the light and the kind of shadows. */
export interface RmLighting {
  /** Toward the light (normalized here); default the scene's {@link RM_SCENE}.light. */
  toLight?: Vec3;
  /** `"none"` (default), `"hard"`, or a softness `k` for `sdf.shadow`. */
  shadow?: "none" | "hard" | number;
}

/** An empty image of `width` × `height` pixels, its counts at zero, for {@link rmRenderRows} to fill. */
function rmEmptyImage(width: number, height: number): RmImage {
  return {
    width,
    height,
    shaded: new Uint8ClampedArray(width * height * 4),
    heat: new Uint8ClampedArray(width * height * 4),
    steps: new Uint16Array(width * height),
    hits: 0,
    inside: 0,
    maxSteps: 0,
    totalSteps: 0,
    ms: 0,
  };
}

/**
 * Marches the pixel rows `[jStart, jEnd)` of `image` (see {@link rmRender}) and adds their counts to the
 * image's. A pixel's colour depends only on its own ray, so an image filled in any number of row ranges
 * is the image filled at once, pixel for pixel.
 */
function rmRenderRows(
  image: RmImage,
  scene: RmScene,
  camera: RmCamera,
  opts: MarchOptions,
  heatMax: number,
  lighting: RmLighting,
  jStart: number,
  jEnd: number,
): void {
  const { width, height, shaded, heat, steps } = image;
  const light = vec3.normalize(lighting.toLight ?? RM_SCENE.light);
  const shadowMode = lighting.shadow ?? "none";
  const epsilon = opts.epsilon ?? 1e-4;
  // The camera's frame, once per call (rmPixelRay recomputes it per pixel).
  const forward = vec3.normalize(vec3.sub(camera.target, camera.position));
  const right = vec3.normalize(vec3.cross([0, 1, 0], forward));
  const up = vec3.cross(forward, right);
  const tan = Math.tan((camera.fovYDeg * Math.PI) / 360);
  for (let j = jStart; j < jEnd; j++) {
    const v = (1 - (2 * (j + 0.5)) / height) * tan;
    for (let i = 0; i < width; i++) {
      const k = j * width + i;
      const u = ((2 * (i + 0.5)) / width - 1) * tan * (width / height);
      const dir: Vec3 = [
        forward[0] - u * right[0] + v * up[0],
        forward[1] - u * right[1] + v * up[1],
        forward[2] - u * right[2] + v * up[2],
      ];
      const r = sdf.march(scene.f, camera.position, dir, opts);
      steps[k] = r.steps;
      image.maxSteps = Math.max(image.maxSteps, r.steps);
      image.totalSteps += r.steps;
      let color: Vec3;
      if (r.hit) {
        image.hits++;
        // The part nearest the hit point gives the colour.
        let part = scene.parts[0]!;
        let best = Infinity;
        for (const p of scene.parts) {
          const d = p.f(r.point);
          if (d < best) [best, part] = [d, p];
        }
        let n: Vec3;
        try {
          // The nearest part's gradient is the scene's (a union is that part near its surface), at a
          // sixth of the cost of differencing the whole scene.
          n = sdf.normal(part.f, r.point, 1e-3);
        } catch {
          n = vec3.scale(dir, -1);
        }
        let lambert = Math.max(vec3.dot(n, light), 0);
        if (lambert > 0 && shadowMode !== "none")
          // Start a little off the surface along the normal, so the surface is not its own occluder.
          lambert *= sdf.shadow(scene.f, vec3.add(r.point, vec3.scale(n, 2 * epsilon)), light, {
            k: shadowMode === "hard" ? undefined : shadowMode,
            tMin: 2e-2,
            maxDistance: 20,
            epsilon,
          });
        let base = part.color;
        if (part.name === "floor") {
          const check = (Math.floor(r.point[0]) + Math.floor(r.point[2])) & 1;
          base = check ? [0.78, 0.78, 0.75] : [0.9, 0.9, 0.87];
        }
        color = vec3.scale(base, 0.3 + 0.7 * lambert);
        if (r.distance < -epsilon) {
          image.inside++;
          color = vec3.lerp(color, [0.9, 0.1, 0.2], 0.75);
        }
      } else {
        // Sky: a vertical gradient.
        const v = j / height;
        color = vec3.lerp([0.62, 0.75, 0.9], [0.95, 0.96, 0.98], v);
      }
      shaded.set([color[0] * 255, color[1] * 255, color[2] * 255, 255], 4 * k);
      const h = rmHeatColor(r.steps, heatMax);
      heat.set([h[0] * 255, h[1] * 255, h[2] * 255, 255], 4 * k);
    }
  }
}

/** Milliseconds on a monotonic clock (performance.now where there is one). */
const rmNow = (): number => globalThis.performance?.now() ?? Date.now();

/**
 * Marches one ray per pixel through `scene` with `sdf.march` and shades the hits (Lambert from one
 * light, a checkered floor, pixels that ended inside a surface tinted red). Also returns the step
 * count of every pixel, drawn as a heat map on the scale `[0, heatMax]`. `lighting` moves the light
 * (`toLight`, default the scene's) and casts shadows with `sdf.shadow`: `"none"` (default), `"hard"`, or a
 * softness `k`; the shadow marches are not counted in the heat map.
 */
export function rmRender(
  scene: RmScene,
  camera: RmCamera,
  width: number,
  height: number,
  opts: MarchOptions,
  heatMax = 64,
  lighting: RmLighting = {},
): RmImage {
  const start = rmNow();
  const image = rmEmptyImage(width, height);
  rmRenderRows(image, scene, camera, opts, heatMax, lighting, 0, height);
  image.ms = rmNow() - start;
  return image;
}

/** What {@link rmRenderProgressive} yields: an image, and whether it is the coarse preview or the final one. */
export interface RmProgress {
  image: RmImage;
  /** `true` for the preview (one ray per `block` × `block` pixels, its counts those of the small image). */
  preview: boolean;
}

/** How {@link rmRenderProgressive} paces itself. */
export interface RmProgressOptions {
  /** The preview marches one ray per `block` × `block` pixels (default 4: a sixteenth of the rays). */
  block?: number;
  /** Milliseconds to wait after the preview before refining, so a slider being dragged only ever pays for previews (default 120). */
  restMs?: number;
  /** The longest the refinement holds the page at a time, in ms (default 8: half a frame), between rows. */
  sliceMs?: number;
  /** Stop (yield nothing more) once this settles: a cell passes its `invalidation`. */
  stop?: Promise<unknown>;
}

/**
 * {@link rmRender} for a figure driven by sliders, which must answer within a frame while a full render
 * takes several: yields a coarse preview at once (the same camera and scene, `block` times fewer rays
 * each way, every block filled with its ray's colour), then, after `restMs` without being stopped, the
 * exact image `rmRender` returns — pixel for pixel and count for count — marched a few rows at a time,
 * giving the page back at least every `sliceMs` so that a slider moved meanwhile is answered at once
 * (and stops this render, through `stop`). The final image's `ms` is the time spent marching.
 */
export async function* rmRenderProgressive(
  scene: RmScene,
  camera: RmCamera,
  width: number,
  height: number,
  opts: MarchOptions,
  heatMax = 64,
  lighting: RmLighting = {},
  { block = 4, restMs = 120, sliceMs = 8, stop }: RmProgressOptions = {},
): AsyncGenerator<RmProgress, void, undefined> {
  let stopped = false;
  void stop?.then(
    () => (stopped = true),
    () => (stopped = true),
  );
  const small = rmRender(scene, camera, Math.ceil(width / block), Math.ceil(height / block), opts, heatMax, lighting);
  yield { image: rmUpscale(small, width, height, block), preview: true };
  await new Promise((resolve) => setTimeout(resolve, restMs));
  const image = rmEmptyImage(width, height);
  for (let j = 0; j < height;) {
    if (stopped) return;
    const sliceStart = rmNow();
    // At least one row, then row by row until the slice is spent: a row of 128 rays takes well under a millisecond.
    do {
      rmRenderRows(image, scene, camera, opts, heatMax, lighting, j, j + 1);
      j++;
    } while (j < height && rmNow() - sliceStart < sliceMs);
    image.ms += rmNow() - sliceStart;
    if (j < height) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (!stopped) yield { image, preview: false };
}

/** `small` blown up to `width` × `height`: pixel (i, j) takes the colour of small's (⌊i/block⌋, ⌊j/block⌋); counts kept. */
function rmUpscale(small: RmImage, width: number, height: number, block: number): RmImage {
  const { hits, inside, maxSteps, totalSteps, ms } = small;
  const image: RmImage = { ...rmEmptyImage(width, height), hits, inside, maxSteps, totalSteps, ms };
  // An RGBA pixel is four bytes: copy it as one 32-bit number.
  const rgba = (bytes: Uint8ClampedArray) => new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  const [shadedFrom, heatFrom, shadedTo, heatTo] = [small.shaded, small.heat, image.shaded, image.heat].map(rgba);
  for (let j = 0; j < height; j++) {
    const row = Math.floor(j / block) * small.width;
    for (let i = 0; i < width; i++) {
      const from = row + Math.floor(i / block);
      const to = j * width + i;
      image.steps[to] = small.steps[from]!;
      shadedTo![to] = shadedFrom![from]!;
      heatTo![to] = heatFrom![from]!;
    }
  }
  return image;
}

/**
 * A canvas to show an RGBA image scaled up (crisp pixels), in a figure with `caption` (what the image
 * shows: figures/caption.ts) and a live `readout` line for its numbers; `draw` does nothing where there
 * is no 2D context (Node).
 */
export function rmCanvas(
  width: number,
  height: number,
  cssWidth: number,
  caption: string,
): { element: HTMLElement; draw(rgba: Uint8ClampedArray): void; readout(text: string): void } {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = `${(cssWidth * height) / width}px`;
  canvas.style.imageRendering = "pixelated";
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", caption);
  const ctx = canvas.getContext("2d");
  const { element, readout } = captionFigure(canvas, { caption });
  element.style.flex = "0 0 auto";
  element.style.width = `${cssWidth}px`;
  return {
    element,
    readout,
    draw(rgba) {
      if (!ctx || typeof ImageData === "undefined") return;
      ctx.putImageData(new ImageData(new Uint8ClampedArray(rgba), width, height), 0, 0);
    },
  };
}

/** Rows of a polygon approximating the circle of radius `r` about (x, y): Plot.line data, `id` per circle. */
export function rmCircleRows(
  x: number,
  y: number,
  r: number,
  id: number,
  n = 72,
): { x: number; y: number; id: number }[] {
  return Array.from({ length: n + 1 }, (_, k) => {
    const a = (2 * Math.PI * k) / n;
    return { x: x + r * Math.cos(a), y: y + r * Math.sin(a), id };
  });
}

/**
 * The step circles of one march in a plane: each sample's centre and radius `|distance|` mapped to 2D
 * by `toPlane`, as Plot.line rows (one `id` per circle) and Plot.dot rows.
 */
export function rmStepCircles(
  samples: readonly MarchSample[],
  toPlane: (p: Readonly<Vec3>) => [number, number],
): {
  circles: { x: number; y: number; id: number }[];
  centres: { x: number; y: number; step: number; distance: number }[];
} {
  const circles: { x: number; y: number; id: number }[] = [];
  const centres = samples.map((s, k) => {
    const [x, y] = toPlane(s.point);
    circles.push(...rmCircleRows(x, y, Math.abs(s.distance), k));
    return { x, y, step: k + 1, distance: s.distance };
  });
  return { circles, centres };
}

/** The chapter's scene as three.js meshes (floor, ball, box with cap, lens, turned box), for the 3D view. */
export function rmSceneMeshes(): THREE.Group {
  const { floorY, ball, box, cap, lens } = RM_SCENE;
  const group = new THREE.Group();
  const material = (c: Vec3, opacity = 1) =>
    new THREE.MeshStandardMaterial({ color: new THREE.Color(...c), roughness: 0.6, transparent: opacity < 1, opacity });
  const floor = new THREE.Mesh(new THREE.PlaneGeometry(7, 7), material([0.72, 0.72, 0.69]));
  floor.rotation.x = -Math.PI / 2;
  floor.position.y = floorY;
  const b = new THREE.Mesh(new THREE.SphereGeometry(ball.radius, 32, 16), material([0.18, 0.53, 0.87], 0.45));
  b.position.set(...ball.center);
  const bx = new THREE.Mesh(
    new THREE.BoxGeometry(...box.halfExtents.map((h) => 2 * h)),
    material([0.96, 0.64, 0.35], 0.45),
  );
  bx.position.set(...box.center);
  const c = new THREE.Mesh(new THREE.SphereGeometry(cap.radius, 24, 12), material([0.96, 0.64, 0.35], 0.45));
  c.position.set(...cap.center);
  const l = new THREE.Mesh(new THREE.SphereGeometry(1, 32, 16), material([0.11, 0.6, 0.55], 0.45));
  l.scale.set(...lens.radii);
  l.position.set(...lens.center);
  const { turnedBox } = RM_SCENE;
  const tb = new THREE.Mesh(
    new THREE.BoxGeometry(...turnedBox.halfExtents.map((h) => 2 * h)),
    material([0.62, 0.42, 0.75], 0.45),
  );
  const r = turnedBox.rotation; // column-major, as THREE.Matrix4.set takes rows
  tb.setRotationFromMatrix(
    new THREE.Matrix4().set(r[0], r[3], r[6], 0, r[1], r[4], r[7], 0, r[2], r[5], r[8], 0, 0, 0, 0, 1),
  );
  tb.position.set(...turnedBox.center);
  group.add(floor, b, bx, c, l, tb);
  return group;
}

/** Up to `capacity` translucent balls: the empty spheres of one march's steps ({@link setRmStepBalls}). */
export function rmStepBalls(capacity: number): THREE.InstancedMesh {
  const mesh = new THREE.InstancedMesh(
    new THREE.SphereGeometry(1, 24, 12),
    new THREE.MeshStandardMaterial({ color: RM_CSS.circle, transparent: true, opacity: 0.18, depthWrite: false }),
    capacity,
  );
  mesh.count = 0;
  return mesh;
}

/** Places one ball per sample, centred where `f` was evaluated, radius the distance found there. */
export function setRmStepBalls(mesh: THREE.InstancedMesh, samples: readonly MarchSample[]): void {
  const m = new THREE.Matrix4();
  const n = Math.min(samples.length, mesh.instanceMatrix.count);
  for (let k = 0; k < n; k++) {
    const s = samples[k]!;
    const r = Math.max(Math.abs(s.distance), 1e-3);
    m.makeScale(r, r, r).setPosition(...s.point);
    mesh.setMatrixAt(k, m);
  }
  mesh.count = n;
  mesh.instanceMatrix.needsUpdate = true;
}

/** The unit direction `yawDeg` to the right of and `pitchDeg` above the camera's line of sight. */
export function rmAimRay(camera: RmCamera, yawDeg: number, pitchDeg: number): Vec3 {
  const forward = vec3.normalize(vec3.sub(camera.target, camera.position));
  const right = vec3.normalize(vec3.cross([0, 1, 0], forward));
  const up = vec3.cross(forward, right);
  const t = (deg: number) => Math.tan((deg * Math.PI) / 180);
  // As in rmPixelRay: the screen's right is −right.
  return vec3.normalize(vec3.add(forward, vec3.add(vec3.scale(right, -t(yawDeg)), vec3.scale(up, t(pitchDeg)))));
}

/** A colour bar for the heat map: an HTML strip from 0 to `max` evaluations, with its label. */
export function rmHeatLegend(max: number, label: string, cssWidth = 320): HTMLElement {
  const stops = Array.from({ length: 11 }, (_, k) => {
    const [r, g, b] = rmHeatColor((k / 10) * max, max).map((c) => Math.round(255 * c));
    return `rgb(${r}, ${g}, ${b}) ${k * 10}%`;
  });
  const figure = document.createElement("figure");
  figure.style.margin = "4px 0 0";
  figure.style.width = `${cssWidth}px`;
  figure.style.maxWidth = "100%";
  figure.style.font = "12px system-ui, sans-serif";
  const bar = document.createElement("div");
  bar.style.height = "12px";
  bar.style.background = `linear-gradient(to right, ${stops.join(", ")})`;
  const ticks = document.createElement("div");
  ticks.style.display = "flex";
  ticks.style.justifyContent = "space-between";
  ticks.append(
    ...[0, max / 2, max].map((v) => Object.assign(document.createElement("span"), { textContent: String(v) })),
  );
  const caption = document.createElement("figcaption");
  caption.textContent = label;
  figure.append(bar, ticks, caption);
  return figure;
}

/**
 * Where a function that rises with x first reaches `level` on [lo, hi], by bisection: 60 halvings, which
 * narrow any interval of ordinary size down to adjacent doubles. Returns the upper end, a point where the
 * function has reached `level` (if it has anywhere in the interval).
 */
export function rmBisectRise(f: (x: number) => number, level: number, lo: number, hi: number): number {
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) >= level) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * Section 5's picture of one step: for each named distance function, the circle a march would take as
 * empty about `probe` (radius its value there), in the xy plane, as Plot.line rows keyed `"name: value"`.
 */
export function rmProbeCircles(
  probe: Readonly<Vec3>,
  fields: Record<string, (p: Readonly<Vec3>) => number>,
): { x: number; y: number; id: number; kind: string }[] {
  return Object.entries(fields).flatMap(([name, f]) => {
    const d = f(probe);
    const at: Vec3 = [probe[0], probe[1], probe[2]];
    return rmStepCircles([{ t: 0, point: at, distance: d }], (p) => [p[0], p[1]]).circles.map((r) => ({
      ...r,
      kind: `${name}: ${d.toFixed(3)}`,
    }));
  });
}
