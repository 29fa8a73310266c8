// Test helper: QR codes read back as a banking app would, from the pixels. A PDF page is
// rasterised by pdftoppm (poppler-utils), the image decoded by zbarimg (zbar-tools); both are
// Debian packages that scripts/test.mjs and .ci/run install.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The text of every QR code in a PNG (or other image) file's bytes. */
export function readQrCodes(image: Buffer, extension = 'png'): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qr-'));
  try {
    const file = path.join(dir, `image.${extension}`);
    writeFileSync(file, image);
    return decode(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of every QR code on the pages of a PDF, rendered at 200 dpi. */
export function readQrCodesInPdf(pdf: Buffer): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qr-pdf-'));
  try {
    writeFileSync(path.join(dir, 'document.pdf'), pdf);
    const render = spawnSync('pdftoppm', ['-r', '200', '-png', path.join(dir, 'document.pdf'), path.join(dir, 'page')], {
      encoding: 'utf8',
    });
    if (render.status !== 0) throw new Error(`pdftoppm failed: ${render.stderr}`);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .flatMap((name) => decode(path.join(dir, name)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function decode(file: string): string[] {
  // --raw: the data alone; -Sbinary: the bytes as encoded (UTF-8), not a guessed character set.
  // Our documents carry one code per image: the output is that code.
  const run = spawnSync('zbarimg', ['--quiet', '--raw', '-Sbinary', file], { encoding: 'buffer' });
  // Exit 4: no code found.
  if (run.status === 4) return [];
  if (run.status !== 0) throw new Error(`zbarimg failed (${run.status}): ${run.stderr.toString()}`);
  return [run.stdout.toString('utf8').replace(/\n$/, '')];
}
