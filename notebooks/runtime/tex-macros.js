// KaTeX macros shared by build-time markdown math (tools/author/notebook-kit/markdown-math.ts) and the runtime `tex`.
export const macros = {
  "\\R": "\\mathbb{R}",
  "\\norm": "\\left\\lVert #1 \\right\\rVert",
};
