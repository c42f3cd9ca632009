/**
 * Reading a student's files on the trusted side, before any of their code runs: only regular files
 * inside their folder, never through a symbolic link, never oversized.
 */

import { lstatSync, readFileSync, realpathSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { CAPS } from "./limits.ts";

/**
 * Reads `rel` inside a student's folder: refuses symbolic links anywhere below the folder (a link to
 * the course's solutions/ would make the trusted side copy the reference answer), non-regular files and
 * oversized files.
 */
export function readSubmissionFile(
  studentDir: string,
  rel: string,
): { ok: true; source: string } | { ok: false; missing?: boolean; message: string } {
  try {
    if (isAbsolute(rel) || rel.split(/[\\/]/).includes("..")) return { ok: false, message: `bad path ${rel}` };
    const root = realpathSync(studentDir);
    const full = join(root, rel);
    let st;
    try {
      st = lstatSync(full);
    } catch {
      return { ok: false, missing: true, message: `${rel} was not submitted` };
    }
    if (st.isSymbolicLink() || realpathSync(full) !== full)
      return { ok: false, message: `${rel}: symbolic links are not accepted` };
    if (!st.isFile()) return { ok: false, message: `${rel} is not a regular file` };
    if (st.size > CAPS.maxSourceBytes)
      return { ok: false, message: `${rel} is larger than ${CAPS.maxSourceBytes} bytes` };
    return { ok: true, source: readFileSync(full, "utf8") };
  } catch (error) {
    return {
      ok: false,
      message: `${rel} cannot be read (${(error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message})`,
    };
  }
}
