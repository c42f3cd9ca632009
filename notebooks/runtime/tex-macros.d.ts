/** KaTeX macros shared by build-time markdown math and the runtime `tex`. */
export declare const macros: Record<string, string>;
