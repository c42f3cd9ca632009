/**
 * Whether the reader asked for less motion (the system setting `prefers-reduced-motion: reduce`).
 * An animation the course plays of its own accord then shows its end state at once, and a loop that
 * would start by itself starts paused; the page's CSS transitions follow the same setting
 * (notebooks/runtime/course.css). False where there is no `matchMedia` (Node).
 *
 * @returns true when animations should jump to their end.
 */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}
