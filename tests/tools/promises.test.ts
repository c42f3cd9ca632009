/**
 * The promise audit (tools/author/promises.ts): every check of a definition names the promise it guards,
 * an unguarded promise is reported, and cases come from caseRng, never from random.seeded directly.
 */

import { describe, expect, it } from "vitest";
import { promiseAudit } from "../../tools/author/promises.ts";

const definition = (checks: string, header = "") => `${header}
export default defineExercise<typeof solution>({
  title: "Slerp",
  checks: [
${checks}
  ],
});`;

describe("promiseAudit", () => {
  it("accepts a definition whose every check names its promise", () => {
    const source = definition(`    // Guards: unit length across the small-angle band (1e-2 … 1e-8 rad)
    { name: "tiny angles", points: 2, cases: () => [] },
    // Guards: the short arc when a · b < 0
    { name: "antipodal keys", points: 2, cases: () => [] },`);
    expect(promiseAudit(source, ["tiny angles", "antipodal keys"], "05.3 slerp")).toEqual({
      problems: [],
      unguarded: [],
      guards: new Map([
        ["tiny angles", "unit length across the small-angle band (1e-2 … 1e-8 rad)"],
        ["antipodal keys", "the short arc when a · b < 0"],
      ]),
    });
  });

  it("names a check with no Guards comment, even when the check before it has one", () => {
    const source = definition(`    // Guards: unit length across the small-angle band
    { name: "tiny angles", points: 2, cases: () => [] },
    { name: "antipodal keys", points: 2, cases: () => [] },`);
    expect(promiseAudit(source, ["tiny angles", "antipodal keys"], "05.3 slerp").problems).toEqual([
      '05.3 slerp: "antipodal keys" has no "// Guards: <the promise it holds at its edge>" comment',
    ]);
  });

  it("lists a promise left unguarded, with its reason, apart from the problems", () => {
    const source = definition(`    // Unguarded: the 1e-16 accuracy near π, because no case sits within 1e-3 of π
    { name: "angles", points: 2, cases: () => [] },`);
    expect(promiseAudit(source, ["angles"], "07.1 angle")).toEqual({
      problems: [],
      unguarded: [
        '07.1 angle: "angles" leaves a promise unguarded: the 1e-16 accuracy near π, because no case sits within 1e-3 of π',
      ],
      guards: new Map(),
    });
  });

  it("refuses cases drawn from random.seeded (k/2³², blind to the grader's salt)", () => {
    const source = definition(
      `    // Guards: a rigid motion of any size
    { name: "moved", points: 2, cases: () => [rigidMotion(random.seeded(1252))] },`,
    );
    expect(promiseAudit(source, ["moved"], "12.5 capsules").problems).toEqual([
      "12.5 capsules: draws cases from random.seeded (k/2³², exact under sums and averages, and blind to the grader's salt); draw them from caseRng",
    ]);
  });

  it("skips a check whose name is built at run time", () => {
    const source = definition(
      "    ...ORDERS.map((order) => ({ name: `order ${order}`, points: 1, cases: () => [] })),",
    );
    expect(promiseAudit(source, ["order XYZ"], "02.1 euler")).toEqual({
      problems: [],
      unguarded: [],
      guards: new Map(),
    });
  });
});
