/**
 * The student's checker goes through Vitest: `npm run check` (all, or named exercises in any of their
 * names), `npx vitest list` of the checks project, and the output a student acts on — status, points per
 * check and exercise, the total, and for a failure the input, expected, got and the error in degrees.
 */

import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { allExercises, loadCourse } from "../../tools/author/course.ts";
import { fromRoot } from "../../tools/author/root.ts";

const course = await loadCourse();
const scratch = mkdtempSync(join(tmpdir(), "checker-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `npm run check -- …args` as a student would, on the tree `tree` (default: the course's stubs). */
function check(args: string[], tree?: string) {
  const r = spawnSync(
    process.execPath,
    ["--import", "./tools/author/register-ts.mjs", "tools/student/check.ts", ...args],
    {
      cwd: fromRoot("."),
      encoding: "utf8",
      timeout: 300_000,
      env: { ...process.env, NO_COLOR: "1", CI: "1", ...(tree ? { COURSE_CHECKS_TREE: tree } : {}) },
    },
  );
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe("npm run check", () => {
  it(
    "shows every exercise of the untouched course as not started, with points and the total",
    { timeout: 300_000 },
    () => {
      const r = check([]);
      expect(r.status, r.out).toBe(0);
      for (const e of allExercises(course))
        expect(r.out).toMatch(
          new RegExp(`${e.number.replace(".", "\\.")} ${e.name}\\s.*not started\\s+0 of \\d+ points`),
        );
      expect(r.out).toMatch(/total\s+0 of \d+ points · 0 passed, 0 failing, \d+ not started/);
    },
  );

  it("names an exercise by number, name or path, several at once, and checks it once", { timeout: 120_000 }, () => {
    const r = check(["05.3", "slerp", "05-interpolating-rotations/03-slerp"], fromRoot("solutions"));
    expect(r.status, r.out).toBe(0);
    expect(r.out.match(/05\.3 slerp — /g)).toHaveLength(1);
    expect(r.out).toMatch(/05\.3 slerp — Slerp.*: passed, (\d+) of \1 points/);
    expect(r.out).toMatch(/✓ endpoints {2}\d+\/\d+/);
  });

  it("lists the near matches of an unknown exercise", { timeout: 60_000 }, () => {
    const r = check(["slerpp"]);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/no exercise "slerpp"\. Did you mean:\n {2}05\.3 {2}slerp/);
  });

  it("explains a wrong answer with input, expected, got and the error in degrees", { timeout: 120_000 }, () => {
    const tree = join(scratch, "wrong");
    cpSync(fromRoot("exercises"), tree, { recursive: true });
    // Forgets to undo the alignment: right for axes already on +Z only.
    writeFileSync(
      join(tree, "01-canonical-rotations/02-rotate-about-axis.ts"),
      `import { mat3 } from "../../lib/index.ts";
export function alignmentAngles(axis: number[]): [number, number] { return [Math.atan2(-axis[0]!, axis[2]!), 0]; }
export function rotateAboutAxis(axis: number[], angle: number) { return mat3.rotationZ(angle); }\n`,
    );
    const r = check(["01.2"], tree);
    expect(r.out).toMatch(/01\.2 rotate-about-axis — .*: failing/);
    expect(r.out).toMatch(/✗ random axes and angles/);
    expect(r.out).toMatch(
      /input {5}rotateAboutAxis\(\[.*\)\n {6}as code {3}rotateAboutAxis\(\[.*\)\n {6}expected {2}\[.*\]\n {6}got {7}\[.*\]\n {6}off by [\d.]+° \(tolerance [\d.e-]+°\)/,
    );
    // The input is rounded for reading; the "as code" line carries every digit, so pasting it reruns the case.
    const [, readable, exact] = /input {5}(rotateAboutAxis\(.*\))\n {6}as code {3}(rotateAboutAxis\(.*\))/.exec(r.out)!;
    expect(readable).not.toBe(exact);
    expect(exact).toMatch(/^rotateAboutAxis\(\[-?\d\.\d{12,}/);
  });
});

describe("npm run watch", () => {
  it("checks at once, then again when the exercise's file is saved", { timeout: 120_000 }, async () => {
    const tree = join(scratch, "watched");
    cpSync(fromRoot("exercises"), tree, { recursive: true });
    const child = spawn(
      process.execPath,
      ["--import", "./tools/author/register-ts.mjs", "tools/student/watch.ts", "slerp"],
      {
        cwd: fromRoot("."),
        env: { ...process.env, NO_COLOR: "1", COURSE_CHECKS_TREE: tree },
      },
    );
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    const until = async (pattern: RegExp) => {
      for (let waited = 0; !pattern.test(out); waited += 100) {
        if (waited > 60_000) throw new Error(`no ${pattern} in:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    try {
      await until(/Watching 1 exercise file/);
      expect(out).toMatch(/05\.3 slerp — .*: not started, 0 of \d+ points/);
      cpSync(
        fromRoot("solutions/05-interpolating-rotations/03-slerp.ts"),
        join(tree, "05-interpolating-rotations/03-slerp.ts"),
      );
      await until(/05\.3 slerp — .*: passed, (\d+) of \1 points/);
    } finally {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGINT"); // as a student's Ctrl-C
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
  });
});

describe("npx vitest list --project checks", () => {
  it("lists every check of every exercise as a test", { timeout: 120_000 }, () => {
    const r = spawnSync(process.execPath, [fromRoot("node_modules/vitest/vitest.mjs"), "list", "--project", "checks"], {
      cwd: fromRoot("."),
      encoding: "utf8",
      timeout: 120_000,
    });
    const listed = r.stdout.split("\n").filter((l) => l.startsWith("[checks]"));
    const checks = allExercises(course).flatMap((e) =>
      e.checks.map((c) => `${e.number} ${e.name}: ${e.title} > ${c.name}`),
    );
    expect(listed).toHaveLength(checks.length);
    for (const c of checks)
      expect(
        listed.some((l) => l.endsWith(c)),
        c,
      ).toBe(true);
  });
});
