import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString, PDFHexString, decodePDFRawStream } from 'pdf-lib';

/**
 * Test helper: validates a Factur-X XML against the official rules, independently of the
 * library that made it:
 * - the UN/CEFACT Cross Industry Invoice D16B XML Schema (the EN 16931 subset, 4 files), with
 *   libxml2's validator compiled to WebAssembly (xmllint-wasm);
 * - the EN 16931 business rules for CII (CEN/TC 434 validation artefacts, compiled XSLT of
 *   the schematron), run by SaxonJS, an XSLT 3.0 processor in Node.
 *
 * The rule files are the official ones, shipped unchanged under their licence in
 * `vendor/en16931/` (its README lists each file, where it comes from and its SHA-256);
 * `EN16931_RULES_DIR` points at another copy.
 */

const require = createRequire(import.meta.url);
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export const RULE_FILES = {
  xsdMain: 'xsd/CrossIndustryInvoice_100pD16B.xsd',
  xslt: 'xslt/EN16931-CII-validation.xslt',
  licence: 'LICENSE.txt',
} as const;

export function rulesDir(): string {
  const candidates = [process.env.EN16931_RULES_DIR, path.join(repoRoot, 'vendor', 'en16931')].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => existsSync(path.join(dir, RULE_FILES.xslt)) && existsSync(path.join(dir, RULE_FILES.xsdMain)));
  if (!found) {
    throw new Error(
      `The official EN 16931 rule files are missing: looked in ${candidates.join(', ')}. ` +
        'Put them there as vendor/en16931/README.md lists (or set EN16931_RULES_DIR).',
    );
  }
  return found;
}

export type XsdResult = { valid: boolean; errors: string[] };

export async function validateXsd(xml: string): Promise<XsdResult> {
  const { validateXML } = await import('xmllint-wasm');
  const dir = path.join(rulesDir(), path.dirname(RULE_FILES.xsdMain));
  const main = path.basename(RULE_FILES.xsdMain);
  const result = await validateXML({
    xml: [{ fileName: 'factur-x.xml', contents: xml }],
    schema: [{ fileName: main, contents: readFileSync(path.join(dir, main), 'utf8') }],
    preload: readdirSync(dir)
      .filter((name) => name.endsWith('.xsd') && name !== main)
      .map((name) => ({ fileName: name, contents: readFileSync(path.join(dir, name), 'utf8') })),
  });
  return { valid: result.valid, errors: result.errors.map((error) => error.rawMessage) };
}

/**
 * The schematron's XSLT compiled for SaxonJS (SEF), once per version of the file: cached in
 * node_modules/.cache by its SHA-256 (compiling takes some 30 s).
 */
function compiledRules(): string {
  const xslt = path.join(rulesDir(), RULE_FILES.xslt);
  const sha = createHash('sha256').update(readFileSync(xslt)).digest('hex').slice(0, 16);
  const cacheDir = path.join(repoRoot, 'node_modules', '.cache', 'en16931');
  const sef = path.join(cacheDir, `EN16931-CII-validation-${sha}.sef.json`);
  if (existsSync(sef)) return sef;
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${sef}.${process.pid}.tmp`;
  const compiler = require.resolve('xslt3/xslt3.js');
  const run = spawnSync(process.execPath, [compiler, `-xsl:${xslt}`, `-export:${partial}`, '-nogo', '-relocate:on'], { encoding: 'utf8' });
  if (run.status !== 0 || !existsSync(partial)) throw new Error(`compiling the EN 16931 rules failed: ${run.stderr || run.stdout}`);
  renameSync(partial, sef);
  return sef;
}

export type RuleFailure = { id: string; flag: string; text: string };

/** The EN 16931 rules that fail (fatal or warning), as the schematron's report (SVRL) names them. */
export async function validateEn16931(xml: string): Promise<RuleFailure[]> {
  // saxon-js ships no types: the one call used here.
  const SaxonJS = require('saxon-js') as { transform(options: object, mode: 'async'): Promise<{ principalResult: string }> };
  const result = await SaxonJS.transform({ stylesheetFileName: compiledRules(), sourceText: xml, destination: 'serialized' }, 'async');
  const failures: RuleFailure[] = [];
  for (const match of result.principalResult.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attributes = match[1]!;
    failures.push({
      id: /\bid="([^"]*)"/.exec(attributes)?.[1] ?? '?',
      flag: /\bflag="([^"]*)"/.exec(attributes)?.[1] ?? '?',
      text: match[2]!
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    });
  }
  return failures;
}

/** The files attached to a PDF (name, AFRelationship, bytes), read with pdf-lib. */
export async function pdfAttachments(content: Buffer): Promise<{ name: string; relationship: string | null; data: Buffer }[]> {
  const pdf = await PDFDocument.load(content, { updateMetadata: false });
  const names = pdf.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const list = names?.lookupMaybe(PDFName.of('Names'), PDFArray);
  const files: { name: string; relationship: string | null; data: Buffer }[] = [];
  if (!list) return files;
  for (let index = 0; index < list.size(); index += 2) {
    const name = list.lookup(index) as PDFString | PDFHexString;
    const spec = list.lookup(index + 1, PDFDict);
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F')) as PDFRawStream;
    files.push({
      name: name.decodeText(),
      relationship: spec.get(PDFName.of('AFRelationship'))?.toString() ?? null,
      data: Buffer.from(decodePDFRawStream(stream).decode()),
    });
  }
  return files;
}

/** The PDF's XMP metadata as text (PDF/A identification, Factur-X extension). */
export async function pdfXmp(content: Buffer): Promise<string> {
  const pdf = await PDFDocument.load(content, { updateMetadata: false });
  const stream = pdf.catalog.lookup(PDFName.of('Metadata')) as PDFRawStream | undefined;
  return stream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('utf8') : '';
}

/** Whether the PDF declares an output intent (PDF/A needs one) and its catalogue lists the XML in /AF. */
export async function pdfCatalogue(content: Buffer): Promise<{ outputIntents: number; associatedFiles: number }> {
  const pdf = await PDFDocument.load(content, { updateMetadata: false });
  return {
    outputIntents: pdf.catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray)?.size() ?? 0,
    associatedFiles: pdf.catalog.lookupMaybe(PDFName.of('AF'), PDFArray)?.size() ?? 0,
  };
}
