/**
 * A three.js scene for a notebook cell: a canvas with orbit controls (drag to turn, ctrl/⌘ + wheel or
 * pinch to zoom; the wheel and a one-finger swipe scroll the page, see gestures.ts), soft lights, a
 * ground grid, and `render()` on demand — nothing redraws unless something changed.
 *
 * The element is a `<figure>` (figures/caption.ts): the canvas, named for screen readers by `caption`,
 * then a caption that says what the view shows, a readout line for its key numbers (`fig.readout(…)`, a
 * polite live region: a cell driven by a slider writes the numbers it shows), and the hint line that says
 * how to turn it.
 * A scene squeezed by a narrow page (as wide as the page, and under 640 px: `Math.min(width, 640)` on a
 * phone) keeps the view across that 640 px would give: its field of view widens, so no object of the
 * scene falls off the sides on a phone.
 *
 * Pattern in a chapter: one cell creates the scene and displays `fig.element`; later cells, driven by
 * sliders, move objects and call `fig.render()`. The scene is made once, so a slider never creates a
 * new WebGL context. Where there is no WebGL (the Node cell tests; an old browser), the scene graph is
 * still built and updated but the element is a short note and `render()` does nothing.
 */

import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import { captionFigure } from "./caption.ts";
import { ORBIT_HINT, orbitKeys, shareGestures } from "./gestures.ts";
import { acquireRenderer } from "./shared-renderer.ts";

export interface SceneOptions {
  /** Canvas width in CSS pixels (default 640). */
  width?: number;
  /** Canvas height in CSS pixels (default 360). */
  height?: number;
  /** Camera position (default `[3.2, 2.4, 4]`), looking at the origin. Y is up, as in three.js. */
  camera?: [number, number, number];
  /** Draw a grid on the XZ plane (default true). */
  grid?: boolean;
  /**
   * What the view shows, in one sentence: the figure's caption and the canvas's accessible name
   * (default "A 3D view.", which says nothing: give one).
   */
  caption?: string;
}

/** The vertical field of view (degrees) of a scene at the width its author gave it. */
const FOV = 40;
/** The widest a scene is drawn (`Math.min(width, 640)` in the chapters). */
const DESIGN_WIDTH = 640;

/**
 * The vertical field of view (degrees) that shows across, at `aspect`, at least what {@link FOV} shows at
 * `reference` (an aspect ratio, width / height).
 */
export function fieldOfView(aspect: number, reference: number): number {
  if (!(aspect > 0) || aspect >= reference) return FOV;
  const halfWidth = Math.tan((FOV * Math.PI) / 360) * reference;
  return (Math.atan(halfWidth / aspect) * 360) / Math.PI;
}

/** Whether a scene `width` px wide was squeezed by the page: as wide as `main`, and narrower than it was designed. */
function squeezed(width: number): boolean {
  const main = typeof document === "undefined" ? null : document.querySelector("main");
  const available = main?.clientWidth ?? 0;
  return available > 0 && width < DESIGN_WIDTH && width >= available - 2;
}

export interface SceneFigure {
  /** The element to display: a `<figure>` with the canvas (or a note when WebGL is unavailable) and its caption. */
  element: HTMLElement;
  /** The canvas the scene is drawn on (undefined without WebGL): where pointer and key listeners go. */
  canvas?: HTMLCanvasElement;
  /** Replaces the caption's numbers line (a polite live region); "" hides it. */
  readout(text: string): void;
  /** Replaces the caption's hint line (how to use the view; a polite live region too). */
  hint(text: string): void;
  /** Whether a WebGL context was obtained (false in Node). */
  webgl: boolean;
  scene: THREE.Scene;
  camera: THREE.PerspectiveCamera;
  /** Draws one frame. Call after changing the scene. */
  render(): void;
  /** Frees the scene's GPU objects and lets go of the page's shared WebGL context; call from `invalidation`. */
  dispose(): void;
}

/** What a figure says where the browser offers no WebGL. */
export const NO_WEBGL = "This 3D figure needs WebGL, which this browser does not offer.";

/** A figure's canvas drawn by the page's shared three.js renderer, as {@link webglCanvas} makes it. */
export interface WebglCanvas {
  /** The figure's own visible canvas (a 2D canvas each frame is copied into): where listeners go. */
  canvas: HTMLCanvasElement;
  /** Whether the browser gave a WebGL 2 context (false in Node): without it nothing is drawn. */
  webgl: boolean;
  /** Draws `scene` from `camera` in the next animation frame; several calls in one frame draw once. */
  render(): void;
  /** Draws a frame now. */
  drawNow(): void;
  /** Frees the scene's GPU objects and lets go of the shared context (shared-renderer.ts). */
  dispose(): void;
}

/**
 * The renderer setup every 3D figure shares: a canvas `width × height` CSS pixels (at most 100% of its
 * column) backed by device pixels, drawn by the page's one WebGL 2 renderer (shared-renderer.ts: shader
 * programs compile once per page, not once per figure), and a `render` that coalesces updates into one
 * frame — and draws at once where there are no frames (a background tab), so a figure is never left stale.
 */
export function webglCanvas(scene: THREE.Scene, camera: THREE.Camera, width: number, height: number): WebglCanvas {
  const canvas = document.createElement("canvas");
  const ratio = globalThis.devicePixelRatio ?? 1;
  canvas.width = Math.floor(width * ratio);
  canvas.height = Math.floor(height * ratio);
  canvas.style.width = `${width}px`;
  canvas.style.maxWidth = "100%";
  const shared = acquireRenderer();
  // The frame replaces the canvas's pixels ("copy"), so the browser test reads back exactly what was drawn.
  const target = shared ? canvas.getContext("2d") : null;
  if (target) target.globalCompositeOperation = "copy";
  const drawNow = () => {
    if (shared && target) shared.draw(target, scene, camera);
  };
  let queued = false;
  const render = () => {
    if (!target || queued) return;
    queued = true;
    const draw = () => {
      queued = false;
      drawNow();
    };
    if (typeof requestAnimationFrame === "function" && document.visibilityState === "visible")
      requestAnimationFrame(draw);
    else draw();
  };
  if (shared && !target) shared.release();
  return { canvas, webgl: target !== null, render, drawNow, dispose: () => shared?.release(scene) };
}

/** Creates the scene, camera, lights, grid and controls described in the module header. */
export function createScene({
  width = 640,
  height = 360,
  camera = [3.2, 2.4, 4],
  grid = true,
  caption = "A 3D view.",
}: SceneOptions = {}): SceneFigure {
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xf7f7f5);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x8d8d8d, 2.2));
  const sun = new THREE.DirectionalLight(0xffffff, 1.6);
  sun.position.set(3, 5, 2);
  scene.add(sun);
  if (grid) {
    const g = new THREE.GridHelper(4, 8, 0xcccccc, 0xe2e2e2);
    g.position.y = -1.2;
    scene.add(g);
  }
  const fov = squeezed(width) ? fieldOfView(width / height, DESIGN_WIDTH / height) : FOV;
  const cam = new THREE.PerspectiveCamera(fov, width / height, 0.05, 100);
  cam.position.set(...camera);
  cam.lookAt(0, 0, 0);

  const { canvas, webgl, render, drawNow, dispose } = webglCanvas(scene, cam, width, height);
  if (!webgl) {
    const note = document.createElement("div");
    note.className = "no-webgl";
    note.textContent = NO_WEBGL;
    const { element, readout, hint } = captionFigure(note, { caption });
    return { element, readout, hint, webgl: false, scene, camera: cam, render() {}, dispose() {} };
  }

  shareGestures(canvas); // before the controls: a plain wheel scrolls the page
  const controls = new OrbitControls(cam, canvas);
  controls.enableDamping = false;
  controls.addEventListener("change", render);
  orbitKeys(canvas, controls, render);
  canvas.style.cursor = "grab";
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", caption);
  const { element, readout, hint } = captionFigure(canvas, { caption, hint: ORBIT_HINT });
  // As wide as the canvas: the caption wraps under it instead of widening the figure, so scenes meant to
  // stand side by side (chapter 07's pair) still share a row.
  element.style.width = `${width}px`;
  drawNow();
  return {
    element,
    canvas,
    readout,
    hint,
    webgl: true,
    scene,
    camera: cam,
    render,
    dispose() {
      controls.dispose();
      dispose();
    },
  };
}
