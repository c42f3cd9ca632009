/**
 * Finding a student's exercise files in a submission as it arrives — not as a tidy tree.
 *
 * A class downloaded from an LMS is a folder of many shapes. {@link listStudents} turns the
 * submissions folder into students, each with one or more *sources*:
 *   - a folder per student (`alice/`), named by the folder;
 *   - a zip per student lying in the submissions folder (`bob.zip`: the student is `bob`); a folder and
 *     a zip of the same name are one student;
 *   - Canvas's "Download submissions": loose files `<name>_<user id>_<submission id>_<original name>`
 *     (`smithjohn_12345_67890_03-slerp.ts`; `smithjohn_late_…` when late; a zip upload arrives as
 *     `smithjohn_12345_67890_submission.zip`), grouped by `<name>` — the student is `smithjohn`;
 *   - Moodle's "Download all submissions": a folder per student `<Full Name>_<id>_assignsubmission_file_`
 *     (or, without "download in folders", loose files `<Full Name>_<id>_assignsubmission_file_<name>`).
 *     The student is named by the Full Name part, `Full Name_<id>` when two students share a name.
 * The output folder is never a student, wherever it is (compared by real path), and nothing in the
 * submissions folder is dropped silently: what is not a student's is said in a class notice.
 *
 * {@link discoverSubmission} then finds a student's exercise files wherever they reasonably are:
 *   - an `exercises/` tree (`exercises/05-interpolating-rotations/03-slerp.ts`), at the top or one or more
 *     wrapper folders down (GitHub's "Download ZIP" gives `rotations-course-main/exercises/…`). A folder
 *     that holds `exercises/` is a copy of the course: its other folders (`lib/`, `tests/`, `tools/`, …)
 *     are the course's own files and are not read; loose files beside `exercises/` still are;
 *   - chapter folders anywhere (`05-interpolating-rotations/03-slerp.ts`);
 *   - loose files anywhere, matched by file name (`03-slerp.ts`, or `slerp.ts` when that name is one
 *     exercise's, or the folder it sits in names the chapter: `05…/slerp.ts`);
 *   - inside `.zip` files (one or several, in the folder or in each other, two levels deep), read in
 *     memory: nothing is extracted to disk.
 * Near-miss names are taken and said ("taken `03-slerp (1).ts` as exercise 05.3"): a copy number
 * (` (1)`, ` copy`, Canvas's `-1` on a resubmission), `.ts.txt`, another case, spaces or `_` for `-`, an
 * unpadded number (`3-slerp.ts`), or the name without its number. An exact name beats a near miss; two
 * files claiming one exercise with different contents, a file that names two exercises (`normal.ts`) or
 * none are listed with "did you mean …" and not graded — nothing is dropped silently. The same file found
 * twice (a zip and its unpacked copy) counts once. A name two chapters share (`04-normal.ts`: 13.4 and
 * 14.4) is the one a run grades when it grades only one of them (an assignment of chapter 13).
 *
 * A submission is untrusted input. Junk (`node_modules/`, `.git/`, `__MACOSX/`, `._*`, `.DS_Store`) is
 * skipped by name, never read; a symbolic link is never followed (every entry is lstat'ed; a link where
 * an exercise file would be fails that exercise with "symbolic links are not accepted"); a walk stops
 * after {@link SubmissionCaps.maxWalkEntries} entries. A zip is refused entry by entry for a path that
 * leaves it (`../`, absolute, a drive letter), a link, encryption, or a size over the caps — each
 * declared size is checked before inflating and the bytes are counted while inflating (fed to fflate's
 * streaming Inflate 4 kB at a time, stopped past the declared size), so a zip bomb costs at most a few
 * MB and a refusal. A zip with more candidate files than {@link SubmissionCaps.maxArchiveFiles} is not
 * read at all. Each refusal is a notice. (Why not fflate's `unzipSync`: it inflates an entry into a
 * buffer of the size the entry declares, but keeps decoding the whole stream, so a lying entry costs time
 * in proportion to its real size; reading the directory here and stopping the streaming Inflate at the
 * first byte past the declared size bounds both time and memory.)
 *
 * The result carries a content hash of every file found (paths and contents), which the grader keeps
 * in grade.json to regrade a student whose files changed since they were graded.
 */

import { createHash } from "node:crypto";
import { type Dirent, lstatSync, readFileSync, readdirSync, realpathSync } from "node:fs";
import { basename, join } from "node:path";
import { Inflate, strFromU8 } from "fflate";
import { type ExercisePlace, placeOf } from "../isomorphic/exercise.ts";
import { DEFINITIONS, SUPPORT_FILES, exerciseFiles, nearestExercises } from "../author/course.ts";
import type { Submitted } from "../author/evaluate.ts";
import { readSubmissionFile } from "../sandbox/files.ts";

/** What one student's submission may cost the grader. */
export interface SubmissionCaps {
  /** A zip file's own size, in bytes (checked before it is read). */
  maxArchiveBytes: number;
  /** Candidate files (`.ts`, `.ts.txt`, `.zip`) in one zip: more, and the zip is not read at all. */
  maxArchiveFiles: number;
  /** One file unpacked from a zip, in bytes. */
  maxFileBytes: number;
  /** Everything unpacked from a student's zips together, in bytes. */
  maxTotalBytes: number;
  /** Zips inside zips: 2 reads a zip in the folder and the zips inside it. */
  maxNesting: number;
  /** Folder depth of a walk. */
  maxDepth: number;
  /** Entries a walk of one student's folder lists before it stops. */
  maxWalkEntries: number;
}

export const SUBMISSION_CAPS: SubmissionCaps = {
  maxArchiveBytes: 20 * 1024 * 1024,
  maxArchiveFiles: 2000,
  maxFileBytes: 1024 * 1024,
  maxTotalBytes: 50 * 1024 * 1024,
  maxNesting: 2,
  maxDepth: 16,
  maxWalkEntries: 20_000,
};

/** Where some of a student's files are: a folder, a zip, or one loose file (Canvas, Moodle). */
export type Source =
  | { kind: "folder"; path: string }
  /** `label` names the zip in notices: `bob.zip`, or Canvas's original `submission.zip`. */
  | { kind: "zip"; path: string; label: string }
  /** `name` is the file's name as the student gave it (without the LMS's prefix). */
  | { kind: "file"; path: string; name: string };

/** One student of the class and where their files are. */
export interface StudentSubmission {
  student: string;
  sources: Source[];
}

/**
 * How a student's submission was matched: "graded" (every file found was taken), "partly matched" (some
 * file could not be matched, claimed an exercise another file had, or was refused), "nothing found".
 */
export type SubmissionStatus = "graded" | "nothing found" | "partly matched";

/** A student's files, matched to the course's exercises. */
export interface Discovered {
  /** Per exercise file (`05-interpolating-rotations/03-slerp.ts`): the source, or why it cannot be graded. */
  files: Map<string, Submitted>;
  status: SubmissionStatus;
  /** What was taken as what, what was not matched ("did you mean …"), what was refused: sentences, no final period. */
  notices: string[];
  /** sha256 (hex) of every candidate file found: its path and contents. */
  hash: string;
}

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

/** Never read, wherever they are: tooling folders, macOS's resource forks and folder settings. */
const JUNK_DIRS = new Set(["node_modules", ".git", "__MACOSX", ".svn", ".hg", ".vscode", ".idea", ".state"]);
const isJunk = (name: string) => JUNK_DIRS.has(name) || name.startsWith("._") || name === ".DS_Store";

/** What a file may be to the grader, by name: an exercise (`.ts`, `.ts.txt`), an archive, or neither. */
function fileKind(name: string): "code" | "zip" | "other" {
  const lower = name.toLowerCase();
  if (lower.endsWith(".zip")) return "zip";
  if (/\.ts(\.txt)?$/.test(lower) && !lower.endsWith(".d.ts")) return "code";
  return "other";
}

/**
 * The paths among `paths` a course copy hides: in a folder that holds `exercises/` (not the course's
 * own `tests/exercises/`), every other sub-folder is the course's (lib/, tests/, tools/…). Loose files
 * beside `exercises/` are kept.
 */
function insideCourseCopy(paths: readonly string[]): (path: string) => boolean {
  const copies = new Set<string>();
  for (const p of paths) {
    const segs = p.split("/");
    for (let i = 0; i < segs.length - 1; i++)
      if (segs[i] === "exercises" && segs[i - 1] !== "tests") copies.add(segs.slice(0, i).join("/"));
  }
  return (path) => {
    const segs = path.split("/");
    for (let k = 0; k < segs.length - 1; k++)
      if (copies.has(segs.slice(0, k).join("/")) && segs[k] !== "exercises") return true;
    return false;
  };
}

/** A file found in a submission, not yet matched: its path as the student would name it. */
interface Found {
  path: string;
  /** Its text, or why it cannot be graded (a link, too large, unreadable). */
  source: Submitted;
}

/** A walk's running state: what was found, what was said, what was spent. */
interface Walk {
  caps: SubmissionCaps;
  found: Found[];
  /** Files that are neither exercises nor zips (named when nothing at all is found). */
  others: string[];
  notices: string[];
  unpacked: number;
  listed: number;
}

// ---------------------------------------------------------------------------------------------
// Zips, in memory and capped
// ---------------------------------------------------------------------------------------------

/** Thrown from inside the inflater when an entry passes its declared size. */
class TooBig extends Error {}

/**
 * Reads the zip `bytes` (named `label` in notices) into `walk`: its central directory first (names,
 * declared sizes — the caps are applied here, before anything is inflated), then each kept entry,
 * inflated 4 kB of input at a time and stopped as soon as it passes its declared size.
 */
function readZip(bytes: Uint8Array, label: string, walk: Walk, nesting: number): void {
  const { caps } = walk;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Out of range (a damaged or hostile directory) reads as -1, which no check accepts.
  const u16 = (at: number) => (at >= 0 && at + 2 <= bytes.length ? view.getUint16(at, true) : -1);
  const u32 = (at: number) => (at >= 0 && at + 4 <= bytes.length ? view.getUint32(at, true) : -1);
  const damaged = (why: string) => walk.notices.push(`\`${label}\` cannot be read as a zip (${why}): not graded`);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--)
    if (u32(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) return void damaged("no zip directory at its end");
  const count = u16(end + 10);
  let at = u32(end + 16);
  if (count === 0xffff || at === 0xffffffff) return void damaged("a ZIP64 archive, larger than any submission");
  type Entry = { path: string; method: number; flags: number; packed: number; size: number; local: number };
  const listed: Entry[] = [];
  for (let k = 0; k < count; k++) {
    if (u32(at) !== 0x02014b50) return void damaged("its directory is cut short");
    const flags = u16(at + 8);
    const nameLength = u16(at + 28);
    if (at + 46 + nameLength > bytes.length) return void damaged("its directory is cut short");
    const raw = strFromU8(bytes.subarray(at + 46, at + 46 + nameLength), !(flags & 0x800)).replace(/\\/g, "/");
    const entry = {
      path: raw,
      method: u16(at + 10),
      flags,
      packed: u32(at + 20),
      size: u32(at + 24),
      local: u32(at + 42),
    };
    const mode = u32(at + 38) >>> 16;
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
    const where = `${label}/${raw}`;
    const segs = raw.split("/");
    if (raw.startsWith("/") || /^[a-z]:/i.test(raw) || segs.includes("..")) {
      walk.notices.push(`refused \`${where}\`: a path that leaves the archive (\`..\` or absolute)`);
      continue;
    }
    if (raw.endsWith("/") || segs.some(isJunk)) continue;
    if ((mode & 0xf000) === 0xa000) {
      walk.notices.push(`refused \`${where}\`: a symbolic link (not followed)`);
      continue;
    }
    listed.push(entry);
  }
  const hidden = insideCourseCopy(listed.map((e) => e.path));
  const kept = listed.filter((e) => !hidden(e.path));
  const candidates = kept.filter((e) => fileKind(basename(e.path)) !== "other");
  for (const e of kept) if (fileKind(basename(e.path)) === "other") walk.others.push(`${label}/${e.path}`);
  if (candidates.length > caps.maxArchiveFiles) {
    walk.notices.push(
      `\`${label}\` holds ${candidates.length} files that could be exercises or zips, more than the ${caps.maxArchiveFiles} a zip may: not read`,
    );
    return;
  }
  for (const e of candidates) {
    const where = `${label}/${e.path}`;
    const isZip = fileKind(basename(e.path)) === "zip";
    const limit = isZip ? caps.maxArchiveBytes : caps.maxFileBytes;
    if (e.flags & 1) {
      walk.notices.push(`refused \`${where}\`: encrypted`);
      continue;
    }
    if (e.size > limit || e.packed > limit) {
      walk.notices.push(`refused \`${where}\`: it unpacks to ${e.size} bytes, more than the ${limit} a file may`);
      continue;
    }
    if (walk.unpacked + e.size > caps.maxTotalBytes) {
      walk.notices.push(
        `refused \`${where}\`: the submission's zips unpack to more than the ${caps.maxTotalBytes} bytes a submission may`,
      );
      continue;
    }
    const start = e.local + 30 + u16(e.local + 26) + u16(e.local + 28);
    if (u32(e.local) !== 0x04034b50 || start + e.packed > bytes.length) {
      walk.notices.push(`refused \`${where}\`: its entry is damaged`);
      continue;
    }
    const packed = bytes.subarray(start, start + e.packed);
    let data: Uint8Array;
    if (e.method === 0) {
      if (e.packed !== e.size) {
        walk.notices.push(`refused \`${where}\`: its entry is damaged`);
        continue;
      }
      data = packed;
    } else if (e.method === 8) {
      const parts: Uint8Array[] = [];
      let n = 0;
      const inflater = new Inflate((chunk) => {
        n += chunk.length;
        if (n > e.size) throw new TooBig();
        parts.push(chunk);
      });
      try {
        if (!packed.length) inflater.push(new Uint8Array(0), true);
        for (let o = 0; o < packed.length; o += 4096)
          inflater.push(packed.subarray(o, Math.min(packed.length, o + 4096)), o + 4096 >= packed.length);
      } catch (error) {
        walk.notices.push(
          error instanceof TooBig
            ? `refused \`${where}\`: it unpacks to more than the ${e.size} bytes it declares (a zip bomb?)`
            : `refused \`${where}\`: its entry is damaged`,
        );
        continue;
      }
      data = new Uint8Array(n);
      let o = 0;
      for (const part of parts) data.set(part, (o += part.length) - part.length);
    } else {
      walk.notices.push(`refused \`${where}\`: compressed with method ${e.method}, which the grader does not read`);
      continue;
    }
    walk.unpacked += data.length;
    if (isZip) {
      if (nesting >= caps.maxNesting)
        walk.notices.push(`\`${where}\` is a zip inside ${nesting} zip(s): not read (unpack it into the submission)`);
      else readZip(data, where, walk, nesting + 1);
    } else walk.found.push({ path: where, source: strFromU8(data) });
  }
}

// ---------------------------------------------------------------------------------------------
// Folders, never following a link
// ---------------------------------------------------------------------------------------------

/**
 * Lists `root` (lstat only: a link is listed as a link, never followed), skipping junk and the folder
 * whose real path is `skip` (the grader's output); returns paths relative to `root`, "/"-joined.
 */
function listFolder(root: string, walk: Walk, skip: string | undefined): { path: string; entry: Dirent }[] {
  const out: { path: string; entry: Dirent }[] = [];
  const visit = (dir: string, rel: string, depth: number) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    } catch (error) {
      walk.notices.push(`\`${rel || "."}\` cannot be read (${(error as NodeJS.ErrnoException).code}): not graded`);
      return;
    }
    for (const entry of entries) {
      if (isJunk(entry.name)) continue;
      if (++walk.listed > walk.caps.maxWalkEntries) {
        if (walk.listed === walk.caps.maxWalkEntries + 1)
          walk.notices.push(`the submission holds more than ${walk.caps.maxWalkEntries} files: the rest were not read`);
        return;
      }
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (skip !== undefined && tryRealpath(full) === skip) continue;
        if (depth >= walk.caps.maxDepth) walk.notices.push(`\`${path}/\` is too deep: not read`);
        else visit(full, path, depth + 1);
      } else out.push({ path, entry });
    }
  };
  visit(root, "", 0);
  return out;
}

/** Reads a folder source into `walk`: its exercise files and zips (capped), never a link. */
function readFolder(root: string, walk: Walk, skip: string | undefined): void {
  const listed = listFolder(root, walk, skip);
  const hidden = insideCourseCopy(listed.map((f) => f.path));
  for (const { path, entry } of listed) {
    if (hidden(path)) continue;
    const kind = fileKind(entry.name);
    if (entry.isSymbolicLink()) {
      if (kind === "code") walk.found.push({ path, source: { problem: `${path}: symbolic links are not accepted` } });
      else walk.notices.push(`\`${path}\` is a symbolic link: not followed`);
    } else if (!entry.isFile()) walk.others.push(path);
    else if (kind === "code") {
      const file = readSubmissionFile(root, path);
      walk.found.push({ path, source: file.ok ? file.source : { problem: file.message } });
    } else if (kind === "zip") readZipFile(join(root, path), path, walk);
    else walk.others.push(path);
  }
}

/** Reads a zip file from disk (a regular file within the caps, never a link) into `walk`. */
function readZipFile(file: string, label: string, walk: Walk): void {
  try {
    const st = lstatSync(file);
    if (!st.isFile()) return void walk.notices.push(`\`${label}\` is not a regular file: not read`);
    if (st.size > walk.caps.maxArchiveBytes)
      return void walk.notices.push(
        `\`${label}\` is ${st.size} bytes, more than the ${walk.caps.maxArchiveBytes} a zip may: not read`,
      );
    readZip(readFileSync(file), label, walk, 1);
  } catch (error) {
    walk.notices.push(`\`${label}\` cannot be read (${(error as NodeJS.ErrnoException).code ?? error}): not graded`);
  }
}

// ---------------------------------------------------------------------------------------------
// Matching files to exercises
// ---------------------------------------------------------------------------------------------

/** Every exercise of the course (whatever a grading run selects), from the definitions' file names. */
export function coursePlaces(): ExercisePlace[] {
  return exerciseFiles(DEFINITIONS).map(placeOf);
}

/**
 * How well a file's path names an exercise: 0 `exercises/<chapter>/<nn-name>.ts`, 1 the exact file in
 * its chapter folder, 2 the exact file name alone, 3 a near miss (said in a notice).
 */
type Rank = 0 | 1 | 2 | 3;

/** The exercise(s) a path names, and how well; an empty list when none. */
function claim(all: readonly ExercisePlace[], path: string): { exercises: ExercisePlace[]; rank: Rank } {
  const segs = path.split("/");
  const file = segs.at(-1)!;
  const folder = segs.at(-2);
  const exact = all.filter((e) => e.file.endsWith(`/${file}`));
  if (exact.length) {
    const inChapter = exact.filter((e) => e.chapter === folder);
    if (inChapter.length) return { exercises: inChapter, rank: segs.at(-3) === "exercises" ? 0 : 1 };
    if (exact.length === 1 && !folder?.match(/^\d\d-/)) return { exercises: exact, rank: 2 };
  }
  // Near misses: one stem with the copy marks, `.txt`, case and separators taken off.
  let stem = file
    .toLowerCase()
    .replace(/\.txt$/, "")
    .replace(/\.ts$/, "")
    .replace(/\s*\(\d+\)$/, "")
    .replace(/[\s_-]*(-\s*)?copy(\s*\d+)?$/, "")
    .replace(/[\s_.]+/g, "-")
    .replace(/^(\d)-/, "0$1-");
  const chapterNumber = /^(\d{1,2})(?:[-_ .]|$)/.exec(folder ?? "")?.[1]?.padStart(2, "0");
  const inFolder = (list: ExercisePlace[]) => {
    const narrowed = chapterNumber ? list.filter((e) => e.chapter.startsWith(`${chapterNumber}-`)) : [];
    return narrowed.length ? narrowed : list;
  };
  for (let round = 0; round < 2; round++) {
    const byFile = all.filter((e) => e.file.endsWith(`/${stem}.ts`));
    if (byFile.length) return { exercises: inFolder(byFile), rank: 3 };
    const name = stem.replace(/^\d+-/, "");
    const byName = all.filter((e) => e.name === name);
    if (byName.length) return { exercises: inFolder(byName), rank: 3 };
    stem = stem.replace(/-\d+$/, ""); // Canvas's resubmission suffix: 03-slerp-1.ts
  }
  return { exercises: [], rank: 3 };
}

const named = (e: ExercisePlace) => `${e.number} ${e.name}`;
const didYouMean = (all: readonly ExercisePlace[], path: string, except?: ExercisePlace) => {
  const stem = path
    .split("/")
    .at(-1)!
    .replace(/(\.ts)?(\.txt)?$/i, "");
  return `did you mean ${nearestExercises(
    all.filter((e) => e !== except),
    stem,
  )
    .map(named)
    .join(", ")}?`;
};

/**
 * Whether a notice only says where a student's files were found (a wrapper folder, loose files, chapter
 * folders at the top): the student is told, and grades.csv keeps it, but it is not a reason for the
 * instructor to look — it is how submissions arrive (a GitHub "Download ZIP" wraps every file one folder
 * down). The two sentences that match are written in `match` below.
 */
export const isLayoutNotice = (notice: string): boolean => /^no exercises\/ folder[^:]*: graded the \d+ /.test(notice);

/** The text of a source, for comparing two claims and hashing. */
const textOf = (s: Submitted) => (typeof s === "string" ? s : `\0${s.problem}`);

/**
 * Matches the files `walk` found to the course's exercises (`all`, by default every exercise of the
 * course). `graded`, the exercise ids this run grades, limits the "taken … as …" notices to those.
 */
function match(walk: Walk, all: readonly ExercisePlace[], graded?: ReadonlySet<string>): Discovered {
  const notices: string[] = [];
  const unmatched: string[] = [];
  const claims = new Map<ExercisePlace, { found: Found; rank: Rank }[]>();
  const found = walk.found
    .filter((f) => !SUPPORT_FILES.includes(f.path.split("/").at(-1)!))
    .sort((a, b) => a.path.split("/").length - b.path.split("/").length || (a.path < b.path ? -1 : 1));
  for (const f of found) {
    let { exercises, rank } = claim(all, f.path);
    // A name two chapters share (`04-normal.ts`) is the one this run grades, when it grades one of them.
    const gradedHere = exercises.filter((e) => graded?.has(e.id));
    if (exercises.length > 1 && gradedHere.length === 1) [exercises, rank] = [gradedHere, 3];
    if (exercises.length === 1) claims.set(exercises[0]!, [...(claims.get(exercises[0]!) ?? []), { found: f, rank }]);
    else if (exercises.length > 1)
      unmatched.push(
        `\`${f.path}\` could be exercise ${exercises.map(named).join(" or ")}: not graded (did you mean ${exercises.map((e) => `\`${e.file}\``).join(" or ")}? put it in its chapter folder)`,
      );
    else unmatched.push(`\`${f.path}\` matches no exercise: not graded (${didYouMean(all, f.path)})`);
  }
  const files = new Map<string, Submitted>();
  const taken: { found: Found; rank: Rank; exercise: ExercisePlace }[] = [];
  for (const exercise of all) {
    const list = (claims.get(exercise) ?? []).sort((a, b) => a.rank - b.rank);
    const best = list[0];
    if (!best) continue;
    files.set(exercise.file, best.found.source);
    taken.push({ ...best, exercise });
    for (const other of list.slice(1))
      if (textOf(other.found.source) !== textOf(best.found.source))
        unmatched.push(
          `\`${other.found.path}\` also claims exercise ${exercise.number}, taken from \`${best.found.path}\`${other.rank > best.rank ? " (a closer name)" : ""}: not graded (${didYouMean(all, other.found.path, exercise)})`,
        );
  }
  const counted = taken.filter((t) => !graded || graded.has(t.exercise.id));
  // Where the files were, when not in exercises/ at the top.
  const place = (t: (typeof taken)[number]) => {
    const dirs = t.found.path.split("/").slice(0, -1);
    if (dirs.at(-1) === t.exercise.chapter) dirs.pop();
    return dirs.join("/");
  };
  const places = [...new Set(counted.map(place))];
  if (counted.length && !(places.length === 1 && places[0] === "exercises")) {
    const chapterFolders = counted.every((t) => t.found.path === t.exercise.file);
    notices.push(
      chapterFolders
        ? `no exercises/ folder: graded the ${counted.length} exercise file(s) found at the top level of the submission instead (chapter folders such as ${counted[0]!.exercise.chapter}/ belong in exercises/)`
        : `no exercises/ folder at the top of the submission: graded the ${counted.length} exercise file(s) found ${places
            .slice(0, 4)
            .map((p) => (p ? `in \`${p}/\`` : "at the top (matched by file name)"))
            .join(", ")}${places.length > 4 ? ", …" : ""}`,
    );
  }
  for (const t of counted) if (t.rank === 3) notices.push(`taken \`${t.found.path}\` as exercise ${t.exercise.number}`);
  notices.push(...unmatched, ...walk.notices);
  if (!taken.length) {
    const seen = [...found.map((f) => f.path), ...walk.others].slice(0, 5);
    notices.push(
      `no exercises/ folder and no exercise file anywhere in the submission${seen.length ? ` (found: ${seen.join(", ")})` : " (it is empty)"}: nothing was graded`,
    );
  } else if (!counted.length)
    notices.push(
      `no file for the exercises graded here (found only exercise ${taken.map((t) => `${t.exercise.number} in \`${t.found.path}\``).join(", ")}): nothing was graded`,
    );
  const hash = createHash("sha256");
  for (const f of [...walk.found].sort((a, b) => (a.path < b.path ? -1 : 1)))
    hash.update(f.path).update("\0").update(textOf(f.source)).update("\0");
  return {
    files,
    status: !counted.length ? "nothing found" : unmatched.length || walk.notices.length ? "partly matched" : "graded",
    notices,
    hash: hash.digest("hex"),
  };
}

/**
 * Finds a student's exercise files in their `sources` (or one folder) and matches them to the course's
 * exercises (see the module's comment). Never throws for anything in the submission.
 * @param options.skip - A real path never read (the grader's output folder, when it is inside).
 * @param options.graded - The exercise ids being graded: "taken … as …" is said only for those.
 */
export function discoverSubmission(
  sources: string | readonly Source[],
  options: {
    skip?: string;
    graded?: ReadonlySet<string>;
    caps?: Partial<SubmissionCaps>;
    exercises?: readonly ExercisePlace[];
  } = {},
): Discovered {
  const walk: Walk = {
    caps: { ...SUBMISSION_CAPS, ...options.caps },
    found: [],
    others: [],
    notices: [],
    unpacked: 0,
    listed: 0,
  };
  for (const source of typeof sources === "string" ? [{ kind: "folder" as const, path: sources }] : sources) {
    if (source.kind === "folder") readFolder(source.path, walk, options.skip);
    else if (source.kind === "zip") readZipFile(source.path, source.label, walk);
    else if (fileKind(source.name) === "zip") readZipFile(source.path, source.name, walk);
    else if (fileKind(source.name) === "code") {
      const file = readSubmissionFile(join(source.path, ".."), basename(source.path));
      walk.found.push({ path: source.name, source: file.ok ? file.source : { problem: file.message } });
    } else walk.others.push(source.name);
  }
  return match(walk, options.exercises ?? coursePlaces(), options.graded);
}

// ---------------------------------------------------------------------------------------------
// The class
// ---------------------------------------------------------------------------------------------

/** Canvas: `<name>_[late_]<user id>_<submission id>_<original name>`; the name is lowercase letters. */
const CANVAS = /^([a-z0-9-]+?)_(?:late_)?(\d+)_(\d+)_(.+)$/i;
/** Moodle: `<Full Name>_<id>_assignsubmission_<plugin>_` (a folder), or the same followed by the file's name. */
const MOODLE = /^(.+?)_(\d+)_assignsubmission_[a-z]+_(.*)$/;

/**
 * The students of a submissions folder and where each one's files are (see the module's comment), and
 * notices about what in the folder is no student's. `out` (the grader's output folder) is never a student.
 */
export function listStudents(submissions: string, out?: string): { students: StudentSubmission[]; notices: string[] } {
  const realOut = out === undefined ? undefined : tryRealpath(out);
  const notices: string[] = [];
  const groups = new Map<string, { id?: string; display: string; sources: Source[] }>();
  const add = (key: string, display: string, source: Source, id?: string) => {
    const group = groups.get(key) ?? { display, sources: [], ...(id ? { id } : {}) };
    group.sources.push(source);
    groups.set(key, group);
  };
  const entries = readdirSync(submissions, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const { name } = entry;
    const path = join(submissions, name);
    if (name.startsWith(".") || isJunk(name)) continue;
    if (entry.isSymbolicLink()) {
      notices.push(`\`${name}\` in the submissions folder is a symbolic link: not followed, not graded`);
      continue;
    }
    if (entry.isDirectory()) {
      if (realOut !== undefined && tryRealpath(path) === realOut) continue;
      const moodle = MOODLE.exec(name);
      if (moodle && moodle[3] === "")
        add(`moodle:${moodle[1]}_${moodle[2]}`, moodle[1]!, { kind: "folder", path }, moodle[2]);
      else add(`folder:${name}`, name, { kind: "folder", path });
      continue;
    }
    if (!entry.isFile()) continue;
    const moodle = MOODLE.exec(name);
    const canvas = CANVAS.exec(name);
    if (moodle && moodle[3])
      add(`moodle:${moodle[1]}_${moodle[2]}`, moodle[1]!, { kind: "file", path, name: moodle[3] }, moodle[2]);
    else if (canvas)
      add(`folder:${canvas[1]!.toLowerCase()}`, canvas[1]!.toLowerCase(), { kind: "file", path, name: canvas[4]! });
    else if (fileKind(name) === "zip")
      add(`folder:${name.slice(0, -4)}`, name.slice(0, -4), { kind: "zip", path, label: name });
    else if (name !== "grades.csv")
      notices.push(`\`${name}\` in the submissions folder is no student's folder, zip or LMS download: not graded`);
  }
  // A Moodle student is named by the Full Name; two students of one name keep their ids.
  const displays = new Map<string, number>();
  for (const g of groups.values()) displays.set(g.display, (displays.get(g.display) ?? 0) + 1);
  const students = [...groups.values()]
    .map((g) => ({
      student: displays.get(g.display)! > 1 && g.id ? `${g.display}_${g.id}` : g.display,
      sources: g.sources,
    }))
    .filter((s) => s.student && !s.student.startsWith("."))
    .sort((a, b) => (a.student < b.student ? -1 : a.student > b.student ? 1 : 0));
  return { students, notices };
}

function tryRealpath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}
