// @vitest-environment happy-dom
/** Chapter 04's table of unit products (notebooks/figures/quaternion-units.ts): Hamilton's rules, and the table that shows them. */

import { describe, expect, it } from "vitest";
import { quat } from "../../lib/index.ts";
import { UNIT_NAMES, UNIT_QUATS, unitName, unitProductTable } from "../../notebooks/figures/quaternion-units.ts";

const product = (a: (typeof UNIT_NAMES)[number], b: (typeof UNIT_NAMES)[number]) =>
  unitName(quat.multiply(UNIT_QUATS[a], UNIT_QUATS[b]));

describe("unitName", () => {
  it("follows Hamilton: i² = j² = k² = −1, ij = k, ji = −k", () => {
    expect(product("i", "i")).toBe("−1");
    expect(product("k", "k")).toBe("−1");
    expect(product("i", "j")).toBe("k");
    expect(product("j", "i")).toBe("−k");
    expect(product("1", "j")).toBe("j");
  });
});

describe("unitProductTable", () => {
  it("is the 5 × 5 table with a header row and column, the chosen product in bold", () => {
    const table = unitProductTable("i", "j");
    expect(table.rows).toHaveLength(5);
    expect(Array.from(table.rows[0]!.cells, (c) => c.textContent)).toEqual(["×", "1", "i", "j", "k"]);
    const ij = table.rows[2]!.cells[3]!;
    expect(ij.textContent).toBe("k");
    expect(ij.style.fontWeight).toBe("700");
    expect(table.rows[3]!.cells[2]!.textContent).toBe("−k");
  });
});
