/** The figure helpers every chapter uses; import from here: `import {createScene} from "./figures/index.ts"`. */
export * from "./caption.ts";
export * from "./constraints.ts";
export * from "./ellipsoid.ts";
export * from "./fitting.ts";
export * from "./frame.ts";
export * from "./ik.ts";
export * from "./kabsch.ts";
export * from "./matrix.ts";
export * from "./nearest-rotation.ts";
export * from "./palette.ts";
export * from "./path-smoothing.ts";
export * from "./ray-marching.ts";
export * from "./scene.ts";
export * from "./gestures.ts";
export * from "./segments.ts";
export * from "./trackball.ts";
export * from "./your-turn.ts";
