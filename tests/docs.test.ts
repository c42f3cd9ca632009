/**
 * The documents in docs/ stay true to the code they describe:
 * - every numbered fact of docs/curriculum.md has a `fact N.M` test in each file it names, and every
 *   `fact N.M` test is a fact listed there;
 * - every test docs/grading.md quotes as proof exists, word for word;
 * - no file cites a document the repository does not hold (DESIGN.md, a `../shared/` folder), and every
 *   `docs/<file>.md §N` points at a file and a section that exist.
 * (Instructor-only: the student edition leaves it out, as it leaves out the tests grading.md names.)
 */

import { readFileSync, readdirSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../tools/author/root.ts";

const ROOT = fromRoot(".");
const SKIP_DIRS = new Set(["node_modules", ".git", "dist", ".cache", ".state"]);
const TEXT = /\.(ts|mts|mjs|js|json|html|md|css|sh|yml|yaml|txt)$|^(run|\.prettierignore|\.gitignore)$/;

/** Every text file of the repository, relative to its root, with forward slashes. */
function repoFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : repoFiles(join(dir, e.name));
    return e.isFile() && TEXT.test(e.name) ? [relative(ROOT, join(dir, e.name)).split("\\").join("/")] : [];
  });
}

const files = repoFiles();
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const testFiles = files.filter((f) => f.startsWith("tests/") && f.endsWith(".test.ts"));

/** The titles of `describe`, `it` and `test` calls (a literal title, `.each(…)` allowed) in a test file's source. */
function testTitles(source: string): string[] {
  const modifiers = String.raw`(?:\.(?:only|skip|concurrent|sequential|fails|todo|each\((?:[^()]|\([^()]*\))*\)))*`;
  const title = String.raw`\s*\(\s*(["'\`])((?:\\.|(?!\1)[^\\])*)\1`;
  const call = new RegExp(String.raw`\b(?:describe|it|test)` + modifiers + title, "g");
  return [...source.matchAll(call)].map((m) => m[2]!);
}

/** Fact number → the test files that hold a test titled with `fact N.M`. */
const factTests = new Map<string, Set<string>>();
for (const file of testFiles)
  for (const title of testTitles(read(file)))
    for (const m of title.matchAll(/\bfact (\d+\.\d+)\b/g)) {
      if (!factTests.has(m[1]!)) factTests.set(m[1]!, new Set());
      factTests.get(m[1]!)!.add(file);
    }

/** docs/curriculum.md's facts: `- **N.M** statement. Test(s): `fact N.M` (file, file).` */
const curriculum = read("docs/curriculum.md");
const listed = [...curriculum.matchAll(/^- \*\*(\d+\.\d+)\*\* .*?Tests?: `fact (\d+\.\d+)` \(([^)]*)\)\.$/gm)].map(
  (m) => ({ fact: m[1]!, named: m[2]!, files: m[3]!.split(",").map((f) => f.trim()) }),
);

describe("docs/curriculum.md and the `fact N.M` tests", () => {
  it("lists every fact once, each with the test that proves it", () => {
    const bullets = curriculum.match(/^- \*\*\d+\.\d+\*\*/gm) ?? [];
    expect(listed.length, "a fact line that does not end `Test: `fact N.M` (file).`").toBe(bullets.length);
    expect(listed.filter((f) => f.named !== f.fact)).toEqual([]);
    const numbers = listed.map((f) => f.fact);
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
    expect(listed.length).toBeGreaterThanOrEqual(65);
  });

  it("has a `fact N.M` test in every file it names", () => {
    const missing = listed.flatMap((f) =>
      f.files.filter((file) => !factTests.get(f.fact)?.has(file)).map((file) => `${f.fact} in ${file}`),
    );
    expect(missing).toEqual([]);
  });

  it("names every file that holds a `fact N.M` test, and every such fact", () => {
    const unlisted = [...factTests].flatMap(([fact, where]) => {
      const entry = listed.find((f) => f.fact === fact);
      return [...where].filter((file) => !entry?.files.includes(file)).map((file) => `${fact} in ${file}`);
    });
    expect(unlisted).toEqual([]);
  });
});

describe("docs/grading.md", () => {
  it("names as proof only tests that exist, word for word, in the file it names", () => {
    const grading = read("docs/grading.md");
    const rows = grading
      .slice(grading.indexOf("## 3."))
      .split("\n")
      .filter((l) => l.startsWith("| ") && !l.startsWith("| a submission") && !/^\| -/.test(l));
    const missing: string[] = [];
    let proofs = 0;
    for (const row of rows) {
      let file = "";
      for (const m of row
        .split(" | ")
        .at(-1)!
        .matchAll(/`(tests\/[\w/.-]+\.test\.ts)`|"([^"]+)"/g)) {
        if (m[1]) file = m[1];
        else if (!file || !testTitles(read(file)).includes(m[2]!)) missing.push(`${file || "(no file)"}: "${m[2]}"`);
        else proofs++;
      }
    }
    expect(missing).toEqual([]);
    expect(proofs).toBeGreaterThanOrEqual(15);
  });
});

describe("citations of documents", () => {
  const docs = files.filter((f) => f.startsWith("docs/"));
  const names = new Set(files.map((f) => basename(f)));

  it("no file outside docs/ cites a document the repository does not hold", () => {
    const bad: string[] = [];
    for (const file of files.filter((f) => !f.startsWith("docs/") && f !== "tests/docs.test.ts")) {
      const text = read(file);
      for (const m of text.matchAll(/(?:\.\.\/|\/work\/)shared\b[^\s`'")]*/g)) bad.push(`${file}: ${m[0]}`);
      for (const m of text.matchAll(/\b[A-Z][A-Z0-9_-]*\.md\b/g)) if (!names.has(m[0])) bad.push(`${file}: ${m[0]}`);
    }
    expect(bad).toEqual([]);
  });

  it("every docs/<file>.md and its § exist, in code and in docs/ alike", () => {
    const sections = (doc: string) => [...read(doc).matchAll(/^## (\d+)\./gm)].map((m) => m[1]!);
    const bad: string[] = [];
    for (const file of files.filter((f) => f !== "tests/docs.test.ts")) {
      const text = read(file);
      const cites = [...text.matchAll(/\bdocs\/([\w-]+\.md)(?:\s*§\s*(\d+))?/g)].map((m) => [`docs/${m[1]}`, m[2]]);
      if (file.startsWith("docs/"))
        cites.push(...[...text.matchAll(/\]\(([\w-]+\.md)\)(?: §(\d+))?/g)].map((m) => [`docs/${m[1]}`, m[2]]));
      for (const [doc, section] of cites) {
        if (!docs.includes(doc!)) bad.push(`${file}: ${doc} does not exist`);
        else if (section && !sections(doc!).includes(section)) bad.push(`${file}: ${doc} has no § ${section}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
