/** Chapter 06's exercises. */

import type { Chapter } from "../types.ts";

export const chapter06: Chapter = {
  id: "06-camera-and-projection",
  title: "Camera and projection",
  exercises: [],
};
