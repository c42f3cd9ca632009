/**
 * Figure helpers for chapter 15 (path smoothing): an editable grid drawn in SVG (click a cell to toggle
 * an obstacle) with paths, the swept band of a thick agent and marked cells laid over it; the same grid
 * as an Observable Plot chart for static figures; and a three.js world — obstacles as boxes, paths as
 * rods, the agent as a disc that slides along a path.
 *
 * Grid convention (lib/path.ts): cell (i, j) is the unit square centred on (i, j); rows are strings,
 * `rows[j][i]`, `"#"` blocked, and y grows down the map as in the strings (and down the SVG). In the
 * three.js world the map lies on the ground: x to the right, y towards the viewer (three's +z).
 */

import * as Plot from "../runtime/plot.js";
import * as THREE from "three";
import { path } from "../../lib/index.ts";
import { palette } from "./palette.ts";

type GridPoint = path.GridPoint;

/** The chapter's colours, CSS strings shared by SVG, Plot and three.js. */
export const PATH_CSS = {
  obstacle: palette.slate,
  free: "#fbfbf8",
  gridLine: palette.light.grey,
  raw: "#9aa5b1",
  blog: palette.red,
  fixed: palette.blue,
  thick: palette.green,
  start: palette.amber,
  goal: palette.violet,
  touched: "#f4d35e",
} as const;

/** One path to draw: its points, colour and (optional) dash pattern, width in pixels, label. */
export interface PathLayer {
  points: readonly Readonly<GridPoint>[];
  color: string;
  label?: string;
  dash?: string;
  width?: number;
  /** Draw the band a disc of this radius (cell units) sweeps along the path, under the line. */
  sweepRadius?: number;
}

/** A cell to mark (e.g. an obstacle a leg crosses, or the cells a walk visits). */
export interface MarkedCell {
  cell: Readonly<GridPoint>;
  color: string;
  opacity?: number;
}

/** The editable grid: an element whose `value` is the map's rows; clicking a cell toggles it. */
export type PathGridEditor = HTMLElement & { value: string[] };

const SVG = "http://www.w3.org/2000/svg";
const svgEl = (name: string, attrs: Record<string, string | number>): SVGElement => {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
};

/**
 * An SVG grid editor: free cells light, obstacles dark, the start and goal as discs. Clicking a cell
 * (not the start or the goal) toggles it and dispatches an `input` event, so `view(editor)` follows it;
 * the "Reset" button restores `rows`. {@link setGridOverlay} draws paths over it. From the keyboard: the
 * map takes focus (Tab), the arrow keys move a cursor (a thick outline) over the cells, and Space or
 * Enter toggles the cell under it; the map's `data-cursor` is the cursor's cell, "i,j".
 */
export function pathGridEditor(
  rows: readonly string[],
  { start, goal, cellPx = 34 }: { start: GridPoint; goal: GridPoint; cellPx?: number },
): PathGridEditor {
  const width = rows[0]!.length,
    height = rows.length;
  const root = document.createElement("div") as unknown as PathGridEditor;
  root.className = "path-grid-editor";
  const svg = svgEl("svg", {
    viewBox: `0 0 ${width * cellPx} ${height * cellPx}`,
    width: width * cellPx,
    style: "max-width: 100%; height: auto; cursor: pointer; user-select: none; display: block",
    role: "img",
    "aria-label": `Map: a ${width} × ${height} grid of free and blocked cells, with the start and the goal; click a cell to block or free it, or use the arrow keys and Space`,
    tabindex: 0,
  });
  const cells = svgEl("g", { class: "cells" });
  const overlay = svgEl("g", { class: "overlay", "pointer-events": "none" });
  const ends = svgEl("g", { class: "ends", "pointer-events": "none" });
  svg.append(cells, overlay, ends);
  let current = [...rows];
  const rects: SVGElement[][] = [];
  const toggle = (i: number, j: number) => {
    if ((i === start[0] && j === start[1]) || (i === goal[0] && j === goal[1])) return;
    const row = current[j]!;
    current = current.map((s, jj) =>
      jj === j ? row.slice(0, i) + (row[i] === "#" ? "." : "#") + row.slice(i + 1) : s,
    );
    paint();
    root.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const paint = () => {
    for (let j = 0; j < height; j++)
      for (let i = 0; i < width; i++)
        rects[j]![i]!.setAttribute("fill", current[j]![i] === "#" ? PATH_CSS.obstacle : PATH_CSS.free);
  };
  for (let j = 0; j < height; j++) {
    rects.push([]);
    for (let i = 0; i < width; i++) {
      const r = svgEl("rect", {
        x: i * cellPx,
        y: j * cellPx,
        width: cellPx,
        height: cellPx,
        stroke: PATH_CSS.gridLine,
        "stroke-width": 1,
      });
      r.addEventListener("click", () => toggle(i, j));
      rects[j]!.push(r);
      cells.append(r);
    }
  }
  for (const [[x, y], color, text] of [
    [start, PATH_CSS.start, "S"],
    [goal, PATH_CSS.goal, "G"],
  ] as const) {
    ends.append(svgEl("circle", { cx: (x + 0.5) * cellPx, cy: (y + 0.5) * cellPx, r: cellPx * 0.3, fill: color }));
    const label = svgEl("text", {
      x: (x + 0.5) * cellPx,
      y: (y + 0.5) * cellPx + cellPx * 0.12,
      "text-anchor": "middle",
      "font-size": cellPx * 0.36,
      "font-family": "sans-serif",
      fill: "white",
    });
    label.textContent = text;
    ends.append(label);
  }
  paint();
  // The keyboard's cursor: shown while the map has focus, starting at the start cell.
  const cursor = svgEl("rect", {
    width: cellPx,
    height: cellPx,
    fill: "none",
    stroke: PATH_CSS.start,
    "stroke-width": 4,
  });
  cursor.setAttribute("visibility", "hidden");
  ends.append(cursor);
  let at: [number, number] = [start[0], start[1]];
  const placeCursor = () => {
    cursor.setAttribute("x", String(at[0] * cellPx));
    cursor.setAttribute("y", String(at[1] * cellPx));
    svg.dataset.cursor = at.join(",");
  };
  placeCursor();
  svg.addEventListener("focus", () => cursor.setAttribute("visibility", "visible"));
  svg.addEventListener("blur", () => cursor.setAttribute("visibility", "hidden"));
  svg.addEventListener("keydown", (e) => {
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const step = steps[e.key];
    if (step) {
      at = [Math.min(width - 1, Math.max(0, at[0] + step[0])), Math.min(height - 1, Math.max(0, at[1] + step[1]))];
      placeCursor();
    } else if (e.key === " " || e.key === "Enter") toggle(at[0], at[1]);
    else return;
    e.preventDefault();
  });
  const hint = document.createElement("div");
  hint.className = "figure-hint";
  hint.textContent =
    "Click a cell to block or free it · keyboard: Tab to the map, arrow keys move the cursor, Space or Enter toggles the cell";
  const reset = document.createElement("button");
  reset.textContent = "Reset the map";
  reset.style.margin = "0.4rem 0";
  reset.addEventListener("click", () => {
    current = [...rows];
    paint();
    root.dispatchEvent(new Event("input", { bubbles: true }));
  });
  const legend = document.createElement("div");
  legend.className = "legend";
  legend.style.cssText = "font: 13px sans-serif; display: flex; gap: 1rem; flex-wrap: wrap; margin: 0.3rem 0";
  root.append(svg, hint, legend, reset);
  Object.defineProperty(root, "value", {
    get: () => [...current],
    set: (v: string[]) => {
      current = [...v];
      paint();
    },
  });
  (root as unknown as { cellPx: number }).cellPx = cellPx;
  return root;
}

/** Replaces the paths, swept bands and marked cells drawn over a {@link pathGridEditor}. */
export function setGridOverlay(
  editor: PathGridEditor,
  layers: readonly PathLayer[],
  marked: readonly MarkedCell[] = [],
): void {
  const cellPx = (editor as unknown as { cellPx: number }).cellPx;
  const overlay = editor.querySelector("g.overlay")!;
  overlay.replaceChildren();
  const at = (p: Readonly<GridPoint>) => `${(p[0] + 0.5) * cellPx},${(p[1] + 0.5) * cellPx}`;
  for (const { cell, color, opacity = 0.55 } of marked) {
    overlay.append(
      svgEl("rect", {
        x: cell[0] * cellPx + 2,
        y: cell[1] * cellPx + 2,
        width: cellPx - 4,
        height: cellPx - 4,
        fill: "none",
        stroke: color,
        "stroke-width": 4,
        opacity,
      }),
    );
  }
  for (const layer of layers) {
    if (layer.sweepRadius && layer.points.length > 0) {
      overlay.append(
        svgEl("polyline", {
          points: layer.points.map(at).join(" "),
          fill: "none",
          stroke: layer.color,
          "stroke-opacity": 0.22,
          "stroke-width": 2 * layer.sweepRadius * cellPx,
          "stroke-linecap": "round",
          "stroke-linejoin": "round",
        }),
      );
    }
  }
  for (const layer of layers) {
    overlay.append(
      svgEl("polyline", {
        points: layer.points.map(at).join(" "),
        fill: "none",
        stroke: layer.color,
        "stroke-width": layer.width ?? 3,
        "stroke-dasharray": layer.dash ?? "none",
        "stroke-linejoin": "round",
      }),
    );
    for (const p of layer.points) {
      const [cx, cy] = at(p).split(",");
      overlay.append(svgEl("circle", { cx: cx!, cy: cy!, r: (layer.width ?? 3) + 1, fill: layer.color }));
    }
  }
  const legend = editor.querySelector("div.legend")!;
  legend.replaceChildren(
    ...layers
      .filter((l) => l.label)
      .map((l) => {
        const item = document.createElement("span");
        item.innerHTML = `<svg width="26" height="10"><line x1="0" y1="5" x2="26" y2="5" stroke="${l.color}" stroke-width="3" stroke-dasharray="${l.dash ?? "none"}"/></svg> ${l.label}`;
        return item;
      }),
  );
}

/**
 * The grid as an Observable Plot chart: obstacles as dark squares, marked cells tinted, paths as lines
 * with their waypoints as dots, y growing down as in the map. For static figures (a single leg's walk).
 */
export function gridPlot(
  rows: readonly string[],
  {
    layers = [],
    marked = [],
    width = 480,
    caption,
  }: {
    layers?: readonly PathLayer[];
    marked?: readonly MarkedCell[];
    width?: number;
    /** What the chart shows and what to notice, in one sentence (Plot's `caption`). */
    caption?: string;
  },
): Element {
  const W = rows[0]!.length,
    H = rows.length;
  width = Math.max(width, 160); // a page being laid out can report a width of 0
  const blocked = rows.flatMap((row, j) => [...row].flatMap((c, i) => (c === "#" ? [{ i, j }] : [])));
  const lines = layers.flatMap((l, k) => l.points.map(([x, y]) => ({ x, y, k, color: l.color })));
  return Plot.plot({
    width,
    caption,
    height: Math.round(((width - 50) * H) / W) + 50,
    marginLeft: 30,
    marginBottom: 30,
    x: { domain: [-0.5, W - 0.5], ticks: W <= 16 ? W : 8, label: "x (cells)" },
    y: { domain: [-0.5, H - 0.5], reverse: true, ticks: H <= 16 ? H : 8, label: "y (cells)" },
    marks: [
      Plot.rect(blocked, {
        x1: (d) => d.i - 0.5,
        x2: (d) => d.i + 0.5,
        y1: (d) => d.j - 0.5,
        y2: (d) => d.j + 0.5,
        fill: PATH_CSS.obstacle,
      }),
      Plot.rect(
        marked.map((m) => ({ ...m, i: m.cell[0], j: m.cell[1] })),
        {
          x1: (d) => d.i - 0.5,
          x2: (d) => d.i + 0.5,
          y1: (d) => d.j - 0.5,
          y2: (d) => d.j + 0.5,
          fill: (d) => d.color,
          fillOpacity: (d) => d.opacity ?? 0.55,
        },
      ),
      Plot.gridX(
        Array.from({ length: W + 1 }, (_, i) => i - 0.5),
        { stroke: PATH_CSS.gridLine, strokeOpacity: 1 },
      ),
      Plot.gridY(
        Array.from({ length: H + 1 }, (_, j) => j - 0.5),
        { stroke: PATH_CSS.gridLine, strokeOpacity: 1 },
      ),
      ...layers.map((l, k) =>
        Plot.line(
          lines.filter((d) => d.k === k),
          { x: "x", y: "y", stroke: l.color, strokeWidth: l.width ?? 2.5, strokeDasharray: l.dash },
        ),
      ),
      Plot.dot(lines, { x: "x", y: "y", fill: (d) => d.color, r: 3 }),
    ],
  });
}

/** The point a fraction `s ∈ [0, 1]` of the way along a polyline, by arc length. */
export function pointAlongPath(points: readonly Readonly<GridPoint>[], s: number): GridPoint {
  const legs = points.slice(1).map((p, k) => Math.hypot(p[0] - points[k]![0], p[1] - points[k]![1]));
  let left = Math.max(0, Math.min(1, s)) * legs.reduce((a, b) => a + b, 0);
  for (let k = 0; k < legs.length; k++) {
    if (left <= legs[k]! || k === legs.length - 1) {
      const t = legs[k]! === 0 ? 0 : Math.min(1, left / legs[k]!);
      const [a, b] = [points[k]!, points[k + 1]!];
      return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
    }
    left -= legs[k]!;
  }
  return [points[0]![0], points[0]![1]];
}

/** The three.js world of a grid: obstacles, paths and an agent; make once, then call its setters. */
export interface PathWorld {
  group: THREE.Group;
  /** Rebuilds the obstacles (and the floor) for a map of at most the size given at creation. */
  setGrid(rows: readonly string[]): void;
  /** Replaces the paths (rods along each leg, a ball at each waypoint). */
  setPaths(layers: readonly PathLayer[]): void;
  /** Places the agent, a disc of `radius` cells in `color`, at a point of the map (or hides it with null). */
  setAgent(point: Readonly<GridPoint> | null, radius: number, color?: string): void;
}

/** A {@link PathWorld} for maps up to `maxWidth × maxHeight`, scaled to about 3.6 scene units across. */
export function pathWorld(maxWidth: number, maxHeight: number): PathWorld {
  const s = 3.6 / Math.max(maxWidth, maxHeight);
  let W = maxWidth,
    H = maxHeight;
  const world = (x: number, y: number, up = 0) => new THREE.Vector3((x - (W - 1) / 2) * s, up, (y - (H - 1) / 2) * s);
  const group = new THREE.Group();
  const floor = new THREE.Mesh(new THREE.PlaneGeometry(1, 1), new THREE.MeshStandardMaterial({ color: PATH_CSS.free }));
  floor.rotation.x = -Math.PI / 2;
  const lines = new THREE.LineSegments(
    new THREE.BufferGeometry(),
    new THREE.LineBasicMaterial({ color: PATH_CSS.gridLine }),
  );
  const boxes = new THREE.InstancedMesh(
    new THREE.BoxGeometry(s, 0.6 * s, s),
    new THREE.MeshStandardMaterial({ color: PATH_CSS.obstacle, roughness: 0.7 }),
    maxWidth * maxHeight,
  );
  boxes.count = 0;
  const paths = new THREE.Group();
  const agent = new THREE.Mesh(
    new THREE.CylinderGeometry(1, 1, 0.08 * s, 40),
    new THREE.MeshStandardMaterial({ color: PATH_CSS.thick, transparent: true, opacity: 0.75 }),
  );
  agent.visible = false;
  group.add(floor, lines, boxes, paths, agent);
  const disposeChildren = (g: THREE.Group) => {
    for (const child of [...g.children]) {
      const mesh = child as THREE.Mesh;
      mesh.geometry?.dispose();
      (mesh.material as THREE.Material | undefined)?.dispose?.();
      g.remove(child);
    }
  };
  return {
    group,
    setGrid(rows) {
      W = rows[0]!.length;
      H = rows.length;
      floor.scale.set(W * s, H * s, 1);
      const pts: THREE.Vector3[] = [];
      for (let i = 0; i <= W; i++) pts.push(world(i - 0.5, -0.5, 0.002), world(i - 0.5, H - 0.5, 0.002));
      for (let j = 0; j <= H; j++) pts.push(world(-0.5, j - 0.5, 0.002), world(W - 0.5, j - 0.5, 0.002));
      lines.geometry.dispose();
      lines.geometry = new THREE.BufferGeometry().setFromPoints(pts);
      const m = new THREE.Matrix4();
      let n = 0;
      rows.forEach((row, j) =>
        [...row].forEach((c, i) => {
          if (c === "#" && n < boxes.instanceMatrix.count)
            boxes.setMatrixAt(n++, m.makeTranslation(world(i, j, 0.3 * s)));
        }),
      );
      boxes.count = n;
      boxes.instanceMatrix.needsUpdate = true;
      boxes.computeBoundingSphere();
    },
    setPaths(layers) {
      disposeChildren(paths);
      const up = new THREE.Vector3(0, 1, 0);
      layers.forEach((layer, k) => {
        const material = new THREE.MeshStandardMaterial({ color: layer.color, roughness: 0.4 });
        const lift = (0.15 + 0.12 * k) * s; // each path at its own height, so overlapping legs stay visible
        const radius = 0.05 * s * ((layer.width ?? 3) / 3);
        layer.points.forEach((p, m) => {
          const ball = new THREE.Mesh(new THREE.SphereGeometry(radius * 1.8, 12, 8), material.clone());
          ball.position.copy(world(p[0], p[1], lift));
          paths.add(ball);
          if (m === 0) return;
          const a = world(layer.points[m - 1]![0], layer.points[m - 1]![1], lift),
            b = world(p[0], p[1], lift);
          const length = a.distanceTo(b);
          if (length === 0) return;
          const rod = new THREE.Mesh(new THREE.CylinderGeometry(radius, radius, length, 10), material.clone());
          rod.position.copy(a).add(b).multiplyScalar(0.5);
          rod.quaternion.setFromUnitVectors(up, b.clone().sub(a).normalize());
          paths.add(rod);
        });
        material.dispose();
      });
    },
    setAgent(point, radius, color = PATH_CSS.thick) {
      agent.visible = point !== null;
      if (!point) return;
      (agent.material as THREE.MeshStandardMaterial).color.set(color);
      agent.position.copy(world(point[0], point[1], 0.05 * s));
      agent.scale.set(radius * s, 1, radius * s);
    },
  };
}

/** What a path costs and where it goes wrong on a grid. */
export interface PathMeasures {
  /** Its length, in cells. */
  length: number;
  /** Its clearance: the least distance from the path to an obstacle (`path.clearance`). */
  clearance: number;
  /** Its legs that have no line of sight (a zero-width ray crosses an obstacle): none for a sound smoothing. */
  blockedLegs: [GridPoint, GridPoint][];
}

/** Measures `points` on `grid`: length, clearance, and the legs that pass through an obstacle. */
export function measurePath(grid: path.Grid, points: readonly GridPoint[]): PathMeasures {
  return {
    length: path.pathLength(points),
    clearance: path.clearance(grid, points),
    blockedLegs: points
      .slice(1)
      .flatMap((p, k): [GridPoint, GridPoint][] => (path.lineOfSight(grid, points[k]!, p) ? [] : [[points[k]!, p]])),
  };
}

/** The blocked cells of `grid` that the legs cross (each leg's cells by `path.cellsOnSegment`, in order). */
export function blockedCellsOnLegs(grid: path.Grid, legs: readonly (readonly [GridPoint, GridPoint])[]): GridPoint[] {
  return legs.flatMap(([a, b]) => path.cellsOnSegment(a, b).filter(([i, j]) => grid.blocked(i, j)));
}

/**
 * The grid walk as it is usually written, `tMax += tDelta` — the crossing parameters *accumulated* step
 * by step instead of computed afresh — with the same corner rule as `path.cellsOnSegment` (a leg through
 * a corner touches both cells beside it). Transcribed to show what rounding does: after many steps the
 * sums drift, an exact tie at a corner is missed, and a cell the leg touches is skipped.
 */
export function accumulatedWalk(a: GridPoint, b: GridPoint): GridPoint[] {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const [sx, sy] = [Math.sign(dx), Math.sign(dy)];
  let [i, j] = [Math.round(a[0]), Math.round(a[1])];
  let tx = sx === 0 ? Infinity : (i + sx / 2 - a[0]) / dx;
  let ty = sy === 0 ? Infinity : (j + sy / 2 - a[1]) / dy;
  const cells: GridPoint[] = [[i, j]];
  while (Math.min(tx, ty) <= 1) {
    const t = Math.min(tx, ty);
    if (tx === ty) cells.push([i + sx, j], [i, j + sy]);
    if (tx === t) {
      i += sx;
      tx += 1 / Math.abs(dx);
    }
    if (ty === t) {
      j += sy;
      ty += 1 / Math.abs(dy);
    }
    cells.push([i, j]);
  }
  return cells;
}

/**
 * The cells of `exact` (the library's walk of the leg a → b) that {@link accumulatedWalk} misses. Only
 * for a leg between cell centres (integer ends), where the two walks should agree exactly; [] otherwise.
 */
export function cellsMissedByAccumulating(a: GridPoint, b: GridPoint, exact: readonly GridPoint[]): GridPoint[] {
  if (![...a, ...b].every(Number.isInteger)) return [];
  const key = ([i, j]: Readonly<GridPoint>) => `${i},${j}`;
  const walked = new Set(accumulatedWalk(a, b).map(key));
  return exact.filter((c) => !walked.has(key(c)));
}
