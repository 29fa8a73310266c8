/** Types of build.mjs, for the build's test. */
export const vite: string;
export const builds: string[][];
export function buildFrontEnd(extraArgs?: string[]): number;
