/**
 * Exercise 05.1 — Wrap an angle; turn the short way round (chapter 05, section 4).
 *
 * An angle and the same angle plus any multiple of 2π point the same way. `wrapAngle` picks the
 * representative in (−π, π] — note which end is open: +π is kept, −π becomes +π. `lerpAngle` then turns
 * from one heading to another the short way: from −170° to 170° it turns 20° through 180°, not 340°
 * through 0°. Radians throughout; do not use the library's `scalar.wrapAngle` or `interpolate.lerpAngle`.
 */

/**
 * The angle equivalent to `angleRad` in (−π, π].
 * @param angleRad - Any finite angle, radians. (Checked up to ±1e4 rad, to 1e-9: far beyond that the
 *   double nearest 2π is itself off by 2.4e-16 a turn, and formulas that are right differ by more.)
 * @returns The same direction as an angle in (−π, π]; +π for both +π and −π.
 * @example wrapAngle(Math.PI * 1.5) // ≈ −π/2
 */
export function wrapAngle(angleRad: number): number {
  // `%` keeps the sign of the dividend and is exact, so r lies in (−2π, 2π); one correction finishes.
  // (The blog's `θ − 2π·floor((θ + π)/2π)` lands in [−π, π): it would turn +π into −π.)
  const r = angleRad % (2 * Math.PI);
  if (r > Math.PI) return r - 2 * Math.PI;
  if (r <= -Math.PI) return r + 2 * Math.PI;
  return r;
}

/**
 * Interpolates from heading `fromRad` (t = 0) to heading `toRad` (t = 1), turning the short way.
 * @param fromRad - Start angle, radians (any value).
 * @param toRad - End angle, radians (any value).
 * @param t - Parameter in [0, 1].
 * @returns The heading at `t`, wrapped to (−π, π]. For exactly opposite headings both ways are equally
 *   short and either is right (rounding decides which way a computed difference of ±π points).
 * @example lerpAngle(-170 * Math.PI / 180, 170 * Math.PI / 180, 0.25) // ≈ −175° in radians
 */
export function lerpAngle(fromRad: number, toRad: number, t: number): number {
  // Wrap the *difference*, not the ends: it is the turn, and the short turn is at most π either way.
  return wrapAngle(fromRad + t * wrapAngle(toRad - fromRad));
}
