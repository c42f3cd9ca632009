/**
 * The TypeScript cells of every chapter type-check against lib/ (the kit only transpiles them), and a
 * fixture with a deliberate type error — `axisAngle.toMat3([0, 0], θ)` — proves the check reports it.
 */

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { courseNotebooks, formatCellErrors, typecheckCells } from "../../tools/author/notebook-kit/typecheck-cells.ts";

describe("notebook cells type-check", () => {
  it(
    "every chapter's cells are free of type errors, and the fixture's error is caught",
    { timeout: 300_000 }, // one TypeScript program over every cell: past 120 s beside other files under load
    async () => {
      const fixture = join(import.meta.dirname, "fixtures/type-error.html");
      const notebooks = await courseNotebooks();
      const errors = await typecheckCells([...notebooks, fixture]);
      const inCourse = errors.filter((e) => e.notebook !== "type-error.html");
      expect(inCourse, formatCellErrors(inCourse)).toEqual([]);
      const inFixture = errors.filter((e) => e.notebook === "type-error.html");
      expect(inFixture).toHaveLength(1);
      expect(inFixture[0]).toMatchObject({
        cell: 2,
        line: 2,
        message: expect.stringMatching(/^TS2345: .*\[number, number\]/),
      });
    },
  );
});
