import { describe, expect, it } from 'vitest';
import { supportedNodeRange, unsupportedNodeWarning } from './node-support.ts';

describe('the Node version warning at start', () => {
  it('says nothing on a supported LTS', () => {
    for (const version of ['22.12.0', '22.23.3', '24.0.0', '24.21.0']) expect(unsupportedNodeWarning(version)).toBeNull();
  });

  it('names an end-of-life Node, its end of life and what to run instead', () => {
    expect(unsupportedNodeWarning('20.20.2')).toBe(
      `Node.js 20.20.2 reached its end of life on 2026-04-30 and gets no more security fixes: run Convoyage Pro on Node.js 22 or 24 LTS (package.json engines: ${supportedNodeRange}).`,
    );
    expect(unsupportedNodeWarning('23.11.1')).toContain('23.11.1 reached its end of life on 2025-06-01');
  });

  it('names a Node outside the supported range without an end of life: too old a 22, or one not yet supported', () => {
    for (const version of ['22.11.0', '26.0.0']) {
      expect(unsupportedNodeWarning(version)).toBe(
        `Node.js ${version} is not a version Convoyage Pro supports: run Convoyage Pro on Node.js 22 or 24 LTS (package.json engines: ${supportedNodeRange}).`,
      );
    }
  });
});
