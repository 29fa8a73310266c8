import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import { PDFName, type PDFDocument } from 'pdf-lib';
import type { Seller } from '#domain/public-config.ts';
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

export function loadSeal(config: Pick<Config, 'signing' | 'dataDir' | 'seller'>): Seal {
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
  if (!existsSync(path.join(dir, P12_FILE))) generateSelfSigned(dir, config.seller);
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
function generateSelfSigned(dir: string, seller: Seller): void {
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
    { shortName: 'CN', value: signatureTexts.sealName(seller.tradeName), valueTagClass: utf8 },
    { shortName: 'O', value: seller.tradeName, valueTagClass: utf8 },
    { name: 'serialNumber', value: seller.siret.replace(/\s/g, '') },
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

const { asn1 } = forge;
const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  /** id-aa-signingCertificateV2 (RFC 5035 §3). */
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
};

const sequence = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, items);
const oid = (value: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(value).getBytes());
const integer = (value: number) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const octets = (bytes: Buffer) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const explicit = (tag: number, item: forge.asn1.Asn1) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, [item]);
const implicitSet = (tag: number, items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, items);
const der = (item: forge.asn1.Asn1) => Buffer.from(asn1.toDer(item).getBytes(), 'binary');
const attribute = (type: string, value: forge.asn1.Asn1) => sequence([oid(type), set([value])]);
/** The SHA-256 AlgorithmIdentifier, its parameters absent (RFC 5754 §2). */
const sha256Algorithm = () => sequence([oid(OID.sha256)]);

/**
 * The seal's certificates as their DER bytes, and what a SignerInfo names the first one by:
 * its issuer and serial number, taken from those bytes as they are (forge would re-encode a
 * UTF8String name, an accent included, and no reader would find the certificate).
 */
function certificateParts(seal: Seal) {
  const chain = seal.chain.map((cert) => der(forge.pki.certificateToAsn1(cert)));
  const tbs = (asn1.fromDer(chain[0]!.toString('binary')).value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[];
  const first = tbs[0]!.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0; // [0] version, when present
  return { chain, serialNumber: tbs[first]!, issuer: tbs[first + 2]! };
}

/**
 * The detached CMS of a PAdES baseline B-B signature (ETSI EN 319 142-1 §6.3, whose CMS is
 * CAdES B-B, ETSI EN 319 122-1 §6.3): SignedData (RFC 5652 §5) over the PDF's byte range,
 * SHA-256 with RSA, the certificates embedded, and the signed attributes content-type (id-data),
 * message-digest and signing-certificate-v2 (RFC 5035: the SHA-256 of the seal's certificate,
 * with its issuer and serial number), which binds the certificate to the signature. No
 * signing-time attribute: PAdES forbids it, the claimed time is the signature dictionary's M.
 * Composed with node-forge's ASN.1 writer: its pkcs7 signer writes only its three known
 * attribute types.
 */
class SealSigner extends Signer {
  constructor(private readonly seal: Seal) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const { chain, serialNumber, issuer } = certificateParts(this.seal);
    const essCertIdV2 = sequence([
      // hashAlgorithm: SHA-256 is its DEFAULT, so it is left out (DER).
      octets(createHash('sha256').update(chain[0]!).digest()),
      sequence([sequence([explicit(4, issuer)]), serialNumber]), // issuerSerial: GeneralNames { directoryName }, serial
    ]);
    // DER writes a SET OF in the order of its members' encodings: what is signed is that SET.
    const signedAttributes = [
      attribute(OID.contentType, oid(OID.data)),
      attribute(OID.messageDigest, octets(createHash('sha256').update(pdfBuffer).digest())),
      attribute(OID.signingCertificateV2, sequence([sequence([essCertIdV2])])),
    ].sort((a, b) => Buffer.compare(der(a), der(b)));
    const md = forge.md.sha256.create();
    md.update(asn1.toDer(set(signedAttributes)).getBytes());
    const signature = Buffer.from(this.seal.key.sign(md), 'binary');

    const signerInfo = sequence([
      integer(1),
      sequence([issuer, serialNumber]),
      sha256Algorithm(),
      implicitSet(0, signedAttributes),
      sequence([oid(OID.sha256WithRsa), asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '')]),
      octets(signature),
    ]);
    const signedData = sequence([
      integer(1),
      set([sha256Algorithm()]),
      sequence([oid(OID.data)]), // detached: no eContent
      implicitSet(
        0,
        chain.map((bytes) => asn1.fromDer(bytes.toString('binary'))),
      ),
      set([signerInfo]),
    ]);
    return der(sequence([oid(OID.signedData), explicit(0, signedData)]));
  }
}

export type SealInfo = { reason: string; name: string; location: string; contactInfo: string; signingTime: Date };

/**
 * Signs the whole document with the seal, as a PAdES baseline B-B signature: a signature
 * dictionary (SubFilter ETSI.CAdES.detached, M the signing time) whose ByteRange covers every
 * byte but the CMS itself, and the CAdES CMS of SealSigner. The catalogue declares the ESIC
 * developer extension (level 1), which says a PDF 1.7 file uses the ETSI SubFilter. The
 * document is saved without object streams, as the placeholder needs.
 */
export async function sealPdf(pdfDoc: PDFDocument, seal: Seal, info: SealInfo): Promise<Buffer> {
  pdfDoc.catalog.set(PDFName.of('Extensions'), pdfDoc.context.obj({ ESIC: { BaseVersion: PDFName.of('1.7'), ExtensionLevel: 1 } }));
  pdflibAddPlaceholder({
    pdfDoc,
    reason: info.reason,
    contactInfo: info.contactInfo,
    name: info.name,
    location: info.location,
    signingTime: info.signingTime,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'Convoyage Pro',
  });
  const unsigned = Buffer.from(await pdfDoc.save({ useObjectStreams: false }));
  return new SignPdf().sign(unsigned, new SealSigner(seal));
}

/**
 * The seal, opened (or generated) on first use and kept: main.ts asks for it at start, so a bad
 * SIGNING_P12_* stops the server at once and the first signature does not wait; the tests'
 * apps that never sign never pay for it. A failure is not kept: the next call tries again.
 */
export function sealLoader(config: Pick<Config, 'signing' | 'dataDir' | 'seller'>): () => Promise<Seal> {
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
