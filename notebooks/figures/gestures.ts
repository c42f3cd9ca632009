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

/** The line under a figure with draggable handles that says how to move them without a mouse. */
export const HANDLE_HINT =
  "Drag a ball to move it · keyboard: Tab to the view, keys 1–9 pick a ball, arrow keys move it (with shift, toward or away from you), 0 or Esc goes back to turning the view";

/** What {@link handleKeys} needs of the camera: where it is looking (three.js's cameras fit). */
export interface HandleCamera {
  matrixWorld: { elements: ArrayLike<number> };
}

export interface HandleKeysOptions {
  /** The handles' names, in the order the keys 1, 2, … pick them ("target A", "focus F₁"). */
  names: readonly string[];
  camera: HandleCamera;
  /** How far one arrow key moves a handle, in scene units. */
  step: number;
  /** Moves handle `index` by `delta` (scene units, world axes); the figure redraws and reports. */
  move(index: number, delta: [number, number, number]): void;
  /** Says which handle is selected ("" for none): a line of the figure's caption. */
  announce(text: string): void;
}

/**
 * A keyboard path for a figure whose handles are dragged with the pointer. On the focused `target` (the
 * canvas, which takes focus), a digit 1…n selects a handle; ←/→ and ↑/↓ then move it across the screen
 * (along the camera's right and up), shift + ↑/↓ toward or away from the viewer, by `step`; 0 or Escape
 * deselects it, and the arrow keys turn the view again (see {@link orbitKeys}, which this listener
 * runs before, in the capture phase, on the target's parent). Returns a function that removes the listener.
 */
export function handleKeys(target: HTMLElement, options: HandleKeysOptions): () => void {
  const { names, camera, step, move, announce } = options;
  let selected = -1;
  target.tabIndex = 0;
  const select = (index: number) => {
    selected = index;
    target.dataset.selectedHandle = String(index);
    announce(
      index < 0 ? "" : `selected: ${names[index]} (key ${index + 1}) · arrow keys move it · 0 or Esc lets go of it`,
    );
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.target !== target || e.altKey || e.ctrlKey || e.metaKey) return;
    const digit = Number.parseInt(e.key, 10);
    if (e.key === "Escape" || digit === 0) {
      if (selected < 0) return;
      select(-1);
    } else if (digit >= 1 && digit <= names.length) select(digit - 1);
    else if (selected >= 0 && e.key.startsWith("Arrow")) {
      // The camera's right, up and backward axes are the first three columns of its world matrix.
      const m = camera.matrixWorld.elements;
      const axis = (c: number, sign: number): [number, number, number] => [
        sign * step * m[4 * c]!,
        sign * step * m[4 * c + 1]!,
        sign * step * m[4 * c + 2]!,
      ];
      const delta =
        e.key === "ArrowLeft"
          ? axis(0, -1)
          : e.key === "ArrowRight"
            ? axis(0, 1)
            : e.shiftKey
              ? axis(2, e.key === "ArrowUp" ? -1 : 1)
              : axis(1, e.key === "ArrowUp" ? 1 : -1);
      move(selected, delta);
    } else return;
    e.preventDefault();
    e.stopImmediatePropagation();
  };
  const parent = target.parentElement ?? target;
  parent.addEventListener("keydown", onKey, { capture: true });
  return () => parent.removeEventListener("keydown", onKey, { capture: true });
}
