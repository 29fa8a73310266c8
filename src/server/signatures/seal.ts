import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import type { PDFDocument } from 'pdf-lib';
import { ConfigError, type Config } from '#server/config.ts';
import { sha256Hex } from '#server/documents/documents.ts';
import { signatureTexts } from '#domain/texts/signature.ts';

/**
 * The operator's seal: the certificate and key that sign every signed document (PAdES), so a
 * PDF reader shows any later change. From `SIGNING_P12_PATH` / `SIGNING_P12_PASSWORD`, or, when
 * they are unset, a self-signed certificate generated once into `DATA_DIR/seal/` (README: how
 * to get a real one).
 */
export type Seal = {
  /** The private key and its certificate (then the rest of the chain), opened once at start. */
  key: forge.pki.rsa.PrivateKey;
  chain: forge.pki.Certificate[];
  /** What the certificate page and the evidence say of the certificate. */
  certificate: { subject: string; sha256: string; notAfter: Date; selfSigned: boolean };
  source: 'configured' | 'generated';
};

const SEAL_DIR = 'seal';
const P12_FILE = 'seal.p12';
const PASSWORD_FILE = 'seal-password';
/** Room for the CMS in the PDF (bytes): a certificate chain of a few certificates fits. */
const SIGNATURE_LENGTH = 16_384;

export function loadSeal(config: Pick<Config, 'signing' | 'dataDir' | 'business'>): Seal {
  const { p12Path, p12Password } = config.signing;
  if (p12Path) {
    let p12: Buffer;
    try {
      p12 = readFileSync(p12Path);
    } catch (error) {
      throw new ConfigError(`Invalid configuration: SIGNING_P12_PATH: cannot read ${p12Path} (${(error as Error).message})`);
    }
    return { ...openP12(p12, p12Password ?? '', 'SIGNING_P12_PASSWORD'), source: 'configured' };
  }
  const dir = path.join(config.dataDir, SEAL_DIR);
  if (!existsSync(path.join(dir, P12_FILE))) generateSelfSigned(dir, config.business);
  const p12 = readFileSync(path.join(dir, P12_FILE));
  const passphrase = readFileSync(path.join(dir, PASSWORD_FILE), 'utf8').trim();
  return { ...openP12(p12, passphrase, `${dir}/${PASSWORD_FILE}`), source: 'generated' };
}

/** Opens a PKCS#12 file as the signer will: a private key (PKCS#8 shrouded) and its certificate. */
function openP12(p12: Buffer, passphrase: string, passwordName: string): Omit<Seal, 'source'> {
  let parsed: ReturnType<typeof forge.pkcs12.pkcs12FromAsn1>;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, passphrase);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${passwordName}: does not open the PKCS#12 file (${(error as Error).message})`);
  }
  const keyBag = parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!]?.[0];
  const certificates = (parsed.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [])
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => cert !== undefined);
  const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  const certificate = key
    ? certificates.find((cert) => {
        const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
        return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
      })
    : undefined;
  if (!key || !certificate) {
    throw new ConfigError('Invalid configuration: SIGNING_P12_PATH: the PKCS#12 file needs an RSA private key and its certificate');
  }
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
  const commonName = certificate.subject.getField('CN') as forge.pki.CertificateField | null;
  return {
    key,
    chain: [certificate, ...certificates.filter((cert) => cert !== certificate)],
    certificate: {
      subject: commonName ? readDnValue(commonName) : certificate.subject.attributes.map(readDnValue).join(', '),
      sha256: sha256Hex(der),
      notAfter: certificate.validity.notAfter,
      selfSigned: certificate.isIssuer(certificate),
    },
  };
}

/**
 * A self-signed certificate for the business (RSA 2048, SHA-256, 10 years), written with its
 * random password as `seal.p12` and `seal-password` (mode 600). The files are made in a folder
 * of their own then renamed into place, so instances starting together end with one seal.
 */
function generateSelfSigned(dir: string, business: Config['business']): void {
  // Node's own RSA key generation (forge's would take seconds in JavaScript).
  const pem = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 }).privateKey.export({
    type: 'pkcs1',
    format: 'pem',
  });
  const privateKey = forge.pki.privateKeyFromPem(pem.toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  cert.validity.notAfter = new Date(now.getTime());
  cert.validity.notAfter.setFullYear(now.getFullYear() + 10);
  const utf8 = forge.asn1.Type.UTF8;
  const subject = [
    { shortName: 'CN', value: signatureTexts.sealName(business.name), valueTagClass: utf8 },
    { shortName: 'O', value: business.name, valueTagClass: utf8 },
    { name: 'serialNumber', value: business.siret.replace(/\s/g, '') },
    { shortName: 'C', value: 'FR' },
  ] as forge.pki.CertificateField[];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const passphrase = randomBytes(32).toString('base64url');
  const p12 = forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(privateKey, [cert], passphrase, { algorithm: 'aes256' })).getBytes();

  const staging = path.join(path.dirname(dir), `.seal-${randomUUID()}`);
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(staging, P12_FILE), Buffer.from(p12, 'binary'), { mode: 0o600 });
  writeFileSync(path.join(staging, PASSWORD_FILE), `${passphrase}\n`, { mode: 0o600 });
  try {
    renameSync(staging, dir);
  } catch (error) {
    // Another instance starting at the same moment put its seal first: use theirs.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(path.join(dir, P12_FILE))) throw error;
  }
}

/** A DN value as text: forge leaves UTF8String values as their UTF-8 bytes. */
function readDnValue(field: forge.pki.CertificateField): string {
  const value = String(field.value ?? '');
  return (field.valueTagClass as unknown) === forge.asn1.Type.UTF8 ? forge.util.decodeUtf8(value) : value;
}

/**
 * Makes the detached CMS (SHA-256, RSA, signed attributes content-type, signing-time and
 * message-digest, the chain embedded) with node-forge, as @signpdf/signer-p12 does, with two
 * differences: the key is opened once, not at every signature, and the issuer of the
 * SignerInfo is written as in the certificate. (forge keeps a parsed UTF8String name as its
 * UTF-8 bytes and encodes it again when it writes it, so a name with an accent, common in
 * French certificates, would no longer match the certificate and no reader would find it.)
 */
class SealSigner extends Signer {
  constructor(private readonly seal: Seal) {
    super();
  }

  override async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const [certificate] = this.seal.chain;
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    for (const cert of this.seal.chain) p7.addCertificate(cert);
    const issuer = {
      attributes: certificate!.issuer.attributes.map((field) => ({ ...field, value: readDnValue(field) })),
    } as forge.pki.Certificate['issuer'];
    p7.addSigner({
      key: this.seal.key,
      certificate: { ...certificate!, issuer } as forge.pki.Certificate,
      digestAlgorithm: forge.pki.oids.sha256!,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType!, value: forge.pki.oids.data! },
        { type: forge.pki.oids.signingTime!, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest! },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}

export type SealInfo = { reason: string; name: string; location: string; contactInfo: string; signingTime: Date };

/**
 * Signs the whole document with the seal: a signature dictionary (SubFilter
 * adbe.pkcs7.detached, PAdES part 2) whose ByteRange covers every byte but the CMS itself, a
 * SHA-256 RSA CMS with the certificate embedded. The document is saved without object streams,
 * as the placeholder needs.
 */
export async function sealPdf(pdfDoc: PDFDocument, seal: Seal, info: SealInfo): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc,
    reason: info.reason,
    contactInfo: info.contactInfo,
    name: info.name,
    location: info.location,
    signingTime: info.signingTime,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    appName: 'Convoyage Pro',
  });
  const unsigned = Buffer.from(await pdfDoc.save({ useObjectStreams: false }));
  return new SignPdf().sign(unsigned, new SealSigner(seal), info.signingTime);
}

/**
 * The seal, opened (or generated) on first use and kept: main.ts asks for it at start, so a bad
 * SIGNING_P12_* stops the server at once and the first signature does not wait; the tests'
 * apps that never sign never pay for it. A failure is not kept: the next call tries again.
 */
export function sealLoader(config: Pick<Config, 'signing' | 'dataDir' | 'business'>): () => Promise<Seal> {
  let loading: Promise<Seal> | null = null;
  return () => {
    loading ??= Promise.resolve()
      .then(() => loadSeal(config))
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };
}
