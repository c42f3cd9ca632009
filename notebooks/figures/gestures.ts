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
  "Drag to turn · ctrl/⌘ + wheel or pinch to zoom · on a touch screen, tap to turn with one finger";

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
