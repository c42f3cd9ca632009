/** Chapter 02's exercises. */

import type { Chapter } from "../types.ts";

export const chapter02: Chapter = {
  id: "02-euler-angles",
  title: "Euler angles and gimbal lock",
  exercises: [],
};
