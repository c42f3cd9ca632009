/**
 * The virtual trackball of chapter 04: an object the student turns by dragging it (pointer events on the
 * canvas, so mouse, pen and touch all work), by the incremental trackball or by Shoemake's arcball
 * (`lib/trackball.ts` does the math; this module only draws and listens).
 *
 * The camera is orthographic and looks down −z from +z, so view coordinates are world coordinates and
 * one world unit is one normalized screen unit (half the canvas's shorter side): the ball drawn is the
 * ball the mapping uses, and a point on its front lies exactly under the cursor. Drawn: a faint sphere,
 * its silhouette (grey) and the rim where the sphere meets Bell's hyperbola (dashed), the drag's trail
 * on the ball, the press point (grey) and the current point (purple).
 *
 * The element carries the state for tests and readers: `data-orientation` (the object's quaternion as
 * JSON `[x, y, z, w]`), `data-method`, `data-dragging` while a pointer is down, and `data-replays`, the
 * number of replays finished.
 */

import * as THREE from "three";
import { type Quat, type Vec3, quat, scalar, trackball, vec3 } from "../../lib/index.ts";
import { coordinateFrame, orientedObject, setQuaternion } from "./frame.ts";
import { shareGestures } from "./gestures.ts";
import { line, marker, place, setLine } from "./interpolation.ts";
import { prefersReducedMotion } from "./motion.ts";
import { paletteHex } from "./palette.ts";
import { NO_WEBGL, webglCanvas } from "./scene.ts";

export interface TrackballFigureOptions {
  /** Canvas width in CSS pixels (default 640). */
  width?: number;
  /** Canvas height in CSS pixels (default 420). */
  height?: number;
  /** The ball's radius in screen units (1 = half the shorter side; default 0.85, leaving room outside it). */
  ballRadius?: number;
  /** The method at first (default `"arcball"`). */
  method?: trackball.DragMethod;
  /** The object's orientation at first (default: turned 35° about −Y, then 20° about +X, so all three axes show). */
  start?: Readonly<Quat>;
}

/** Where a replayed closed drag left the object, by each method. */
export interface LoopResult {
  start: Quat;
  arcball: Quat;
  incremental: Quat;
  /** The holonomy lib predicts for the incremental trackball: the press point's ball direction and Ω (rad). */
  predicted: { axis: Vec3; angle: number };
}

export interface TrackballFigure {
  /** The figure: the canvas (or a note without WebGL), a readout line, and the state as data attributes. */
  element: HTMLElement;
  /** Whether a WebGL context was obtained (false in Node). */
  webgl: boolean;
  /** The ball's radius in screen units. */
  readonly ballRadius: number;
  /** The object's orientation now. */
  orientation(): Quat;
  /** Sets the orientation (and clears the trail). */
  setOrientation(q: Readonly<Quat>): void;
  /** Switches between the incremental trackball and the arcball (for the next drag). */
  setMethod(method: trackball.DragMethod): void;
  /** Shows a planned closed drag on the ball (dashed) — the one {@link TrackballFigure.replay} replays. */
  showLoop(path: readonly trackball.ScreenPoint[]): void;
  /**
   * Replays the loop last shown (or `path`) from the current orientation with the current method, animated
   * over `durationMs` (at once where nothing animates, or the reader prefers reduced motion), then marks the start with a faint frame. Resolves
   * with where each method ends. Pointer input is ignored meanwhile.
   */
  replay(path?: readonly trackball.ScreenPoint[], durationMs?: number): Promise<LoopResult>;
  /** Frees the figure's GPU objects and lets go of the page's shared WebGL context; call from `invalidation`. */
  dispose(): void;
}

const PRESS_COLOR = 0x888888;
const CURRENT_COLOR = paletteHex.purple;
const TRAIL_COLOR = paletteHex.purple;

/** The signed angle (radians, in (−2π, 2π]) that `q` turns about the unit `axis`, read along `q`'s own arc. */
export function turnAbout(q: Readonly<Quat>, axis: Readonly<Vec3>): number {
  return 2 * Math.atan2(q[0] * axis[0] + q[1] * axis[1] + q[2] * axis[2], q[3]);
}

/** The angle `q` turns by along its own arc, radians in [0, 2π): 2·atan2(|v|, w), so 300° reads 300°, not 60°. */
export function ownAngle(q: Readonly<Quat>): number {
  return 2 * Math.atan2(Math.hypot(q[0], q[1], q[2]), q[3]);
}

/** Points on the ball's surface (radius `r`) for a path of screen points, lifted a hair off it. */
function onBall(path: readonly trackball.ScreenPoint[], r: number): Vec3[] {
  return path.map((p) => vec3.scale(trackball.ballPoint(p, { radius: r }), r * 1.004));
}

/** A circle of `n` segments in a plane parallel to the screen, at height `z`. */
function screenCircle(radius: number, z: number, n = 128): Vec3[] {
  return Array.from({ length: n + 1 }, (_, k): Vec3 => {
    const t = (2 * Math.PI * k) / n;
    return [radius * Math.cos(t), radius * Math.sin(t), z];
  });
}

/** Creates the figure described in the module header. */
export function trackballFigure({
  width = 640,
  height = 420,
  ballRadius = 0.85,
  method: initialMethod = "arcball",
  start: initialOrientation = quat.multiply(
    quat.fromAxisAngle([1, 0, 0], scalar.degToRad(20)),
    quat.fromAxisAngle([0, 1, 0], scalar.degToRad(-35)),
  ),
}: TrackballFigureOptions = {}): TrackballFigure {
  const r = ballRadius;
  const ballOpts = { radius: r };
  let method: trackball.DragMethod = initialMethod;
  let orientation: Quat = quat.normalize(initialOrientation);

  // --- the scene -------------------------------------------------------------------------------
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xf7f7f5);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x8d8d8d, 2.2));
  const sun = new THREE.DirectionalLight(0xffffff, 1.6);
  sun.position.set(2, 3, 5);
  scene.add(sun);
  const half = Math.min(width, height) / 2;
  const camera = new THREE.OrthographicCamera(
    -width / 2 / half,
    width / 2 / half,
    height / 2 / half,
    -height / 2 / half,
    0.1,
    20,
  );
  camera.position.set(0, 0, 5);
  camera.lookAt(0, 0, 0);

  const body = new THREE.Group();
  body.add(orientedObject({ scale: 0.48 }), coordinateFrame({ size: 0.62, labels: true }));
  const ghost = coordinateFrame({ size: 0.62, opacity: 0.3, labels: false });
  ghost.visible = false;
  const sphere = new THREE.Mesh(
    new THREE.SphereGeometry(r, 48, 32),
    new THREE.MeshBasicMaterial({ color: paletteHex.blue, transparent: true, opacity: 0.07, depthWrite: false }),
  );
  const silhouette = line(screenCircle(r, 0), 0x9a9a9a);
  const rimRadius = trackball.rimRadius(ballOpts);
  const rim = line(screenCircle(rimRadius, Math.sqrt(r * r - rimRadius * rimRadius) * 1.004), paletteHex.purple, true);
  const trail = line([], TRAIL_COLOR);
  const loop = line([], paletteHex.green, true);
  const pressMark = marker(PRESS_COLOR, 0.035);
  const currentMark = marker(CURRENT_COLOR, 0.04);
  pressMark.visible = currentMark.visible = false;
  scene.add(body, ghost, sphere, silhouette, rim, trail, loop, pressMark, currentMark);

  // --- the element -------------------------------------------------------------------------------
  const element = document.createElement("figure");
  element.className = "trackball-figure";
  element.style.margin = "0";
  const readout = document.createElement("figcaption");
  readout.className = "trackball-readout";
  readout.style.cssText = "font: 13px/1.5 var(--sans-serif, system-ui, sans-serif); color: #444; min-height: 3em;";

  const { canvas, webgl, render, drawNow, dispose } = webglCanvas(scene, camera, width, height);
  if (webgl) {
    // A swipe scrolls the page; a mouse drag, or a touch drag after a tap on the ball, turns the object.
    shareGestures(canvas, { zoom: false });
    canvas.style.cursor = "grab";
    canvas.title = "Drag to turn the object (on a touch screen, tap it first)";
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", "Virtual trackball: an object and its axes inside a ball, turned by dragging");
    element.append(canvas, readout);
  } else {
    const note = document.createElement("div");
    note.className = "no-webgl";
    note.textContent = NO_WEBGL;
    element.append(note, readout);
  }

  const deg = (rad: number) => `${scalar.radToDeg(rad).toFixed(1)}°`;
  const show = () => {
    setQuaternion(body, orientation);
    element.dataset.orientation = JSON.stringify(orientation.map((x) => Number(x.toFixed(9))));
    element.dataset.method = method;
    render();
  };
  const say = (text: string) => (readout.textContent = text);
  const idleText = () =>
    `${method === "arcball" ? "Arcball" : "Incremental trackball"}: drag the object. ` +
    `Inside the dashed rim a drag grabs the sphere; outside it, Bell's hyperbola.`;

  // --- dragging ---------------------------------------------------------------------------------
  let shownLoop: readonly trackball.ScreenPoint[] = [];
  let replays = 0;
  let replayToken = 0; // a newer replay (the button pressed again) takes over from an older one
  let dragging: { id: number; path: trackball.ScreenPoint[]; start: Quat; steps: number } | undefined;
  let replaying = false;
  const toScreen = (e: PointerEvent): trackball.ScreenPoint => {
    const box = canvas.getBoundingClientRect();
    return trackball.screenPoint(e.clientX - box.left, e.clientY - box.top, box.width, box.height);
  };
  const drawDrag = (path: readonly trackball.ScreenPoint[]) => {
    const points = onBall(path, r);
    setLine(trail, points);
    place(pressMark, points[0]!);
    place(currentMark, points.at(-1)!);
    pressMark.visible = currentMark.visible = true;
  };
  const onDown = (e: PointerEvent) => {
    if (replaying || dragging || (e.pointerType === "mouse" && e.button !== 0)) return;
    e.preventDefault();
    try {
      canvas.setPointerCapture(e.pointerId); // keep the drag when the pointer leaves the canvas
    } catch {
      // a pointer the browser no longer tracks (synthetic events): the drag still works inside the canvas
    }
    dragging = { id: e.pointerId, path: [toScreen(e)], start: orientation, steps: 0 };
    ghost.visible = false;
    canvas.style.cursor = "grabbing";
    element.dataset.dragging = "true";
    drawDrag(dragging.path);
    show();
  };
  const onMove = (e: PointerEvent) => {
    if (!dragging || e.pointerId !== dragging.id) return;
    const d = dragging;
    const previous = d.path.at(-1)!;
    const current = toScreen(e);
    d.path.push(current);
    if (method === "arcball") {
      orientation = quat.normalize(quat.multiply(trackball.arcball(d.path[0]!, current, ballOpts), d.start));
    } else {
      orientation = quat.normalize(quat.multiply(trackball.trackballStep(previous, current, ballOpts), orientation));
    }
    const phi = vec3.angleBetween(trackball.ballPoint(d.path[0]!, ballOpts), trackball.ballPoint(current, ballOpts));
    const turned = ownAngle(quat.multiply(orientation, quat.conjugate(d.start)));
    say(
      `${method === "arcball" ? "Arcball" : "Incremental trackball"}: the press point and the cursor are ${deg(phi)} apart on the ball; ` +
        `the object has turned ${deg(turned)} since the press` +
        (method === "arcball"
          ? ` (twice ${deg(phi)}).`
          : ` (${d.path.length - 1} steps, each by the angle between its two points).`),
    );
    drawDrag(d.path);
    show();
  };
  const onUp = (e: PointerEvent) => {
    if (!dragging || e.pointerId !== dragging.id) return;
    dragging = undefined;
    canvas.style.cursor = "grab";
    delete element.dataset.dragging;
  };
  if (webgl) {
    canvas.addEventListener("pointerdown", onDown);
    canvas.addEventListener("pointermove", onMove);
    canvas.addEventListener("pointerup", onUp);
    canvas.addEventListener("pointercancel", onUp);
  }

  say(idleText());
  show();
  drawNow(); // the first frame at once, as createScene does (a full-page capture shows it)

  return {
    element,
    webgl,
    ballRadius: r,
    orientation: () => [...orientation] as Quat,
    setOrientation(q) {
      orientation = quat.normalize(q);
      ghost.visible = pressMark.visible = currentMark.visible = false;
      setLine(trail, []);
      show();
    },
    setMethod(m) {
      method = m;
      if (!dragging && !replaying) say(idleText());
      show();
    },
    showLoop(path) {
      shownLoop = path;
      setLine(loop, onBall(path, r));
      render();
    },
    async replay(path = shownLoop, durationMs = 2400) {
      if (path.length === 0) throw new RangeError("replay: no loop to replay (call showLoop first)");
      const start = orientation;
      const runs = {
        arcball: trackball.drag(path, "arcball", { ...ballOpts, start }),
        incremental: trackball.drag(path, "incremental", { ...ballOpts, start }),
      };
      const result: LoopResult = {
        start,
        arcball: runs.arcball.at(-1)!,
        incremental: runs.incremental.at(-1)!,
        predicted: trackball.holonomy(path, ballOpts),
      };
      const how = method;
      const steps = runs[how];
      const token = ++replayToken;
      replaying = true;
      ghost.visible = false;
      // With reduced motion (or nothing to animate) the replay shows its end at once.
      const animate =
        webgl &&
        typeof requestAnimationFrame === "function" &&
        document.visibilityState === "visible" &&
        !prefersReducedMotion();
      try {
        if (animate) {
          await new Promise<void>((resolve, reject) => {
            // The clock starts at the first frame's time: a frame's timestamp is when the browser began
            // it, which on a loaded machine can precede this call (a step −1 once hung the replay, and
            // with it the button's cell, in two runs of ten of the browser test).
            let t0: number | undefined;
            const frame = (now: number) => {
              if (token !== replayToken) return resolve();
              t0 ??= now;
              const k = Math.min(path.length - 1, Math.floor(((now - t0) / durationMs) * (path.length - 1)));
              orientation = steps[k]!;
              drawDrag(path.slice(0, k + 1));
              say(
                `Replaying a closed drag with the ${how === "arcball" ? "arcball" : "incremental trackball"}: step ${k} of ${path.length - 1}.`,
              );
              show();
              if (k < path.length - 1) requestAnimationFrame(guarded);
              else resolve();
            };
            // A throw inside a frame would leave this promise, the replay and the button's cell pending
            // for good: it rejects the replay instead.
            const guarded = (now: number) => {
              try {
                frame(now);
              } catch (error) {
                reject(error);
              }
            };
            requestAnimationFrame(guarded);
          });
        }
        if (token !== replayToken) return result;
        orientation = steps.at(-1)!;
        drawDrag(path);
        setQuaternion(ghost, start);
        ghost.visible = true;
        const off = (q: Quat) => deg(quat.angleBetween(q, start));
        say(
          `Back at the press point. Faint frame: where the object started. Arcball: ${off(result.arcball)} from it; ` +
            `incremental trackball: ${off(result.incremental)}, about the press point's direction on the ball.`,
        );
        show();
      } finally {
        if (token === replayToken) {
          replaying = false;
          element.dataset.replays = String(++replays);
        }
      }
      return result;
    },
    dispose() {
      canvas.removeEventListener("pointerdown", onDown);
      canvas.removeEventListener("pointermove", onMove);
      canvas.removeEventListener("pointerup", onUp);
      canvas.removeEventListener("pointercancel", onUp);
      dispose();
    },
  };
}
