/**
 * Chapters 11–15 state numbers and conventions in prose; each is computed here with `lib/` and the notebook's
 * text is checked to say what the numbers say (issue 19). Kept apart from `prose.test.ts` (chapters 01–06).
 */

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { constraints } from "../../lib/index.ts";

const notebooksDir = join(import.meta.dirname, "../../notebooks");
const source = (prefix: string): string =>
  readFileSync(
    join(
      notebooksDir,
      readdirSync(notebooksDir).find((f) => f.startsWith(`${prefix}-`))!,
    ),
    "utf8",
  );
const exercise = (tree: string, chapter: string, name: string): string => {
  const dir = join(import.meta.dirname, "../..", tree);
  const folder = readdirSync(dir).find((f) => f.startsWith(`${chapter}-`))!;
  return readFileSync(
    join(
      dir,
      folder,
      readdirSync(join(dir, folder)).find((f) => f.startsWith(name))!,
    ),
    "utf8",
  );
};

describe("chapter 11, one fallback direction for a point at a centre", () => {
  it("is +x in constrainDistance and collideSphere alike", () => {
    expect(constraints.collideSphere([1, 2, 3], [1, 2, 3], 2)).toEqual([3, 2, 3]);
    expect(constraints.constrainDistance([1, 2, 3], [1, 2, 3], 2)).toEqual([3, 2, 3]);
  });
  it("is +x in the chapter and in exercises 11.1 and 11.5, and +y nowhere", () => {
    expect(source("11")).toContain("The course chooses one, **+x**");
    for (const tree of ["exercises", "solutions"]) {
      expect(exercise(tree, "11", "05")).toContain("pushed along +x");
      expect(exercise(tree, "11", "05")).not.toMatch(/\+y/);
      expect(exercise(tree, "11", "01")).toMatch(/\+x/);
    }
  });
});
