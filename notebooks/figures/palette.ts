/**
 * The course's colours, by name: every figure, chart and panel takes its colours from here, not from
 * hex literals. Each colour meant for lines, marks and text has a contrast of at least 4.5:1 on white
 * and on the 3D views' background (#f7f7f5), so it is readable as text (WCAG 1.4.3) and visible as a
 * line (1.4.11); the contrast test in tests/figures/palette.test.ts holds them to it. `amber` and the
 * `light` tints are for fills and secondary lines only, never for text.
 *
 * The axes are red, green, blue (X, Y, Z), everywhere.
 */

export const palette = {
  /** X axis; errors, failing checks, "the blog's version". */
  red: "#d7263d",
  /** Y axis; passing checks, the good method. */
  green: "#0a7d71",
  /** Z axis; the course's own method, the reference. */
  blue: "#1d6fb8",
  /** Rotation axes, turn arrows, highlights. */
  purple: "#6c3483",
  /** A fourth series. */
  violet: "#8e44ad",
  /** A fifth series, as a line or text. */
  orange: "#b35900",
  /** Dark structure: obstacles, joints, point clouds. */
  slate: "#34495e",
  /** Secondary text and neutral series ("not started", construction lines). */
  grey: "#6b6b6b",
  /** Body text. */
  ink: "#1b1e23",
  /** Fills and wide lines only (2.1:1 on white): not for text or thin lines. */
  amber: "#f4a259",
  /** Light tints for backgrounds of highlighted table cells and areas (never text). */
  light: { amber: "#ffe7a3", blue: "#d6eaf8", purple: "#e8daef", grey: "#d9d9d4" },
} as const;

export type PaletteName = Exclude<keyof typeof palette, "light">;

/** The same colours as numbers, for three.js materials: `paletteHex.red === 0xd7263d`. */
export const paletteHex = Object.fromEntries(
  Object.entries(palette).flatMap(([name, css]) =>
    typeof css === "string" ? [[name, Number.parseInt(css.slice(1), 16)]] : [],
  ),
) as Record<PaletteName, number>;

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
