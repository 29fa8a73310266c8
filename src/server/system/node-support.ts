import { readFileSync } from 'node:fs';
import semver from 'semver';
import { fromProjectRoot } from '#server/project-root.ts';

/**
 * The Node versions the app runs on in production: `engines.node` of package.json, the one
 * place they are written (README « Production deployment », docs/decisions).
 */
const packageJson = JSON.parse(readFileSync(fromProjectRoot('package.json'), 'utf8')) as { engines: { node: string } };
export const supportedNodeRange = packageJson.engines.node;

/** `^22.12.0 || ^24.0.0` → [22, 24]. */
const supportedMajors = [...new Set(new semver.Range(supportedNodeRange).set.map(([lowest]) => lowest!.semver.major))];

/** End of life of the Node releases below the supported ones (nodejs.org/en/about/previous-releases). */
const END_OF_LIFE: Record<number, string> = {
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  23: '2025-06-01',
  25: '2026-06-01',
};

/** The operator's warning when `version` (process.versions.node) is not a supported Node, else null. */
export function unsupportedNodeWarning(version: string): string | null {
  if (semver.satisfies(version, supportedNodeRange)) return null;
  const instead = `run Convoyage Pro on Node.js ${supportedMajors.join(' or ')} LTS (package.json engines: ${supportedNodeRange})`;
  const endOfLife = END_OF_LIFE[semver.major(version)];
  return endOfLife
    ? `Node.js ${version} reached its end of life on ${endOfLife} and gets no more security fixes: ${instead}.`
    : `Node.js ${version} is not a version Convoyage Pro supports: ${instead}.`;
}
