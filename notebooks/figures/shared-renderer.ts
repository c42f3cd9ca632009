/**
 * One WebGL 2 context for every 3D figure of a page. A browser compiles each shader program once per
 * context, and with SwiftShader (software WebGL: headless Chromium, machines without a GPU) that took
 * most of a chapter's settle time when every figure had a context of its own: chapter 08's four figures
 * compiled 20 programs, where one context compiles the 5 they share once.
 *
 * The shared renderer draws into an offscreen canvas (never in the page) that grows to the largest figure
 * it has drawn; a figure's frame is drawn in its bottom-left corner (viewport and scissor) and copied at
 * once into the figure's own visible 2D canvas with `drawImage`. So each figure keeps its own `<canvas>`
 * (events, focus, caption, pixels a test can read back), and its pixels stay there until it draws again.
 *
 * `acquireRenderer()` counts the figures using the context; when the last one is released, the context
 * is kept a little while (a re-run cell disposes its old figure just before making the new one) and then
 * given back to the browser.
 */

import * as THREE from "three";

/** A figure's handle on the shared renderer. */
export interface SharedRenderer {
  /** Draws `scene` from `camera` into `target` (its 2D context's canvas), at the canvas's size in device pixels. */
  draw(target: CanvasRenderingContext2D, scene: THREE.Scene, camera: THREE.Camera): void;
  /** Frees what `scene` holds on the GPU (geometries, materials, textures) and lets go of the context. */
  release(scene?: THREE.Scene): void;
}

interface Shared {
  canvas: HTMLCanvasElement;
  renderer: THREE.WebGLRenderer;
  users: number;
  timer?: ReturnType<typeof setTimeout>;
}

/** How long the context outlives its last figure (ms). */
const KEEP_MS = 10_000;

let shared: Shared | undefined;

/** The page's shared context, made at the first call; undefined where the browser gives no WebGL 2 (and in Node). */
function context(): Shared | undefined {
  if (shared) return shared;
  if (typeof document === "undefined") return undefined;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  // No preserveDrawingBuffer: each frame is copied out in the task that draws it.
  const gl = canvas.getContext("webgl2", { antialias: true }) as WebGL2RenderingContext | null;
  if (!gl) return undefined;
  const renderer = new THREE.WebGLRenderer({ canvas, context: gl, antialias: true });
  renderer.setPixelRatio(1); // sizes below are device pixels
  renderer.setScissorTest(true); // a figure's clear wipes only its own corner
  shared = { canvas, renderer, users: 0 };
  return shared;
}

/** Frees the GPU objects of `scene` in `renderer` (they are re-uploaded if another scene still draws them). */
function freeScene(scene: THREE.Scene): void {
  const done = new Set<{ dispose(): void }>();
  const free = (x: { dispose(): void } | null | undefined) => {
    if (x && !done.has(x)) {
      done.add(x);
      x.dispose();
    }
  };
  scene.traverse((object) => {
    const o = object as THREE.Object3D & {
      geometry?: THREE.BufferGeometry;
      material?: THREE.Material | THREE.Material[];
    };
    free(o.geometry);
    for (const material of [o.material ?? []].flat()) {
      for (const value of Object.values(material)) if ((value as THREE.Texture | null)?.isTexture) free(value);
      free(material);
    }
  });
}

/** A handle on the page's shared renderer, or undefined without WebGL 2. */
export function acquireRenderer(): SharedRenderer | undefined {
  const s = context();
  if (!s) return undefined;
  clearTimeout(s.timer);
  s.users++;
  let released = false;
  return {
    draw(target, scene, camera) {
      if (released) return;
      const { width, height } = target.canvas;
      if (width === 0 || height === 0) return;
      if (s.canvas.width < width || s.canvas.height < height)
        s.renderer.setSize(Math.max(s.canvas.width, width), Math.max(s.canvas.height, height), false);
      s.renderer.setViewport(0, 0, width, height);
      s.renderer.setScissor(0, 0, width, height);
      s.renderer.render(scene, camera);
      // WebGL's y runs up: the bottom-left corner is the last `height` rows of the canvas image.
      target.drawImage(s.canvas, 0, s.canvas.height - height, width, height, 0, 0, width, height);
    },
    release(scene) {
      if (released) return;
      released = true;
      if (scene) freeScene(scene);
      if (--s.users > 0) return;
      s.timer = setTimeout(() => {
        if (s.users > 0 || shared !== s) return;
        shared = undefined;
        s.renderer.dispose();
        s.renderer.forceContextLoss();
      }, KEEP_MS);
    },
  };
}
