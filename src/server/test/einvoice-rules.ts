import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString, PDFHexString, decodePDFRawStream } from 'pdf-lib';
import { runRules, RULE_SETS, SCHEMAS, validateAgainstSchema, type RuleFailure, type XsdResult } from '#server/einvoicing/validation.ts';

export type { RuleFailure, XsdResult };

/**
 * Test helper: checks a Factur-X XML against the official rules, independently of the code that
 * made it, with the same files and runner the application uses before sending an invoice to a
 * platform (einvoicing/validation.ts; each README in vendor/ lists its files):
 * - the UN/CEFACT Cross Industry Invoice D16B XML Schema (the EN 16931 subset) and the Factur-X
 *   1.09 EN 16931 schema (D22B), with libxml2's validator compiled to WebAssembly (xmllint-wasm);
 * - the EN 16931 business rules for CII (CEN/TC 434) and the French rules BR-FR (FNFE-MPE),
 *   compiled XSLT of the schematrons, run by SaxonJS.
 */

export const validateXsd = (xml: string): Promise<XsdResult> => validateAgainstSchema(xml, SCHEMAS.ciiD16B);
export const validateFacturXSchema = (xml: string): Promise<XsdResult> => validateAgainstSchema(xml, SCHEMAS.facturX);
export const validateCdarSchema = (xml: string): Promise<XsdResult> => validateAgainstSchema(xml, SCHEMAS.cdar);

/** The EN 16931 rules that fail (fatal or warning), as the schematron's report (SVRL) names them. */
export const validateEn16931 = (xml: string): Promise<RuleFailure[]> => runRules(xml, RULE_SETS.en16931);
/** The French rules BR-FR (XP Z12-012) that fail. */
export const validateFrenchRules = (xml: string): Promise<RuleFailure[]> => runRules(xml, RULE_SETS.frenchInvoice);
/** The French rules of lifecycle messages BR-FR-CDV that fail. */
export const validateCdarRules = (xml: string): Promise<RuleFailure[]> => runRules(xml, RULE_SETS.frenchCdar);

/**
 * Everything a French approved platform would refuse in a Factur-X XML: the errors of both
 * schemas, the fatal EN 16931 and BR-FR rules that fail. Empty: the platforms accept it.
 */
export async function platformRefusals(xml: string): Promise<string[]> {
  const schemaErrors = [...(await validateXsd(xml)).errors, ...(await validateFacturXSchema(xml)).errors];
  const failures = [...(await validateEn16931(xml)), ...(await validateFrenchRules(xml))].filter((failure) => failure.flag === 'fatal');
  return [...schemaErrors, ...failures.map((failure) => `${failure.id} : ${failure.text}`)];
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
