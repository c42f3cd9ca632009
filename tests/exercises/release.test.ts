/**
 * The student edition: `npm run release` writes a course with no solutions and no hidden checks, whose
 * checker compares against exported expected outputs — and which passes its own `npm test`.
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Course } from "../../tools/course/course.ts";
import { exercises } from "../../tools/course/manifest.ts";
import { fromRoot } from "../../tools/notebook-kit/kit.ts";
import { INSTRUCTOR_ONLY, release } from "../../tools/release.ts";

let dir: string;

beforeAll(async () => {
  dir = join(mkdtempSync(join(tmpdir(), "release-test-")), "course");
  await release(dir);
  symlinkSync(fromRoot("node_modules"), join(dir, "node_modules"), "dir"); // what `npm install` would bring
}, 120_000);

afterAll(() => rmSync(join(dir, ".."), { recursive: true, force: true }));

const run = (cmd: string, args: string[]) =>
  spawnSync(cmd, args, {
    cwd: dir,
    encoding: "utf8",
    timeout: 1_200_000,
    env: { ...process.env, NO_COLOR: "1", CI: "1" },
  });

describe("npm run release", () => {
  it("leaves out the solutions, the hidden checks and the instructor's tools", () => {
    for (const path of INSTRUCTOR_ONLY) expect(existsSync(join(dir, path)), path).toBe(false);
    const course = JSON.parse(readFileSync(join(dir, "tools/course/course.json"), "utf8")) as Course;
    expect(course.edition).toBe("student");
    const checks = course.chapters.flatMap((c) => c.exercises.flatMap((e) => e.checks));
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.filter((c) => c.visibility !== "visible")).toEqual([]);
    const visible = exercises.reduce((n, e) => n + e.checks.filter((c) => c.visibility === "visible").length, 0);
    expect(checks.length).toBe(visible);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(Object.keys(pkg.scripts)).not.toContain("grade");
    expect(readdirSync(join(dir, "exercises")).length).toBeGreaterThan(0);
  });

  it("checks stubs against the exported outputs: every exercise 'not started'", () => {
    const r = run(process.execPath, ["--import", "./tools/register-ts.mjs", "tools/check.ts"]);
    expect(r.status, r.stderr).toBe(0);
    for (const e of exercises) expect(r.stdout).toMatch(new RegExp(`${e.id}\\s+not started`));
    expect(r.stdout).not.toMatch(/passed|failing/);
  }, 120_000);

  it("passes its own npm test", () => {
    const r = run("npm", ["test"]);
    expect(r.status, `${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`).toBe(0);
    expect(r.stdout).toMatch(/Tests\s+\d+ passed/);
  }, 1_200_000);
});
