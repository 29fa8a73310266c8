import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileStore } from './file-store.ts';

describe('the disk file store', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'convoyage-files-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('replaces a key whole when several writes of it run at once, leaving no temporary file', async () => {
    const store = createFileStore({ kind: 'disk', root });
    const contents = Array.from({ length: 12 }, (_, i) => Buffer.alloc(512 * 1024, i + 1));
    await Promise.all(contents.map((content) => store.put('devis-signes/meme-cle.pdf', content, 'application/pdf')));
    const stored = await store.get('devis-signes/meme-cle.pdf');
    expect(contents.some((content) => stored?.equals(content))).toBe(true);
    expect(readdirSync(path.join(root, 'devis-signes'))).toEqual(['meme-cle.pdf']);
  });
});
