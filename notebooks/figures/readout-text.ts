/**
 * The numbers of a figure's readout line (`fig.readout(…)`, figures/caption.ts), written the same way in
 * every chapter so that a screen reader says them the same way: a vector as "(0.61, 0.50, 0.61)".
 */

import type { Vec3 } from "../../lib/index.ts";

/**
 * A vector as "(x, y, z)" with `digits` decimals. A component that rounds to zero is written "0.00", not
 * "-0.00": a screen reader would say "minus zero", which is noise, not a number the figure shows.
 */
export function formatVector(v: Readonly<Vec3>, digits = 2): string {
  const tiny = 0.5 * 10 ** -digits;
  return `(${v.map((x) => (Math.abs(x) < tiny ? 0 : x).toFixed(digits)).join(", ")})`;
}
