/**
 * Course validation (as rustlings' `dev check`): the three trees mirror each other; every solution
 * passes every check and imports only what its exercise allows; every stub fails every check as "not
 * started"; no check has a zero tolerance. `npm run validate` runs the same outside Vitest.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFINITIONS, exerciseFiles } from "../../tools/author/course.ts";
import { treeProblems } from "../../tools/author/trees.ts";
import { exerciseProblems } from "../../tools/author/validation.ts";

describe("the course's three trees", () => {
  it("exercises/, solutions/ and tests/exercises/ mirror each other: no orphan, no missing file", () => {
    expect(treeProblems()).toEqual([]);
  });
  it("reports a definition without its stub and solution, and a stray file", () => {
    const base = mkdtempSync(join(tmpdir(), "trees-"));
    const dir = join(base, DEFINITIONS, "99-scratch-chapter");
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(`${dir}/01-orphan.ts`, "export default {};\n");
      writeFileSync(`${dir}/helpers.ts`, "export {};\n");
      const problems = treeProblems(undefined, base);
      expect(problems).toContain(
        "99-scratch-chapter/01-orphan.ts: exercises/99-scratch-chapter/01-orphan.ts (the stub) and solutions/99-scratch-chapter/01-orphan.ts (the solution) is missing",
      );
      expect(problems).toContain("tests/exercises/99-scratch-chapter/helpers.ts is not named <nn-name>.ts");
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});

describe.each(exerciseFiles(DEFINITIONS))("%s", (file) => {
  it("the solution passes every check within its allowance; the stub fails every one as not started", async () => {
    expect(await exerciseProblems(file)).toEqual([]);
  });
});
