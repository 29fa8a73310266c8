/** Types of build.mjs, for the build's test and the benchmarks. */
export const vite: string;
export const builds: string[][];
export function buildFrontEnd(extraArgs?: string[]): number;
export const SERVER_BUNDLE: string;
export function serverCommand(bundle?: string): string[];
export function localServerEnv(options: { port: number; dataDir: string; logLevel?: string }): Record<string, string>;
export function bundleServer(options?: { outfile?: string }): Promise<void>;
export class BundleWriteError extends Error {
  dir: string;
  code: string;
}
export function prepareServerBundle(options?: { outfile?: string; warn?: (message: string) => void }): Promise<'bundled' | 'reused'>;
export function buildAll(extraArgs?: string[]): Promise<number>;
