/**
 * Hamilton's multiplication table of 1, i, j, k (chapter 04, section 1): i² = j² = k² = ijk = −1, so
 * ij = k but ji = −k — swapping two factors flips the sign, and quaternions do not commute.
 */

import { type Quat, quat } from "../../lib/index.ts";
import { palette } from "./palette.ts";

/** The four units, in the table's order. */
export const UNIT_NAMES = ["1", "i", "j", "k"] as const;
export type UnitName = (typeof UNIT_NAMES)[number];

/** The units as the library's quaternions, [x, y, z, w] with the scalar last. */
export const UNIT_QUATS: Readonly<Record<UnitName, Quat>> = {
  "1": [0, 0, 0, 1],
  i: [1, 0, 0, 0],
  j: [0, 1, 0, 0],
  k: [0, 0, 1, 0],
};

/** Names a product of two units, which is always ±1, ±i, ±j or ±k: "−k" for [0, 0, −1, 0]. */
export function unitName(q: Readonly<Quat>): string {
  const idx = [3, 0, 1, 2].find((c) => q[c] !== 0)!;
  return (q[idx]! < 0 ? "−" : "") + ["i", "j", "k", "1"][idx]!;
}

/**
 * The 4 × 4 table of products a·b (row a, column b), with the cell `left·right` in yellow and the swapped
 * product `right·left` in blue, so the reader sees the sign flip.
 */
export function unitProductTable(left: UnitName, right: UnitName): HTMLTableElement {
  const table = document.createElement("table");
  table.style.cssText = "border-collapse: collapse; font: 16px/1.6 var(--serif, serif); margin: .5em 0;";
  const header = (row: HTMLTableRowElement, label: string, border: string) => {
    const th = document.createElement("th");
    th.textContent = label;
    th.style.cssText = `padding: 4px 14px; ${border}: 2px solid #888;`;
    row.append(th);
  };
  const head = table.insertRow();
  for (const label of ["×", ...UNIT_NAMES]) header(head, label, "border-bottom");
  for (const a of UNIT_NAMES) {
    const row = table.insertRow();
    header(row, a, "border-right");
    for (const b of UNIT_NAMES) {
      const td = row.insertCell();
      td.textContent = unitName(quat.multiply(UNIT_QUATS[a], UNIT_QUATS[b]));
      const mine = a === left && b === right;
      const swapped = a === right && b === left;
      td.style.cssText = `padding: 4px 14px; text-align: center; ${mine ? `background: ${palette.light.amber}; font-weight: 700;` : swapped ? `background: ${palette.light.blue};` : ""}`;
    }
  }
  return table;
}
