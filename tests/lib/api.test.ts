/**
 * The public surface promised in docs/conventions.md §1: every name exists, and every
 * export of lib/ carries a doc comment with an @example (read from the
 * source with the TypeScript compiler, so a missing comment fails here).
 */

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as lib from "../../lib/index.ts";

const REQUIRED: Record<string, string[]> = {
  scalar: ["EPSILON", "degToRad", "radToDeg", "wrapAngle", "approxEqual"],
  vec3: ["add", "sub", "scale", "dot", "cross", "length", "normalize", "distance", "lerp", "angleBetween", "projectOnPlane"],
  mat3: [
    "identity", "rotationX", "rotationY", "rotationZ", "multiply", "transpose", "determinant", "invert",
    "transformVec3", "fromColumns", "orthonormalityError", "gramSchmidt",
  ],
  mat4: ["identity", "multiply", "fromMat3", "translation", "scaling", "transpose", "invert", "transformPoint", "transformVec4", "lookAt"],
  axisAngle: ["toMat3", "fromMat3", "rotateVec3", "viaCanonicalRotations"],
  quat: [
    "identity", "fromAxisAngle", "toAxisAngle", "multiply", "conjugate", "inverse", "normalize", "dot", "length",
    "rotateVec3", "toMat3", "fromMat3", "toMat4", "angleBetween", "sameRotation", "exp", "log", "pow", "fromTwoVectors",
  ],
  euler: ["toMat3", "fromMat3", "toQuat", "fromQuat", "isGimbalLock"],
  interpolate: ["lerpQuat", "nlerp", "slerp", "squad", "eulerLerp", "sampleRotationPath", "angularSpeeds"],
  projection: ["orthographic", "frustum", "perspective", "oblique", "viewport", "project"],
  decompose: ["symmetricEigen", "svd", "polarRotation", "mullerRotation", "mullerStep"],
  kabsch: ["centroid", "crossCovariance", "kabsch", "rmsd"],
  fit: ["scatter", "fitLine", "fitPlane", "powerStep"],
  trackball: [
    "screenPoint", "ballPoint", "rimRadius", "arcball", "trackballStep", "drag", "circlePath", "loopSolidAngle",
    "holonomy", "holonomyRotation",
  ],
  ik: ["forwardKinematics", "ccd", "fabrik"],
  constraints: ["constrainDistance", "verletStep", "solveDistances"],
  segments: ["closestPointOnSegment", "closestPointsOnSegments"],
  ellipsoid: ["fromFoci", "intersectRay", "normalAt", "reflect"],
  sdf: ["sphere", "box", "plane", "union", "intersection", "smoothUnion", "march", "normal"],
  path: ["lineOfSight", "smoothPath", "pathLength"],
}; // prettier-ignore

describe("the public names of docs/conventions.md", () => {
  it.each(Object.entries(REQUIRED))("lib.%s exports them all", (module, names) => {
    const ns = (lib as Record<string, Record<string, unknown>>)[module]!;
    for (const name of names) expect(ns[name], `${module}.${name}`).toBeDefined();
  });
});

describe("TSDoc on every export", () => {
  const dir = join(import.meta.dirname, "../../lib");
  const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && f !== "index.ts");
  it.each(files)("%s: every exported function and constant has a doc comment; functions have an @example", (file) => {
    const source = ts.createSourceFile(file, readFileSync(join(dir, file), "utf8"), ts.ScriptTarget.ES2022, true);
    const missing: string[] = [];
    for (const stmt of source.statements) {
      const exported =
        ts.canHaveModifiers(stmt) && ts.getModifiers(stmt)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exported) continue;
      const docs = ts.getJSDocCommentsAndTags(stmt).filter(ts.isJSDoc);
      const name = ts.isFunctionDeclaration(stmt) || ts.isInterfaceDeclaration(stmt) || ts.isTypeAliasDeclaration(stmt)
        ? stmt.name?.text
        : ts.isVariableStatement(stmt) ? stmt.declarationList.declarations.map((d) => d.name.getText()).join(",") : "?"; // prettier-ignore
      if (docs.length === 0) missing.push(`${name}: no doc comment`);
      else if (ts.isFunctionDeclaration(stmt) && !docs.some((d) => d.tags?.some((t) => t.tagName.text === "example"))) {
        missing.push(`${name}: no @example`);
      }
    }
    expect(missing).toEqual([]);
  });
});
