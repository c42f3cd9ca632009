/**
 * three.js as an independent oracle for conventions: it is written by other
 * people, with other formulas, and agrees with us only if our conventions
 * (xyzw, column-major, intrinsic Euler orders, right-handed) are the same.
 */

import fc from "fast-check";
import * as THREE from "three";
import { describe, expect, it } from "vitest";
import { type Quat, euler, interpolate, mat3, mat4, projection, quat, scalar } from "../../lib/index.ts";
import { RUNS, angle, unitQuat, unitVector, vector } from "../helpers/arbitraries.ts";
import { PEER } from "../helpers/tolerance.ts";

const threeQuat = (q: Readonly<Quat>) => new THREE.Quaternion(q[0], q[1], q[2], q[3]);
const fromThree = (q: THREE.Quaternion): Quat => [q.x, q.y, q.z, q.w];

/** three.js supports the six Tait–Bryan orders, intrinsic, with angles named by axis. */
const THREE_ORDERS = euler.TAIT_BRYAN_ORDERS;

describe("conventions against three.js", () => {
  it.each(THREE_ORDERS)("Euler order %s (intrinsic) gives three.js's matrix and quaternion", (order) => {
    fc.assert(
      fc.property(angle, angle, angle, (a0, a1, a2) => {
        const angles: [number, number, number] = [a0, a1, a2];
        const byAxis = { X: 0, Y: 0, Z: 0 };
        order.split("").forEach((axis, i) => (byAxis[axis as "X" | "Y" | "Z"] = angles[i]!));
        const e = new THREE.Euler(byAxis.X, byAxis.Y, byAxis.Z, order);
        const m = new THREE.Matrix4().makeRotationFromEuler(e);
        expect(mat4.fromMat3(euler.toMat3(angles, order))).toBeCloseToVec(m.elements, PEER);
        expect(euler.toQuat(angles, order)).toBeSameRotation(fromThree(new THREE.Quaternion().setFromEuler(e)));
      }),
      RUNS,
    );
  });

  it.each(THREE_ORDERS)("Euler order %s: our matrix → angles rebuilds three.js's matrix", (order) => {
    fc.assert(
      fc.property(unitQuat, (q) => {
        const m = new THREE.Matrix4().makeRotationFromQuaternion(threeQuat(q));
        const e = new THREE.Euler().setFromRotationMatrix(m, order);
        const ours = euler.fromQuat(q, order);
        const theirs = order.split("").map((axis) => e[axis.toLowerCase() as "x" | "y" | "z"]);
        // Away from gimbal lock the decomposition is unique, so the angles themselves must agree.
        if (!euler.isGimbalLock(ours, order, 1e-3)) expect(ours).toBeCloseToVec(theirs, { atol: 1e-9, rtol: 0 });
      }),
      RUNS,
    );
  });

  it("quaternion → matrix matches Matrix4.makeRotationFromQuaternion (column-major, xyzw)", () => {
    fc.assert(
      fc.property(unitQuat, (q) => {
        expect(quat.toMat4(q)).toBeCloseToVec(
          new THREE.Matrix4().makeRotationFromQuaternion(threeQuat(q)).elements,
          PEER,
        );
      }),
      RUNS,
    );
  });

  it("matrix → quaternion matches Quaternion.setFromRotationMatrix", () => {
    fc.assert(
      fc.property(unitQuat, (q) => {
        const m = new THREE.Matrix4().fromArray(quat.toMat4(q));
        expect(quat.fromMat3(quat.toMat3(q))).toBeSameRotation(
          fromThree(new THREE.Quaternion().setFromRotationMatrix(m)),
          1e-12,
        );
      }),
      RUNS,
    );
  });

  it("axis–angle and the product order match setFromAxisAngle and multiply", () => {
    fc.assert(
      fc.property(unitVector, angle, unitQuat, (n, a, b) => {
        const ours = quat.fromAxisAngle(n, a);
        const theirs = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(...n), a);
        expect(ours).toBeCloseToVec(fromThree(theirs), PEER);
        expect(quat.multiply(ours, b)).toBeCloseToVec(fromThree(theirs.clone().multiply(threeQuat(b))), PEER);
      }),
      RUNS,
    );
  });

  it("rotating a vector matches Vector3.applyQuaternion, and canonical rotations match makeRotationX/Y/Z", () => {
    fc.assert(
      fc.property(unitQuat, vector, angle, (q, v, a) => {
        const theirs = new THREE.Vector3(...v).applyQuaternion(threeQuat(q));
        expect(quat.rotateVec3(q, v)).toBeCloseToVec(theirs.toArray(), PEER);
        expect(mat4.fromMat3(mat3.rotationX(a))).toBeCloseToVec(new THREE.Matrix4().makeRotationX(a).elements, PEER);
        expect(mat4.fromMat3(mat3.rotationY(a))).toBeCloseToVec(new THREE.Matrix4().makeRotationY(a).elements, PEER);
        expect(mat4.fromMat3(mat3.rotationZ(a))).toBeCloseToVec(new THREE.Matrix4().makeRotationZ(a).elements, PEER);
      }),
      RUNS,
    );
  });

  it("slerp matches Quaternion.slerpQuaternions away from tiny angles", () => {
    fc.assert(
      fc.property(unitQuat, unitQuat, fc.double({ min: 0, max: 1, noNaN: true }), (a, b, t) => {
        fc.pre(quat.angleBetween(a, b) > 1e-3);
        const theirs = new THREE.Quaternion().slerpQuaternions(threeQuat(a), threeQuat(b), t);
        expect(interpolate.slerp(a, b, t)).toBeSameRotation(fromThree(theirs), 1e-9);
      }),
      RUNS,
    );
  });

  it("lookAt matches Matrix4.lookAt (three's is the camera's world matrix: ours is its inverse)", () => {
    const eye = new THREE.Vector3(3, 4, 5);
    const target = new THREE.Vector3(-1, 0.5, 2);
    const rot = new THREE.Matrix4().lookAt(eye, target, new THREE.Vector3(0, 1, 0));
    const world = new THREE.Matrix4().makeTranslation(eye.x, eye.y, eye.z).multiply(rot);
    const view = mat4.lookAt(eye.toArray(), target.toArray(), [0, 1, 0]);
    expect(view).toBeCloseToVec(world.invert().elements, PEER);
  });
});

/** three.js's renderer sets a camera's (read-only) `reversedDepth` from its depth buffer; do as it does. */
function setReversedDepth(cam: THREE.Camera, reversed: boolean): void {
  (cam as unknown as { _reversedDepth: boolean })._reversedDepth = reversed;
}

describe("fact 6.3: our projections equal three.js's cameras", () => {
  it.each([
    ["negOneToOne", THREE.WebGLCoordinateSystem, false],
    ["zeroToOne", THREE.WebGPUCoordinateSystem, false],
    ["zeroToOne", THREE.WebGPUCoordinateSystem, true],
  ] as const)("PerspectiveCamera, depth %s (%s), reversed %s", (depth, system, reversed) => {
    for (const [fovDeg, aspect, near, far] of [
      [90, 1, 1, 100],
      [50, 16 / 9, 0.1, 2000],
      [30, 0.5, 2, 3],
    ] as const) {
      const cam = new THREE.PerspectiveCamera(fovDeg, aspect, near, far);
      cam.coordinateSystem = system;
      setReversedDepth(cam, reversed);
      cam.updateProjectionMatrix();
      const ours = projection.perspective(scalar.degToRad(fovDeg), aspect, near, far, { depth, reversed });
      expect(ours).toBeCloseToVec(cam.projectionMatrix.elements, PEER);
    }
  });
  it.each([
    ["negOneToOne", THREE.WebGLCoordinateSystem, false],
    ["zeroToOne", THREE.WebGPUCoordinateSystem, false],
    ["zeroToOne", THREE.WebGPUCoordinateSystem, true],
  ] as const)("OrthographicCamera, depth %s (%s), reversed %s", (depth, system, reversed) => {
    const cam = new THREE.OrthographicCamera(10, 20, 20, 10, 0.5, 50);
    cam.coordinateSystem = system;
    setReversedDepth(cam, reversed);
    cam.updateProjectionMatrix();
    expect(projection.orthographic(10, 20, 10, 20, 0.5, 50, { depth, reversed })).toBeCloseToVec(
      cam.projectionMatrix.elements,
      PEER,
    );
  });
});
