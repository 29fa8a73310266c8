import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder at or above `from` that holds a package.json. */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

/**
 * The project's folder, the one with package.json. The server runs from its bundle
 * (dist/node/main.mjs, docs/decisions/0081) and from its sources (tests, `npm run dev`), and a
 * module's own address differs between the two: the files the server reads beside its code
 * (the road network, the built pages, vendor/, package.json) are named from here instead.
 */
export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the project: `fromProjectRoot('dist', 'client')`. */
export const fromProjectRoot = (...parts: string[]) => path.join(projectRoot, ...parts);
