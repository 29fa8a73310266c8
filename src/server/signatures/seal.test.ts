import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { checkSeal } from '#server/test/pdf-seal.ts';
import { loadSeal, sealPdf } from './seal.ts';

/** An operator's certificate as a CA would deliver it, made by OpenSSL: a name with accents, a password. */
function operatorP12(dir: string, password: string): string {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'key.pem',
    '-out',
    'cert.pem',
    '-days',
    '30',
    '-utf8',
    '-subj',
    '/CN=Société Générale de Convoyage – cachet/O=Hélène Dupré EI/C=FR',
  );
  run('pkcs12', '-export', '-inkey', 'key.pem', '-in', 'cert.pem', '-out', 'cachet.p12', '-passout', `pass:${password}`);
  return path.join(dir, 'cachet.p12');
}

async function aPdf() {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Devis', { x: 50, y: 700, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc;
}

const info = { reason: 'Devis signé', name: 'Convoyage Pro', location: 'France', contactInfo: 'Lyon', signingTime: new Date() };

describe('the seal’s certificate', () => {
  it('seals with the operator’s PKCS#12 (SIGNING_P12_PATH, SIGNING_P12_PASSWORD), accents in its name included, as OpenSSL verifies', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'seal-'));
    const p12 = operatorP12(dir, 'mot-de-passe-du-cachet');
    const config = loadConfig({ DATA_DIR: dir, SIGNING_P12_PATH: p12, SIGNING_P12_PASSWORD: 'mot-de-passe-du-cachet' });
    const seal = loadSeal(config);
    expect(seal).toMatchObject({
      source: 'configured',
      certificate: { subject: 'Société Générale de Convoyage – cachet', selfSigned: true },
    });
    const signed = await sealPdf(await aPdf(), seal, info);
    const check = checkSeal(signed);
    expect(check).toMatchObject({ coversWholeFile: true, digestMatches: true, signatureValid: true, opensslVerifies: true });
    expect(check.certificateSha256).toBe(seal.certificate.sha256);
  });

  it('stops with a message naming the variable when the file is missing or the password wrong', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'seal-'));
    const p12 = operatorP12(dir, 'bon');
    expect(() => loadSeal(loadConfig({ DATA_DIR: dir, SIGNING_P12_PATH: path.join(dir, 'absent.p12') }))).toThrow(
      /SIGNING_P12_PATH: cannot read/,
    );
    expect(() => loadSeal(loadConfig({ DATA_DIR: dir, SIGNING_P12_PATH: p12, SIGNING_P12_PASSWORD: 'mauvais' }))).toThrow(
      /SIGNING_P12_PASSWORD: does not open/,
    );
    writeFileSync(path.join(dir, 'pas-un-p12.p12'), 'bonjour');
    expect(() => loadSeal(loadConfig({ DATA_DIR: dir, SIGNING_P12_PATH: path.join(dir, 'pas-un-p12.p12') }))).toThrow(/SIGNING_P12/);
  });

  it('generates one self-signed certificate into DATA_DIR and keeps it across restarts', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'seal-'));
    const config = loadConfig({ DATA_DIR: dir, BUSINESS_NAME: 'Convoyage Hélène' });
    const first = loadSeal(config);
    const again = loadSeal(config);
    expect(first.source).toBe('generated');
    expect(first.certificate.subject).toBe('Convoyage Hélène – cachet électronique');
    expect(again.certificate.sha256).toBe(first.certificate.sha256);
  });
});
