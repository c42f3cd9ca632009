/**
 * The grader on a class as LMS downloads really look (tools/instructor/submissions.ts): a generated
 * messy class — a tidy `exercises/` tree, a GitHub "Download ZIP" wrapper (with the course's own lib/
 * and tests/exercises/ beside it), a nested wrapper, a zip in the folder, several zips, a per-student zip
 * beside the folders, loose files, chapter folders at the top, misnamed files of each kind, Canvas's flat
 * download, Moodle's folders and loose files, junk, symbolic links, and a zip bomb, a zip of too many
 * files and a zip with `../` entries — graded with the real grader (real sandbox processes). Each
 * student gets exactly the total of a tidy twin holding the files they meant in `exercises/`; a file
 * that cannot be matched is named in their feedback with "did you mean"; the output folder inside the
 * submissions folder is never a student; a changed submission is regraded on a plain rerun.
 * (Instructor-only, like the grader: listed in tools/instructor/release.ts INSTRUCTOR_ONLY.)
 */

import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromRoot } from "../../tools/author/root.ts";
import { type GradescopeResults, gradeClass } from "../../tools/instructor/grade.ts";
import { discoverSubmission, isLayoutNotice } from "../../tools/instructor/submissions.ts";
import { GRADEBOOK_FILES } from "../../tools/instructor/gradebook.ts";

// The exercises graded: few, so that the class grades in seconds; two share the name `normal`.
const WRAP = "05-interpolating-rotations/01-wrap-angle.ts";
const NLERP = "05-interpolating-rotations/02-nlerp.ts";
const SLERP = "05-interpolating-rotations/03-slerp.ts";
const MULTIPLY = "04-quaternions/02-multiply.ts";
const NORMAL13 = "13-ellipsoidal-mirrors/04-normal.ts";
const NORMAL14 = "14-ray-marching/04-normal.ts";
const GRADED = [WRAP, NLERP, SLERP, MULTIPLY, NORMAL13, NORMAL14];
const solution = (file: string) => readFileSync(fromRoot(`solutions/${file}`), "utf8");
const stub = (file: string) => readFileSync(fromRoot(`exercises/${file}`), "utf8");

/** A student of the generated class: how their files are laid out, and the files they meant. */
interface Case {
  layout: string;
  /** Exercise file → source: what their tidy twin holds in `exercises/`. */
  meant: string[];
  /** Writes the submission into the submissions folder `subs`. */
  write(subs: string): void;
}

const put = (path: string, text: string | Uint8Array) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};
const zip = (files: Record<string, string | Uint8Array>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === "string" ? strToU8(v) : v])));
const tree = (files: string[], prefix = "exercises/") =>
  Object.fromEntries(files.map((f) => [prefix + f, solution(f)]));
const base = (f: string) => f.split("/")[1]!;

/**
 * A zip whose one entry declares `declared` bytes but inflates to `real`: its sizes patched in the
 * local header and the central directory after zipping (a zip bomb that lies).
 */
function lyingZip(name: string, real: number, declared: number): Uint8Array {
  const bytes = zip({ [name]: new Uint8Array(real) });
  const view = new DataView(bytes.buffer);
  for (let i = 0; i + 4 <= bytes.length; i++) {
    if (view.getUint32(i, true) === 0x04034b50) view.setUint32(i + 22, declared, true);
    if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, declared, true);
  }
  return bytes;
}

const CLASS: Record<string, Case> = {
  tidy: {
    layout: "exercises/ tree",
    meant: [WRAP, NLERP, SLERP],
    write: (s) => {
      for (const f of [WRAP, NLERP, SLERP]) put(join(s, "tidy/exercises", f), solution(f));
      put(join(s, "tidy/exercises/not-implemented.ts"), stub("not-implemented.ts"));
    },
  },
  wrapper: {
    layout: "GitHub Download ZIP wrapper (with lib/, tests/)",
    meant: [SLERP, MULTIPLY],
    write: (s) => {
      const root = join(s, "wrapper/rotations-course-main");
      for (const f of [SLERP, MULTIPLY]) put(join(root, "exercises", f), solution(f));
      cpSync(fromRoot("lib"), join(root, "lib"), { recursive: true });
      for (const f of GRADED) put(join(root, "tests/exercises", f), "export default 1;\n"); // the course's own
      put(join(root, "README.md"), "# rotations\n");
    },
  },
  "nested-wrapper": {
    layout: "two single-child wrapper folders",
    meant: [WRAP, SLERP],
    write: (s) => {
      for (const f of [WRAP, SLERP]) put(join(s, "nested-wrapper/Downloads/hw/exercises", f), solution(f));
    },
  },
  "zip-inside": {
    layout: "a zip inside the folder",
    meant: [NLERP, SLERP],
    write: (s) => put(join(s, "zip-inside/hw5.zip"), zip(tree([NLERP, SLERP]))),
  },
  "several-zips": {
    layout: "several zips (flat, chapter folder) in the folder",
    meant: [WRAP, SLERP],
    write: (s) => {
      put(join(s, "several-zips/part1.zip"), zip({ [base(WRAP)]: solution(WRAP) }));
      put(join(s, "several-zips/part2.zip"), zip(tree([SLERP], "")));
    },
  },
  "per-student-zip": {
    layout: "per-student .zip beside the folders",
    meant: [WRAP, NLERP, MULTIPLY],
    write: (s) =>
      put(join(s, "per-student-zip.zip"), zip(tree([WRAP, NLERP, MULTIPLY], "rotations-course-main/exercises/"))),
  },
  flat: {
    layout: "loose files in the folder",
    meant: [SLERP, MULTIPLY],
    write: (s) => {
      for (const f of [SLERP, MULTIPLY]) put(join(s, "flat", base(f)), solution(f));
    },
  },
  chapters: {
    layout: "chapter folders at the top",
    meant: [WRAP, NORMAL13],
    write: (s) => {
      for (const f of [WRAP, NORMAL13]) put(join(s, "chapters", f), solution(f));
    },
  },
  misnamed: {
    layout: "misnamed: (1), .ts.txt, case, no number, shared name in its chapter folder",
    meant: [WRAP, NLERP, SLERP, MULTIPLY, NORMAL14],
    write: (s) => {
      put(join(s, "misnamed/03-slerp (1).ts"), solution(SLERP));
      put(join(s, "misnamed/02-nlerp.ts.txt"), solution(NLERP));
      put(join(s, "misnamed/01-Wrap-Angle.ts"), solution(WRAP));
      put(join(s, "misnamed/multiply.ts"), solution(MULTIPLY));
      put(join(s, "misnamed/14-ray-marching/normal.ts"), solution(NORMAL14)); // a shared name, its chapter folder says which
    },
  },
  unmatched: {
    layout: "unmatched, ambiguous and second-claim files",
    meant: [SLERP],
    write: (s) => {
      put(join(s, "unmatched/exercises", SLERP), solution(SLERP));
      put(join(s, "unmatched/03-slerp.ts"), stub(SLERP)); // loses to the exact exercises/ one
      put(join(s, "unmatched/normal.ts"), solution(NORMAL13)); // 13.4 or 14.4?
      put(join(s, "unmatched/scratch.ts"), "export const x = 1;\n");
    },
  },
  smithjohn: {
    layout: "Canvas loose files (late, -1 resubmission)",
    meant: [NLERP, SLERP],
    write: (s) => {
      put(join(s, "smithjohn_12345_67890_03-slerp.ts"), solution(SLERP));
      put(join(s, "smithjohn_late_12345_67890_02-nlerp-1.ts"), solution(NLERP));
    },
  },
  doejane: {
    layout: "Canvas submission.zip",
    meant: [WRAP, MULTIPLY],
    write: (s) => put(join(s, "doejane_2222_3333_submission.zip"), zip(tree([WRAP, MULTIPLY], ""))),
  },
  "Jane Roe": {
    layout: "Moodle folder holding a zip",
    meant: [NLERP, NORMAL13],
    write: (s) => put(join(s, "Jane Roe_4444_assignsubmission_file_/hw.zip"), zip(tree([NLERP, NORMAL13]))),
  },
  "Max Mustermann": {
    layout: "Moodle loose files",
    meant: [SLERP],
    write: (s) => put(join(s, "Max Mustermann_5555_assignsubmission_file_03-slerp.ts"), solution(SLERP)),
  },
  junk: {
    layout: "junk: node_modules, .git, __MACOSX, ._*, .DS_Store",
    meant: [SLERP],
    write: (s) => {
      put(join(s, "junk/exercises", SLERP), solution(SLERP));
      put(join(s, "junk/exercises/05-interpolating-rotations/._03-slerp.ts"), "\0\x05\x16\x07");
      put(join(s, "junk/node_modules/x", base(NLERP)), solution(NLERP));
      put(join(s, "junk/.git/objects", base(WRAP)), solution(WRAP));
      put(join(s, "junk/__MACOSX/exercises", MULTIPLY), solution(MULTIPLY));
      put(join(s, "junk/.DS_Store"), "\0\0\0\x01Bud1");
    },
  },
  symlink: {
    layout: "symbolic links (a file, a folder) never followed",
    meant: [NLERP],
    write: (s) => {
      put(join(s, "symlink/exercises", NLERP), solution(NLERP));
      mkdirSync(join(s, "symlink/exercises/05-interpolating-rotations"), { recursive: true });
      symlinkSync(fromRoot(`solutions/${SLERP}`), join(s, "symlink/exercises", SLERP));
      symlinkSync(fromRoot("solutions/04-quaternions"), join(s, "symlink/exercises/04-quaternions"));
    },
  },
  bomb: {
    layout: "zip bomb, lying bomb, too many files, ../ entries",
    meant: [SLERP],
    write: (s) => {
      put(join(s, "bomb/exercises", SLERP), solution(SLERP));
      put(join(s, "bomb/bomb.zip"), zip({ [base(WRAP)]: new Uint8Array(30 * 1024 * 1024) }));
      put(join(s, "bomb/liar.zip"), lyingZip(base(NLERP), 8 * 1024 * 1024, 100));
      put(
        join(s, "bomb/many.zip"),
        zip(Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`f${i}.ts`, "export {};\n"]))),
      );
      put(join(s, "bomb/evil.zip"), zip({ [`../../${base(MULTIPLY)}`]: solution(MULTIPLY), "/abs/x.ts": "1" }));
    },
  },
  empty: {
    layout: "nothing but a README",
    meant: [],
    write: (s) => put(join(s, "empty/README.md"), "I could not finish\n"),
  },
};

const root = mkdtempSync(join(tmpdir(), "submissions-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let subs: string;
let twins: string;
let out: string;
let twinsOut: string;
let firstRun: Awaited<ReturnType<typeof gradeClass>>;
const ids = GRADED.map((f) => f.replace(/\.ts$/, ""));
const gradeJson = (dir: string, student: string) =>
  JSON.parse(readFileSync(join(dir, student, "grade.json"), "utf8")) as {
    total: number;
    status: string;
    notices: string[];
    hash: string;
    exercises: Record<string, number>;
  };
const feedback = (student: string) => readFileSync(join(out, student, "feedback.md"), "utf8");

describe("a messy class, graded", () => {
  beforeAll(async () => {
    subs = join(root, "subs");
    twins = join(root, "twins");
    out = join(subs, "_grades"); // the output folder inside the submissions folder
    twinsOut = join(root, "twins-out");
    for (const [student, c] of Object.entries(CLASS)) {
      c.write(subs);
      mkdirSync(join(twins, student), { recursive: true });
      for (const f of c.meant) put(join(twins, student, "exercises", f), solution(f));
    }
    symlinkSync(join(subs, "tidy"), join(subs, "linked-student")); // a student folder that is a link: not followed
    const options = { exercises: ids, quiet: true, concurrency: 2 };
    firstRun = await gradeClass({ ...options, submissions: subs, out });
    await gradeClass({ ...options, submissions: twins, out: twinsOut });
  }, 300_000);

  it("gives each student exactly the total of a tidy twin holding the files they meant", () => {
    const rows = Object.entries(CLASS).map(([student, c]) => ({
      student,
      layout: c.layout,
      total: gradeJson(out, student).total,
      twin: gradeJson(twinsOut, student).total,
      status: gradeJson(out, student).status,
    }));
    console.log(
      [
        "| student | layout | total | tidy twin's total | status |",
        "| --- | --- | --- | --- | --- |",
        ...rows.map((r) => `| ${r.student} | ${r.layout} | ${r.total} | ${r.twin} | ${r.status} |`),
      ].join("\n"),
    );
    for (const r of rows) expect(r.total, `${r.student} (${r.layout})`).toBe(r.twin);
    expect(rows.filter((r) => r.student !== "empty").every((r) => r.total > 0)).toBe(true);
  });

  it("grades every student once, named by folder, zip, Canvas name or Moodle Full Name; never the output folder or a link", () => {
    expect(firstRun.graded.sort()).toEqual(Object.keys(CLASS).sort());
    expect(readdirSync(out).sort()).toEqual([...Object.keys(CLASS), ...GRADEBOOK_FILES, "assignment.json"].sort());
    const csv = readFileSync(join(out, "grades.csv"), "utf8");
    expect(csv).not.toMatch(/\r\n_grades,/);
    expect(firstRun.classNotices).toEqual([
      "`linked-student` in the submissions folder is a symbolic link: not followed, not graded",
    ]);
  });

  it("says each near-miss name it took, in the feedback and in results.json", () => {
    const said = gradeJson(out, "misnamed").notices;
    for (const line of [
      "taken `03-slerp (1).ts` as exercise 05.3",
      "taken `02-nlerp.ts.txt` as exercise 05.2",
      "taken `01-Wrap-Angle.ts` as exercise 05.1",
      "taken `multiply.ts` as exercise 04.2",
      "taken `14-ray-marching/normal.ts` as exercise 14.4",
    ]) {
      expect(said).toContain(line);
      expect(feedback("misnamed")).toContain(`${line}.`);
    }
    const results = JSON.parse(readFileSync(join(out, "misnamed", "results.json"), "utf8")) as GradescopeResults;
    expect(results.output).toContain("Note: taken `03-slerp (1).ts` as exercise 05.3.");
    expect(gradeJson(out, "misnamed").status).toBe("graded");
    expect(gradeJson(out, "smithjohn").notices).toContain("taken `02-nlerp-1.ts` as exercise 05.2");
  });

  it("names each file it could not match, with 'did you mean', and says 'partly matched'", () => {
    const text = feedback("unmatched");
    expect(text).toMatch(/`03-slerp\.ts` also claims exercise 05\.3, taken from `exercises\/05-[^`]+`.*did you mean/);
    expect(text).toMatch(/`normal\.ts` could be exercise 13\.4 normal or 14\.4 normal: not graded .*did you mean/);
    expect(text).toMatch(/`scratch\.ts` matches no exercise: not graded \(did you mean [^)]+\?\)/);
    expect(gradeJson(out, "unmatched").status).toBe("partly matched");
    expect(gradeJson(out, "empty")).toMatchObject({ status: "nothing found", total: 0 });
    expect(feedback("empty")).toMatch(/found: README\.md\): nothing was graded/);
  });

  it("ignores junk without a word, and says so for links, which it never follows", () => {
    expect(gradeJson(out, "junk").notices.join("\n")).not.toMatch(/node_modules|\.git|MACOSX|DS_Store|\._/);
    expect(gradeJson(out, "tidy")).toMatchObject({ status: "graded", notices: [] });
    const links = gradeJson(out, "symlink");
    expect(links.notices).toContain("`exercises/04-quaternions` is a symbolic link: not followed");
    expect(feedback("symlink")).toMatch(
      /exercises\/05-interpolating-rotations\/03-slerp\.ts: symbolic links are not accepted/,
    );
  });

  it("refuses a zip bomb (declared and lying), a zip of too many files and `../` entries, each with a notice", () => {
    const said = gradeJson(out, "bomb").notices;
    expect(said).toContain(
      `refused \`bomb.zip/${base(WRAP)}\`: it unpacks to ${30 * 1024 * 1024} bytes, more than the 1048576 a file may`,
    );
    expect(said).toContain(
      `refused \`liar.zip/${base(NLERP)}\`: it unpacks to more than the 100 bytes it declares (a zip bomb?)`,
    );
    expect(said).toContain(
      "`many.zip` holds 2001 files that could be exercises or zips, more than the 2000 a zip may: not read",
    );
    expect(said).toContain(
      `refused \`evil.zip/../../${base(MULTIPLY)}\`: a path that leaves the archive (\`..\` or absolute)`,
    );
    expect(said).toContain("refused `evil.zip//abs/x.ts`: a path that leaves the archive (`..` or absolute)");
    expect(gradeJson(out, "bomb").status).toBe("partly matched");
  });

  it("lists under 'Needs a look' what needs a look, and only counts the files found outside exercises/", () => {
    const summary = readFileSync(join(out, "summary.md"), "utf8");
    const look = summary.split("## Needs a look")[1]!;
    const listed = [...look.matchAll(/^- \*\*(.+?)\*\* \(/gm)].map((m) => m[1]);
    // A near-miss name, a file that matches nothing, a link, a refused zip, an empty folder: each listed.
    expect(listed.sort()).toEqual(["bomb", "empty", "misnamed", "smithjohn", "symlink", "unmatched"]);
    // A wrapper folder, loose files, a zip: how submissions arrive; said in the student's row, not listed.
    expect(gradeJson(out, "wrapper").notices.some(isLayoutNotice)).toBe(true);
    expect(look).toMatch(/^\d+ more student\(s\) had their files outside `exercises\/`.*nothing to do/m);
    expect(look).not.toMatch(/no exercises\/ folder at the top/);
  });

  it("keeps the status, the notices and a hash of the files in grade.json", () => {
    const g = gradeJson(out, "misnamed");
    expect(g.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(g.hash).toBe(discoverSubmission(join(subs, "misnamed")).hash);
  });

  it("regrades on a plain rerun exactly the students whose files changed, and skips the others", async () => {
    const before = gradeJson(out, "flat").total;
    writeFileSync(join(subs, "flat", base(SLERP)), stub(SLERP)); // flat now hands in the stub
    const again = await gradeClass({ submissions: subs, out, exercises: ids, quiet: true });
    expect(again.graded).toEqual(["flat"]);
    expect(again.regraded).toEqual(["flat"]);
    expect(again.skipped.sort()).toEqual(
      Object.keys(CLASS)
        .filter((s) => s !== "flat")
        .sort(),
    );
    expect(gradeJson(out, "flat").total).toBeLessThan(before);
    const twin = gradeJson(twinsOut, "flat");
    expect(gradeJson(out, "flat").total).toBe(twin.total - twin.exercises[SLERP.replace(/\.ts$/, "")]!);
  }, 120_000);
});

describe("matching names, without grading", () => {
  it("takes every near-miss spelling of a name as its exercise, and says so", () => {
    const dir = join(root, "spellings");
    const spellings: Record<string, string> = {
      "03-slerp copy.ts": SLERP,
      "3-nlerp.ts": NLERP,
      "01_wrap_angle.ts": WRAP,
      "02-multiply (2).ts.txt": MULTIPLY,
      "13-ellipsoidal-mirrors (1)/normal.ts": NORMAL13,
    };
    for (const [name, file] of Object.entries(spellings)) put(join(dir, name), solution(file));
    const found = discoverSubmission(dir);
    for (const [name, file] of Object.entries(spellings)) {
      expect(found.files.get(file), name).toBe(solution(file));
      expect(
        found.notices.some((n) => n.startsWith(`taken \`${name}\` as exercise `)),
        name,
      ).toBe(true);
    }
    expect(found.status).toBe("graded");
  });

  it("counts the same file found twice (a zip and its unpacked copy) once, without a complaint", () => {
    const dir = join(root, "twice");
    put(join(dir, "exercises", SLERP), solution(SLERP));
    put(join(dir, "hw.zip"), zip(tree([SLERP])));
    const found = discoverSubmission(dir);
    expect(found).toMatchObject({ status: "graded" });
    expect(found.files.get(SLERP)).toBe(solution(SLERP));
  });

  it("stops a walk at its cap, and says so", () => {
    const dir = join(root, "wide");
    for (let i = 0; i < 30; i++) put(join(dir, `n${i}.md`), "");
    put(join(dir, "zz", base(SLERP)), solution(SLERP));
    const found = discoverSubmission(dir, { caps: { maxWalkEntries: 10 } });
    expect(found.notices).toContain("the submission holds more than 10 files: the rest were not read");
  });
});

describe("a name two chapters share", () => {
  it("is the exercise graded when a run grades only one of them (an assignment), and ambiguous otherwise", () => {
    const dir = join(root, "shared-name");
    put(join(dir, base(NORMAL13)), solution(NORMAL13));
    const alone = discoverSubmission(dir, { graded: new Set([NORMAL13.replace(/\.ts$/, "")]) });
    expect(alone.files.get(NORMAL13)).toBe(solution(NORMAL13));
    expect(alone.notices).toContain(`taken \`${base(NORMAL13)}\` as exercise 13.4`);
    const both = discoverSubmission(dir);
    expect(both.files.size).toBe(0);
    expect(both.notices[0]).toMatch(/could be exercise 13\.4 normal or 14\.4 normal: not graded \(did you mean/);
  });
});
