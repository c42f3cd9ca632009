/**
 * Chapter 06's flat views of what a projection does, as Plot charts: the homogeneous divide shrinking a
 * house towards the eye (section 2), one cube in four projections (section 4), the lecture's 10–20 m box mapped to pixels (section 5), and the side
 * view of a perspective frustum with a point and its image on the near plane (section 6). Each builder takes
 * the numbers the chapter's sliders set; the cell shows which slider feeds which view.
 */

import * as Plot from "../runtime/plot.js";
import { type Mat4, type Vec3, mat4, projection, scalar } from "../../lib/index.ts";
import { type FlatEdge, cubeEdges, flatEdges, transformEdges } from "./camera.ts";
import { AXIS_CSS } from "./frame.ts";
import { palette } from "./palette.ts";

/** A point of the plane, [x, y]. */
export type Point2 = [number, number];

/** Each point (x, y) of the plane z = 0 multiplied by `m` and divided by w: `mat4.transformPoint`, x and y kept. */
export function throughMatrix(points: readonly Point2[], m: Readonly<Mat4>): Point2[] {
  return points.map(([x, y]) => {
    const [px, py] = mat4.transformPoint(m, [x, y, 0]);
    return [px, py];
  });
}

/**
 * Section 2's chart: the house at w = 1 (grey, dashed), the same house divided by `w` (red), and each
 * corner's line to the origin, the eye, along which it slides.
 */
export function homogeneousChart(
  house: readonly Point2[],
  scaled: readonly Point2[],
  w: number,
  { width, caption }: { width: number; caption: string },
): Element {
  return Plot.plot({
    width,
    height: 300,
    caption,
    x: { domain: [-0.2, 3.4], label: "x" },
    y: { domain: [-0.2, 2.8], label: "y" },
    aspectRatio: 1,
    grid: true,
    marks: [
      Plot.link(house, {
        x1: 0,
        y1: 0,
        x2: (d: Point2) => d[0],
        y2: (d: Point2) => d[1],
        stroke: "#bbb",
        strokeDasharray: "3 3",
      }),
      Plot.line(house, { stroke: "#999", strokeDasharray: "5 3" }),
      Plot.line(scaled, { stroke: palette.red, strokeWidth: 2.5 }),
      Plot.dot([[0, 0]], { fill: "black", r: 4 }),
      Plot.text([[0, 0]], { text: ["origin (the eye)"], dy: -10, dx: 40 }),
      Plot.text([house[3]!], { text: ["w = 1"], dy: -10, fill: "#777" }),
      Plot.text([scaled[3]!], { text: [`w = ${w}`], dy: -10, fill: palette.red }),
    ],
  });
}

/** A world point and where it lands on the screen, with the text anchor that keeps its label inside. */
export interface PixelPoint {
  name: string;
  px: number;
  py: number;
  anchor: "start" | "middle" | "end";
  label: string;
}

/** Sends each named world point through `toPixels` (viewport · orthographic), labelled "(x, y) m → (px, py)". */
export function toPixelPoints(
  points: readonly { name: string; p: Vec3 }[],
  toPixels: Readonly<Mat4>,
  screenWidth: number,
): PixelPoint[] {
  return points.map(({ name, p }) => {
    const [px, py] = projection.project(toPixels, p);
    const anchor = px > 0.7 * screenWidth ? "end" : px < 0.3 * screenWidth ? "start" : "middle";
    return { name, px, py, anchor, label: `${name} m → (${px.toFixed(0)}, ${py.toFixed(0)})` };
  });
}

/** Section 5's chart: the screen, `screenWidth × screenHeight` pixels, y up or down, and the points on it. */
export function pixelChart(
  points: readonly PixelPoint[],
  screenWidth: number,
  screenHeight: number,
  yUp: boolean,
  { width, caption, yLabel }: { width: number; caption: string; yLabel: string },
): Element {
  return Plot.plot({
    width,
    height: 300,
    inset: 10,
    marginTop: 30,
    caption,
    x: { domain: [0, screenWidth], label: "pixel x" },
    y: { domain: yUp ? [0, screenHeight] : [screenHeight, 0], label: yLabel },
    marks: [
      Plot.rect([{ x1: 0, x2: screenWidth, y1: 0, y2: screenHeight }], {
        x1: "x1",
        x2: "x2",
        y1: "y1",
        y2: "y2",
        fill: "#f3f0e8",
        stroke: "#555",
      }),
      Plot.dot(points, { x: "px", y: "py", fill: palette.red, r: 4 }),
      ...(["start", "middle", "end"] as const).map((anchor) =>
        Plot.text(
          points.filter((p) => p.anchor === anchor),
          { x: "px", y: "py", text: "label", dy: -10, textAnchor: anchor, fontSize: 11 },
        ),
      ),
    ],
  });
}

/** What section 6's side view shows: the frustum's half-angle, its planes, the point P and its image P′. */
export interface SideView {
  /** tan(φ/2), the frustum's half-height at distance 1. */
  tanHalf: number;
  near: number;
  far: number;
  /** P's distance in front of the camera (−z) and height (y). */
  distance: number;
  height: number;
  /** P′'s height on the near plane, n·y/(−z). */
  imageHeight: number;
}

/**
 * Section 6's side view, distance (−z) across and height (y) up: the frustum to 12.5 (purple), the near
 * plane (solid) and the far one (dashed), the projector from the eye to P (red, dashed), and P′ where it
 * crosses the near plane (blue) — the similar triangles of the derivation in grey.
 */
export function sideViewChart(v: SideView, { width, caption }: { width: number; caption: string }): Element {
  const reach = 12.5;
  const { tanHalf, near, far, distance, height, imageHeight } = v;
  const link = { x1: "x1", y1: "y1", x2: "x2", y2: "y2" } as const;
  return Plot.plot({
    width,
    height: 300,
    caption,
    x: { domain: [0, reach], label: "distance in front of the camera, −z →" },
    y: { domain: [-5, 5], label: "y" },
    marks: [
      Plot.areaY(
        [
          { d: 0, lo: 0, hi: 0 },
          { d: reach, lo: -reach * tanHalf, hi: reach * tanHalf },
        ],
        { x: "d", y1: "lo", y2: "hi", fill: palette.light.purple, fillOpacity: 0.5, clip: true },
      ),
      Plot.ruleX([near], { y1: -near * tanHalf, y2: near * tanHalf, stroke: palette.purple, strokeWidth: 3 }),
      Plot.ruleX([far], {
        y1: -far * tanHalf,
        y2: far * tanHalf,
        stroke: palette.purple,
        strokeDasharray: "4 3",
        clip: true,
      }),
      Plot.text([[near, near * tanHalf]], { text: ["near"], dy: -10, fill: palette.purple }),
      Plot.text([[far, Math.min(far * tanHalf, 4.6)]], { text: ["far"], dy: -8, fill: palette.purple }),
      Plot.link([{ x1: 0, y1: 0, x2: distance, y2: height }], { ...link, stroke: palette.red, strokeDasharray: "5 3" }),
      Plot.link(
        [
          { x1: near, y1: 0, x2: near, y2: imageHeight },
          { x1: distance, y1: 0, x2: distance, y2: height },
        ],
        { ...link, stroke: "#999" },
      ),
      Plot.ruleY([0], { stroke: "#bbb" }),
      Plot.dot([[0, 0]], { fill: "black", r: 4 }),
      Plot.dot([[distance, height]], { fill: palette.red, r: 5 }),
      Plot.dot([[near, imageHeight]], { fill: palette.blue, r: 5 }),
      Plot.text([[distance, height]], { text: ["P"], dx: 10, fontWeight: "bold" }),
      Plot.text([[near, imageHeight]], { text: ["P′"], dx: 12, dy: -10, fontWeight: "bold", fill: palette.blue }),
      Plot.text([[0, 0]], { text: ["eye"], dy: 12 }),
    ],
  });
}

/**
 * Section 4's four projections of a cube in camera space (view plane z = 0): orthographic; cavalier (k = 1)
 * and cabinet (k = ½), sheared along the screen direction `obliqueRad`; and perspective from an eye
 * `eyeDistance` in front of the cube's centre (fovY 50°), rescaled so that the plane through the centre
 * keeps its true size — only the differences in depth show.
 */
export function projectionTaxonomy(obliqueRad: number, eyeDistance: number): [string, Mat4][] {
  const fov = scalar.degToRad(50);
  const toNdc = mat4.multiply(projection.perspective(fov, 1, 0.1, 100), mat4.translation([0, 0, -eyeDistance]));
  const halfSize = eyeDistance * Math.tan(fov / 2);
  const unscale = mat4.scaling([halfSize, halfSize, 1]);
  return [
    ["orthographic", mat4.identity()],
    ["cavalier (k = 1)", projection.oblique(obliqueRad, 1)],
    ["cabinet (k = ½)", projection.oblique(obliqueRad, 0.5)],
    ["perspective", mat4.multiply(unscale, toNdc)],
  ];
}

/** A panel's place in the grid of small charts. */
export interface PanelPlace {
  column: number;
  row: number;
}

/**
 * The unit cube turned by `turn`, drawn by each projection in its own panel (`columns` panels a row), and
 * each panel's title.
 */
export function taxonomyPanels(
  taxonomy: readonly [string, Mat4][],
  turn: Readonly<Mat4>,
  columns: number,
): { edges: (FlatEdge & PanelPlace)[]; titles: (PanelPlace & { name: string })[] } {
  const place = (i: number) => ({ column: i % columns, row: Math.floor(i / columns) });
  const edges = taxonomy.flatMap(([, m], i) =>
    flatEdges(transformEdges(cubeEdges(0.5), mat4.multiply(m, turn))).map((e) => ({ ...place(i), ...e })),
  );
  return { edges, titles: taxonomy.map(([name], i) => ({ ...place(i), name })) };
}

/** Section 4's chart: the panels of {@link taxonomyPanels}, edges coloured by the axis they run along. */
export function taxonomyChart(
  panels: ReturnType<typeof taxonomyPanels>,
  columns: number,
  { width, caption }: { width: number; caption: string },
): Element {
  return Plot.plot({
    width,
    height: columns === 4 ? 310 : 540,
    marginTop: 30,
    caption,
    marginBottom: 40,
    marginLeft: 50,
    fx: { axis: null },
    fy: { axis: null },
    x: { domain: [-1.3, 1.3], label: "x on the view plane →", labelAnchor: "center", ticks: 5 },
    y: { domain: [-1.3, 1.3], label: "↑ y on the view plane", ticks: 5 },
    color: { domain: ["X", "Y", "Z"], range: [...AXIS_CSS], legend: true },
    marks: [
      Plot.frame({ stroke: "#ddd" }),
      Plot.link(panels.edges, {
        fx: "column",
        fy: "row",
        x1: "x1",
        y1: "y1",
        x2: "x2",
        y2: "y2",
        stroke: "axis",
        strokeWidth: 2,
      }),
      Plot.text(panels.titles, {
        fx: "column",
        fy: "row",
        text: "name",
        frameAnchor: "top",
        lineAnchor: "top",
        dy: 4,
        fontSize: 12,
      }),
    ],
  });
}
