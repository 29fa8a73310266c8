import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';

/**
 * Test helper: checks a PAdES seal the way a PDF reader does, without the code that made it.
 * The /ByteRange must cover the whole file but the CMS; the SHA-256 of those bytes is compared
 * with the CMS's message-digest attribute; the RSA signature over the signed attributes is
 * verified with the embedded certificate (node-forge); and OpenSSL verifies the CMS against
 * the same bytes (`openssl cms -verify`), a second implementation.
 */
export function checkSeal(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  if (ranges.length !== 1) throw new Error(`expected one signature, found ${ranges.length}`);
  const [a, b, c, d] = ranges[0]!.slice(1).map(Number) as [number, number, number, number];
  const coversWholeFile = a === 0 && c + d === pdf.length && pdf[b] === 0x3c /* < */ && pdf[c - 1] === 0x3e; /* > */
  const signedBytes = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const cmsDer = Buffer.from(pdf.subarray(a + b + 1, c - 1).toString('latin1'), 'hex');

  // The CMS is followed by the zeros left of its placeholder: forge takes an options object (its types say a boolean).
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(cmsDer.toString('binary')), { parseAllBytes: false } as unknown as boolean);
  const message = forge.pkcs7.messageFromAsn1(asn1) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
  };
  const attributes = message.rawCapture.authenticatedAttributes;
  const digestAttribute = attributes.find(
    (attribute) => forge.asn1.derToOid((attribute.value as forge.asn1.Asn1[])[0]!.value as string) === forge.pki.oids.messageDigest,
  );
  const digestValue = ((digestAttribute!.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!.value as string;
  const actualDigest = createHash('sha256').update(signedBytes).digest('binary');
  const digestMatches = digestValue === actualDigest;

  const certificate = message.certificates[0]!;
  const signedAttributes = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
  const md = forge.md.sha256.create();
  md.update(forge.asn1.toDer(signedAttributes).getBytes());
  const signatureValid = (certificate.publicKey as forge.pki.rsa.PublicKey).verify(md.digest().bytes(), message.rawCapture.signature);
  const certificateDer = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');

  return {
    coversWholeFile,
    digestMatches,
    signatureValid,
    opensslVerifies: opensslVerifies(cmsDer, signedBytes, forge.pki.certificateToPem(certificate)),
    certificateSha256: createHash('sha256').update(certificateDer).digest('hex'),
    signedBytes,
  };
}

/** `openssl cms -verify` of the detached CMS over `content`, trusting `certificatePem` (self-signed or not). */
function opensslVerifies(cmsDer: Buffer, content: Buffer, certificatePem: string): boolean {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'seal-check-'));
  try {
    writeFileSync(path.join(dir, 'sig.der'), cmsDer);
    writeFileSync(path.join(dir, 'content.bin'), content);
    writeFileSync(path.join(dir, 'cert.pem'), certificatePem);
    execFileSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'sig.der',
        '-content',
        'content.bin',
        '-CAfile',
        'cert.pem',
        '-partial_chain',
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
