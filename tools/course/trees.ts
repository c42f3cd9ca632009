/**
 * The manifest and the two trees must agree: every exercise in the manifest has its file in both
 * `exercises/` and `solutions/`, and neither tree holds a `.ts` file the manifest does not know
 * (besides the shared support module `exercises/not-implemented.ts`).
 */

import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { fromRoot } from "../notebook-kit/kit.ts";
import { SUPPORT_FILES } from "./course.ts";
import { exercises } from "./manifest.ts";

async function tsFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const all = (await readdir(dir, { recursive: true })) as string[];
  return all.filter((f) => f.endsWith(".ts")).map((f) => f.replaceAll("\\", "/"));
}

/** Every disagreement between the manifest and the trees, as sentences; empty when they agree. */
export async function treeProblems(
  trees: readonly ("exercises" | "solutions")[] = ["exercises", "solutions"],
): Promise<string[]> {
  const problems: string[] = [];
  const known = new Set(exercises.map((e) => e.file));
  const ids = new Set<string>();
  for (const e of exercises) {
    if (ids.has(e.id)) problems.push(`exercise id "${e.id}" is used twice`);
    ids.add(e.id);
  }
  for (const tree of trees) {
    const files = await tsFiles(fromRoot(tree));
    for (const f of files) {
      if (!known.has(f) && !(tree === "exercises" && SUPPORT_FILES.includes(f)))
        problems.push(`${tree}/${f} is not in the manifest`);
    }
    for (const f of known) if (!existsSync(join(fromRoot(tree), f))) problems.push(`${tree}/${f} is missing`);
  }
  return problems;
}
