/**
 * `npm run validate` catches a wrong reference solution. The expected values come from the reference,
 * so a wrong one passes its own checks; the fixtures — correct alternatives written independently of
 * it — then disagree, and validation fails naming them. Here, in a copy of the course whose slerp
 * returns the key `b` for t > 0.3.
 */

import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { fromRoot } from "../../tools/author/root.ts";
import { GRADER_COURSE } from "../../tools/instructor/export-gradescope.ts";

/** What validation reads: the three trees (fixtures included), the library and the tools. */
/** What validation reads: what the Gradescope grader ships, and the package file. */
const COURSE = ["package.json", ...GRADER_COURSE];

const copy = mkdtempSync(join(tmpdir(), "validate-test-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** Runs `npm run validate -- <args>` in the copy (Node directly: npm's own start-up is not under test). */
function validate(...args: string[]) {
  return spawnSync(
    process.execPath,
    ["--import", "./tools/author/register-ts.mjs", "tools/instructor/validate.ts", ...args],
    { cwd: copy, encoding: "utf8", timeout: 170_000 },
  );
}

it(
  "fails on a slerp that returns its key b for t > 0.3, naming the fixtures that disagree",
  { timeout: 180_000 },
  () => {
    for (const path of COURSE)
      cpSync(fromRoot(path), join(copy, path), { recursive: true, filter: (p) => !p.includes("/.cache") });
    symlinkSync(fromRoot("node_modules"), join(copy, "node_modules"), "dir");
    const slerp = join(copy, "solutions/05-interpolating-rotations/03-slerp.ts");
    const right = readFileSync(slerp, "utf8");
    const signature = "export function slerp(a: Quat, b: Quat, t: number): Quat {\n";
    expect(right).toContain(signature);
    writeFileSync(slerp, right.replace(signature, `${signature}  if (t > 0.3) return [b[0], b[1], b[2], b[3]];\n`));

    const run = validate("05.3");
    expect(run.status, run.stderr).toBe(1);
    // The broken reference still passes its own checks (they take their expected values from it) …
    expect(run.stdout).not.toMatch(/the solution fails/);
    // … but a correct alternative written without it now loses points, and validation says which.
    expect(run.stdout).toMatch(
      /fixture tests\/exercises\/fixtures\/05-interpolating-rotations\/03-slerp\/correct-[\w-]+\.ts is a correct answer but earns \d+ of \d+/,
    );
  },
);
