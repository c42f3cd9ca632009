/**
 * How a 3D view shares gestures with the page, so that no figure is a scroll trap:
 * - the mouse wheel scrolls the page; ctrl/⌘ + wheel (and a trackpad pinch, which browsers send as
 *   ctrl + wheel) reaches the figure, to zoom;
 * - on a touch screen, a one-finger vertical swipe scrolls the page (`touch-action: pan-y`), and a
 *   two-finger pinch or a sideways drag reaches the figure; a tap on the figure activates it, so that
 *   every one-finger drag turns it, until a tap elsewhere on the page;
 * - a mouse drag turns it, as before.
 *
 * `shareGestures(canvas)` must be called before the figure's own wheel listeners are added (orbit
 * controls): it stops plain wheel events before they reach them.
 */

/** The line under a 3D view that says how to use it. */
export const ORBIT_HINT =
  "Drag to turn · ctrl/⌘ + wheel or pinch to zoom · on a touch screen, tap to turn with one finger · keyboard: Tab to the view, arrow keys turn, + and − zoom";

/** What {@link orbitKeys} moves: a camera looking at `target` (three.js's OrbitControls fits). */
export interface Orbit {
  object: { position: { x: number; y: number; z: number; set(x: number, y: number, z: number): unknown } };
  target: { x: number; y: number; z: number };
  update(): unknown;
}

/**
 * A keyboard path for an orbit view: the canvas takes focus (Tab), ←/→ turn the camera about the vertical
 * through the target by 5°, ↑/↓ tilt it by 5° (never over the pole), + and − move it 10 % closer or
 * farther. `changed` is called after each step (to redraw).
 */
export function orbitKeys(canvas: HTMLElement, orbit: Orbit, changed: () => void): void {
  canvas.tabIndex = 0;
  canvas.addEventListener("keydown", (e) => {
    const step = (5 * Math.PI) / 180;
    const { position: p } = orbit.object;
    const t = orbit.target;
    const r = Math.hypot(p.x - t.x, p.y - t.y, p.z - t.z);
    let azimuth = Math.atan2(p.x - t.x, p.z - t.z);
    let polar = Math.acos(Math.min(1, Math.max(-1, (p.y - t.y) / r)));
    let radius = r;
    if (e.key === "ArrowLeft") azimuth -= step;
    else if (e.key === "ArrowRight") azimuth += step;
    else if (e.key === "ArrowUp") polar = Math.max(0.05, polar - step);
    else if (e.key === "ArrowDown") polar = Math.min(Math.PI - 0.05, polar + step);
    else if (e.key === "+" || e.key === "=") radius *= 0.9;
    else if (e.key === "-" || e.key === "_") radius /= 0.9;
    else return;
    e.preventDefault();
    p.set(
      t.x + radius * Math.sin(polar) * Math.sin(azimuth),
      t.y + radius * Math.cos(polar),
      t.z + radius * Math.sin(polar) * Math.cos(azimuth),
    );
    orbit.update();
    changed();
  });
}

/** Applies the gesture policy of the module header to `canvas`. */
export function shareGestures(canvas: HTMLCanvasElement, { zoom = true }: { zoom?: boolean } = {}): void {
  canvas.addEventListener(
    "wheel",
    (e) => {
      if (!zoom || !(e.ctrlKey || e.metaKey)) e.stopImmediatePropagation(); // the page scrolls
    },
    { capture: true },
  );
  canvas.style.touchAction = "pan-y";
  let start: { x: number; y: number } | undefined;
  canvas.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "touch") start = { x: e.clientX, y: e.clientY };
  });
  canvas.addEventListener("pointerup", (e) => {
    if (e.pointerType !== "touch" || !start) return;
    const moved = Math.hypot(e.clientX - start.x, e.clientY - start.y);
    start = undefined;
    if (moved > 8 || canvas.dataset.active === "true") return;
    canvas.dataset.active = "true";
    canvas.style.touchAction = "none";
    canvas.style.outline = "2px solid #2c4fa8";
    const release = (event: PointerEvent) => {
      if (event.target === canvas) return;
      canvas.dataset.active = "false";
      canvas.style.touchAction = "pan-y";
      canvas.style.outline = "";
      document.removeEventListener("pointerdown", release, true);
    };
    document.addEventListener("pointerdown", release, true);
  });
}
