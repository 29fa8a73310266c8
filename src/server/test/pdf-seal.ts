import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';

/**
 * Test helper: checks a PAdES seal the way a PDF reader does, without the code that made it.
 * The /ByteRange must cover the whole file but the CMS; the SHA-256 of those bytes is compared
 * with the CMS's message-digest attribute; the RSA signature over the signed attributes is
 * verified with the embedded certificate (node-forge); OpenSSL verifies the CMS against the
 * same bytes (`openssl cms -verify`), a second implementation; and Poppler's `pdfsig` reads the
 * file as a validator would, a third. The signed attributes are listed, and the
 * signing-certificate-v2 attribute checked against the embedded certificate (PAdES B-B).
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

  const oidOf = (attribute: forge.asn1.Asn1) => forge.asn1.derToOid((attribute.value as forge.asn1.Asn1[])[0]!.value as string);
  const signingCertificate = attributes.find((attribute) => oidOf(attribute) === SIGNING_CERTIFICATE_V2);
  const certificateSha256 = createHash('sha256').update(certificateDer).digest('hex');

  return {
    coversWholeFile,
    digestMatches,
    signatureValid,
    opensslVerifies: opensslVerifies(cmsDer, signedBytes, forge.pki.certificateToPem(certificate)),
    certificateSha256,
    /** The SubFilter of the signature dictionary. */
    subFilter: text.match(/\/SubFilter\s*\/([A-Za-z0-9.]+)/)?.[1],
    /** The signed attributes of the CMS, by name (OIDs this helper does not know keep their number). */
    signedAttributes: attributes.map((attribute) => ATTRIBUTE_NAMES[oidOf(attribute)] ?? oidOf(attribute)),
    /** Whether the signing-certificate-v2 attribute names the embedded certificate by its SHA-256. */
    signingCertificateMatches: signingCertificate ? essCertHashOf(signingCertificate) === certificateSha256 : false,
    pdfsig: readWithPdfsig(pdf),
    signedBytes,
  };
}

const SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';
const ATTRIBUTE_NAMES: Record<string, string> = {
  '1.2.840.113549.1.9.3': 'content-type',
  '1.2.840.113549.1.9.4': 'message-digest',
  '1.2.840.113549.1.9.5': 'signing-time',
  [SIGNING_CERTIFICATE_V2]: 'signing-certificate-v2',
};

/** The certHash of the first ESSCertIDv2 of a signing-certificate-v2 attribute (RFC 5035), in hex, when its hash is SHA-256. */
function essCertHashOf(attribute: forge.asn1.Asn1): string | null {
  const signingCertificateV2 = ((attribute.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!;
  const essCertIdV2 = ((signingCertificateV2.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[])[0]!;
  const [first] = essCertIdV2.value as forge.asn1.Asn1[];
  // hashAlgorithm is left out when it is SHA-256, its DEFAULT; another one is not what we expect.
  if (first!.type !== forge.asn1.Type.OCTETSTRING) return null;
  return Buffer.from(first!.value as string, 'binary').toString('hex');
}

/**
 * What Poppler's `pdfsig` (poppler-utils), an implementation of its own over NSS, says of the
 * file's first signature: the signature's validity (the certificate's trust is another line:
 * a self-signed seal is valid but not trusted), its type, and whether it covers the whole file.
 */
function readWithPdfsig(pdf: Buffer) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'seal-pdfsig-'));
  try {
    writeFileSync(path.join(dir, 'signed.pdf'), pdf);
    const run = spawnSync('pdfsig', ['signed.pdf'], { cwd: dir, encoding: 'utf8' });
    if (run.error) throw new Error(`pdfsig is needed (Debian: apt-get install poppler-utils): ${run.error.message}`);
    const line = (label: string) => run.stdout.match(new RegExp(`- ${label}: (.*)`))?.[1]?.trim();
    return {
      validation: line('Signature Validation'),
      type: line('Signature Type'),
      coversWholeDocument: /- Total document signed/.test(run.stdout),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
