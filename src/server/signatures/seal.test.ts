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
    expect(check.pdfsig).toEqual({ validation: 'Signature is Valid.', type: 'ETSI.CAdES.detached', coversWholeDocument: true });
  });

  it('is a PAdES baseline B-B signature (ETSI EN 319 142-1), as Poppler’s pdfsig reads it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'seal-'));
    const signingTime = new Date('2026-11-27T10:15:00Z');
    const signed = await sealPdf(await aPdf(), loadSeal(loadConfig({ DATA_DIR: dir })), { ...info, signingTime });
    const check = checkSeal(signed);
    expect(check).toMatchObject({ coversWholeFile: true, digestMatches: true, signatureValid: true, opensslVerifies: true });
    expect(check.subFilter).toBe('ETSI.CAdES.detached');
    // content-type, message-digest and signing-certificate-v2 (the certificate's SHA-256); no
    // signing-time in the CMS: the time claimed is the signature dictionary's M.
    expect([...check.signedAttributes].sort()).toEqual(['content-type', 'message-digest', 'signing-certificate-v2']);
    expect(check.signingCertificateMatches).toBe(true);
    expect(signed.toString('latin1')).toMatch(/\/M\s*\(D:20261127101500Z/);
    expect(check.pdfsig).toEqual({ validation: 'Signature is Valid.', type: 'ETSI.CAdES.detached', coversWholeDocument: true });

    // One byte changed inside the signed range: pdfsig says so.
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf('Devis');
    tampered[at] = 'd'.charCodeAt(0);
    expect(checkSeal(tampered).pdfsig.validation).not.toBe('Signature is Valid.');
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
