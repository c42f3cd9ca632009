/** Chapter 03's exercises. */

import type { Chapter } from "../types.ts";

export const chapter03: Chapter = {
  id: "03-axis-angle",
  title: "Axis–angle",
  exercises: [],
};
