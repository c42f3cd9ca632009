/**
 * Figure helpers for chapter 10 (inverse kinematics): an arm drawn as balls at the joints and rods for
 * the bones, a ring at each hinge joint at right angles to its axis (so one sees which way it may
 * turn), and a target ball. Colours are CSS strings so the same names serve Plot and three.js.
 *
 * Each maker builds its object once with room for a fixed number of joints; its `set…` companion moves
 * it (the pattern of scene.ts: a slider never creates a WebGL object, it only updates one).
 */

import * as THREE from "three";
import type { Vec3 } from "../../lib/index.ts";
import { HANDLE_HINT, handleKeys } from "./gestures.ts";
import { palette } from "./palette.ts";

/** The chapter's colours: the CCD arm, the FABRIK arm, the target, hinge rings, the unreachable shell. */
export const IK_CSS = {
  ccd: palette.blue,
  fabrik: palette.amber,
  target: palette.red,
  hinge: palette.green,
  joint: palette.slate,
  shell: palette.violet,
} as const;

const vec = (p: Readonly<Vec3>) => new THREE.Vector3(p[0], p[1], p[2]);
const Y_UP = new THREE.Vector3(0, 1, 0);

/** An arm of up to `bones` bones: rods of one colour between dark joint balls. Place it with {@link setIkArm}. */
export function ikArm(bones: number, color: THREE.ColorRepresentation, radius = 0.035): THREE.Group {
  const group = new THREE.Group();
  const rodMaterial = new THREE.MeshStandardMaterial({ color, roughness: 0.45 });
  const ballMaterial = new THREE.MeshStandardMaterial({ color: IK_CSS.joint, roughness: 0.5 });
  const rodGeometry = new THREE.CylinderGeometry(radius, radius, 1, 12);
  const ballGeometry = new THREE.SphereGeometry(radius * 1.6, 14, 10);
  for (let i = 0; i < bones; i++) group.add(new THREE.Mesh(rodGeometry, rodMaterial));
  for (let i = 0; i <= bones; i++) group.add(new THREE.Mesh(ballGeometry, ballMaterial));
  group.userData.bones = bones;
  return group;
}

/** Lays an {@link ikArm} through `positions` (base first); extra rods and balls are hidden. */
export function setIkArm(group: THREE.Group, positions: readonly Readonly<Vec3>[]): void {
  const bones: number = group.userData.bones;
  for (let i = 0; i < bones; i++) {
    const rod = group.children[i] as THREE.Mesh;
    const a = positions[i];
    const b = positions[i + 1];
    rod.visible = a !== undefined && b !== undefined;
    if (!a || !b) continue;
    const d = vec(b).sub(vec(a));
    const len = d.length();
    rod.visible = len > 1e-9;
    if (!rod.visible) continue;
    rod.position.copy(vec(a).add(vec(b)).multiplyScalar(0.5));
    rod.quaternion.setFromUnitVectors(Y_UP, d.normalize());
    rod.scale.set(1, len, 1);
  }
  for (let i = 0; i <= bones; i++) {
    const ball = group.children[bones + i] as THREE.Mesh;
    const p = positions[i];
    ball.visible = p !== undefined;
    if (p) ball.position.copy(vec(p));
  }
}

/** Up to `count` thin rings, one per hinge joint; {@link setIkHinges} puts them at right angles to the axes. */
export function ikHinges(count: number, radius = 0.09): THREE.Group {
  const group = new THREE.Group();
  const geometry = new THREE.TorusGeometry(radius, radius * 0.12, 8, 32);
  const material = new THREE.MeshStandardMaterial({ color: IK_CSS.hinge, roughness: 0.4 });
  for (let i = 0; i < count; i++) group.add(new THREE.Mesh(geometry, material));
  return group;
}

/** Places ring `i` at `positions[i]`, its plane at right angles to the world axis `axes[i]` (hidden if absent). */
export function setIkHinges(
  group: THREE.Group,
  positions: readonly Readonly<Vec3>[],
  axes: readonly (Readonly<Vec3> | undefined)[],
): void {
  group.children.forEach((ring, i) => {
    const p = positions[i];
    const a = axes[i];
    ring.visible = p !== undefined && a !== undefined;
    if (!p || !a) return;
    ring.position.copy(vec(p));
    // A torus lies in its local xy plane: turn its z axis onto the hinge axis.
    ring.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), vec(a).normalize());
  });
}

/** The target: a red ball. */
export function ikTarget(radius = 0.06): THREE.Mesh {
  return new THREE.Mesh(
    new THREE.SphereGeometry(radius, 16, 12),
    new THREE.MeshStandardMaterial({ color: IK_CSS.target, roughness: 0.35 }),
  );
}

/** A see-through wire sphere of the given radius about `center` (the reach of a chain). */
export function ikShell(radius: number, center: Readonly<Vec3>): THREE.LineSegments {
  const shell = new THREE.LineSegments(
    new THREE.WireframeGeometry(new THREE.SphereGeometry(1, 24, 12)),
    new THREE.LineBasicMaterial({ color: IK_CSS.shell, transparent: true, opacity: 0.18 }),
  );
  setIkShell(shell, radius, center);
  return shell;
}

/** Resizes and moves an {@link ikShell}. */
export function setIkShell(shell: THREE.LineSegments, radius: number, center: Readonly<Vec3>): void {
  shell.position.copy(vec(center));
  shell.scale.setScalar(Math.max(radius, 1e-6));
  shell.visible = radius > 0;
}

/**
 * Makes `objects` draggable in a scene from createScene: a press on one of them grabs it (the orbit
 * controls do not see that press), and moving the pointer slides it in the plane through it facing the
 * camera; `onDrag(index, point)` hears every move with the object's new scene position (the notebook
 * turns that into slider values, so the sliders and the drag stay one input). On the focused view, keys
 * 1…n pick an object and the arrow keys move it, through the same `onDrag` (`handleKeys`, gestures.ts).
 * Without WebGL (Node) it does nothing. Returns a function that removes the listeners.
 */
export function ikDraggable(
  fig: { canvas?: HTMLCanvasElement; camera: THREE.Camera; hint(text: string): void },
  objects: readonly THREE.Object3D[],
  onDrag: (index: number, point: Vec3) => void,
): () => void {
  const canvas = fig.canvas;
  if (!canvas) return () => {};
  const raycaster = new THREE.Raycaster();
  const pointer = new THREE.Vector2();
  const plane = new THREE.Plane();
  const hit = new THREE.Vector3();
  let grabbed = -1;
  const aim = (e: PointerEvent) => {
    const r = canvas.getBoundingClientRect();
    pointer.set(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
    raycaster.setFromCamera(pointer, fig.camera);
  };
  const down = (e: PointerEvent) => {
    aim(e);
    const hits = raycaster.intersectObjects(objects as THREE.Object3D[], true);
    if (hits.length === 0) return;
    let o: THREE.Object3D | null = hits[0]!.object;
    while (o && !objects.includes(o)) o = o.parent;
    grabbed = o ? objects.indexOf(o) : -1;
    if (grabbed < 0) return;
    // Keep the press from the orbit controls (this capture listener runs before theirs).
    e.stopImmediatePropagation();
    e.preventDefault();
    canvas.setPointerCapture(e.pointerId);
    const normal = new THREE.Vector3();
    fig.camera.getWorldDirection(normal);
    plane.setFromNormalAndCoplanarPoint(normal, objects[grabbed]!.getWorldPosition(new THREE.Vector3()));
    canvas.style.cursor = "grabbing";
  };
  const move = (e: PointerEvent) => {
    if (grabbed < 0) {
      aim(e);
      canvas.style.cursor = raycaster.intersectObjects(objects as THREE.Object3D[], true).length ? "pointer" : "grab";
      return;
    }
    e.stopImmediatePropagation();
    aim(e);
    if (raycaster.ray.intersectPlane(plane, hit)) onDrag(grabbed, [hit.x, hit.y, hit.z]);
  };
  const up = (e: PointerEvent) => {
    if (grabbed < 0) return;
    e.stopImmediatePropagation();
    grabbed = -1;
    canvas.style.cursor = "grab";
  };
  canvas.addEventListener("pointerdown", down, { capture: true });
  canvas.addEventListener("pointermove", move, { capture: true });
  canvas.addEventListener("pointerup", up, { capture: true });
  // The keyboard's path: keys 1…n pick a target, arrow keys move it (gestures.ts).
  fig.hint(HANDLE_HINT);
  const unkey = handleKeys(canvas, {
    names: objects.map((_, i) => `target ${i + 1}`),
    camera: fig.camera,
    step: 0.1,
    announce: (text) => fig.hint(text || HANDLE_HINT),
    move(i, delta) {
      const at = objects[i]!.getWorldPosition(new THREE.Vector3());
      onDrag(i, [at.x + delta[0], at.y + delta[1], at.z + delta[2]]);
    },
  });
  return () => {
    canvas.removeEventListener("pointerdown", down, { capture: true });
    canvas.removeEventListener("pointermove", move, { capture: true });
    canvas.removeEventListener("pointerup", up, { capture: true });
    unkey();
  };
}
