import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { fromProjectRoot } from '#server/project-root.ts';

/**
 * The checks a platform runs on what we send it, run by us first (docs/decisions/ says which and
 * why): the XML Schema, then the schematrons' business rules, each from its official file shipped
 * unchanged under its licence in `vendor/` (the README there lists each file, its source and its
 * SHA-256):
 * - an invoice's `factur-x.xml`: the Factur-X 1.09 EN 16931 XML Schema (CII D22B), the EN 16931
 *   rules (CEN/TC 434) and the French rules BR-FR (FNFE-MPE, XP Z12-012 v1.4.0);
 * - a lifecycle message (CDAR): its D22B XML Schema and the French rules BR-FR-CDV.
 *
 * The schematrons are XSLT 2.0 run by SaxonJS, from their compiled form (SEF) in
 * node_modules/.cache (or the system's temporary folder when that is not writable). That form
 * comes from `vendor/compiled-rules/` when it holds the one of this file for this version of the
 * compiler (`npm run rules:compile` writes them: vendor/compiled-rules/README.md); otherwise it is
 * compiled once per version of the file (xslt3, 30 to 60 s of processor), in a child process so
 * the server keeps answering meanwhile; a server with a platform configured then starts compiling
 * them at its start, ahead of the first invoice.
 */

const require = createRequire(import.meta.url);
const vendor = (...parts: string[]) => fromProjectRoot('vendor', ...parts);

/** A rule set: the XSLT of a schematron, in its folder of vendor/ (EN16931_RULES_DIR points the EN 16931 one elsewhere). */
type RuleSet = { name: string; file: () => string };
type SchemaSet = { folder: () => string; main: string };

const en16931Dir = () => process.env.EN16931_RULES_DIR ?? vendor('en16931');

export const RULE_SETS = {
  en16931: { name: 'EN16931-CII', file: () => path.join(en16931Dir(), 'xslt', 'EN16931-CII-validation.xslt') },
  frenchInvoice: { name: 'BR-FR-CII', file: () => vendor('fnfe-france-rfe', 'xslt', 'BR-FR-Flux2-Schematron-CII.xslt') },
  frenchCdar: { name: 'BR-FR-CDAR', file: () => vendor('fnfe-france-rfe', 'xslt', 'BR-FR-CDV-Schematron-CDAR.xslt') },
} satisfies Record<string, RuleSet>;

export const SCHEMAS = {
  /** Factur-X 1.09, profile EN 16931 (UN/CEFACT CII D22B), as the French platforms check it. */
  facturX: { folder: () => vendor('fnfe-france-rfe', 'xsd-facturx-en16931'), main: 'Factur-X_EN16931.xsd' },
  /** The EN 16931 subset of CII D16B, the schema the EN 16931 rules were written against. */
  ciiD16B: { folder: () => path.join(en16931Dir(), 'xsd'), main: 'CrossIndustryInvoice_100pD16B.xsd' },
  cdar: { folder: () => vendor('fnfe-france-rfe', 'xsd-cdar'), main: 'CrossDomainAcknowledgementAndResponse_100pD22B.xsd' },
} satisfies Record<string, SchemaSet>;

export type XsdResult = { valid: boolean; errors: string[] };

export async function validateAgainstSchema(xml: string, schema: SchemaSet): Promise<XsdResult> {
  const { validateXML } = await import('xmllint-wasm');
  const dir = schema.folder();
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [{ fileName: schema.main, contents: readFileSync(path.join(dir, schema.main), 'utf8') }],
    preload: readdirSync(dir)
      .filter((name) => name.endsWith('.xsd') && name !== schema.main)
      .map((name) => ({ fileName: name, contents: readFileSync(path.join(dir, name), 'utf8') })),
  });
  return { valid: result.valid, errors: result.errors.map((error) => error.rawMessage) };
}

const execFileAsync = promisify(execFile);

function cacheDir(): string {
  const preferred = fromProjectRoot('node_modules', '.cache', 'einvoice-rules');
  try {
    mkdirSync(preferred, { recursive: true });
    return preferred;
  } catch {
    const fallback = path.join(os.tmpdir(), 'convoyage-einvoice-rules');
    mkdirSync(fallback, { recursive: true });
    return fallback;
  }
}

const compiling = new Map<string, Promise<string>>();

/** The compiler's version: a shipped compiled form is used only with the compiler that made it. */
const compilerVersion = () => (require('xslt3/package.json') as { version: string }).version;

/** Where the compiled form of a rule set's file (by its SHA-256) is shipped: vendor/compiled-rules/. */
export const shippedRules = (rules: RuleSet, sha: string) =>
  vendor('compiled-rules', `${rules.name}-${sha}-xslt3-${compilerVersion()}.sef.json.gz`);

/** The first 16 hex digits of the SHA-256 of the rule set's XSLT, which name its compiled forms. */
export const rulesSha = (rules: RuleSet) => createHash('sha256').update(readFileSync(rules.file())).digest('hex').slice(0, 16);

/** Each XSLT's compiled form once this process has found or made it: later checks do not hash the file again. */
const ready = new Map<string, string>();

/** The rule set's XSLT compiled for SaxonJS (SEF), made once per SHA-256 of the file. */
export function compiledRules(rules: RuleSet): Promise<string> {
  const xslt = rules.file();
  const known = ready.get(xslt);
  if (known && existsSync(known)) return Promise.resolve(known);
  if (!existsSync(xslt)) {
    return Promise.reject(new Error(`The rule file ${xslt} is missing: put it back as vendor/*/README.md lists.`));
  }
  const sha = rulesSha(rules);
  const sef = path.join(cacheDir(), `${rules.name}-${sha}.sef.json`);
  if (existsSync(sef)) {
    ready.set(xslt, sef);
    return Promise.resolve(sef);
  }
  const running = compiling.get(sef);
  if (running) return running;
  const partial = `${sef}.${process.pid}.tmp`;
  const shipped = shippedRules(rules, sha);
  if (existsSync(shipped)) {
    writeFileSync(partial, gunzipSync(readFileSync(shipped)));
    renameSync(partial, sef);
    ready.set(xslt, sef);
    return Promise.resolve(sef);
  }
  const job = compileRules(rules, partial)
    .then(() => {
      renameSync(partial, sef);
      ready.set(xslt, sef);
      return sef;
    })
    .finally(() => compiling.delete(sef));
  compiling.set(sef, job);
  return job;
}

/** Compiles the rule set's XSLT with xslt3 (30 to 60 s of processor) into `outfile`, in a child process. */
export async function compileRules(rules: RuleSet, outfile: string): Promise<void> {
  const compiler = require.resolve('xslt3/xslt3.js');
  await execFileAsync(process.execPath, [compiler, `-xsl:${rules.file()}`, `-export:${outfile}`, '-nogo', '-relocate:on'], {
    maxBuffer: 16 * 1024 * 1024,
  });
  if (!existsSync(outfile)) throw new Error(`compiling ${rules.name} wrote nothing`);
}

type Saxon = { transform(options: object, mode: 'async'): Promise<{ principalResult: string }> };
const loaded = new Map<string, unknown>();

export type RuleFailure = { id: string; flag: string; text: string; location: string };

/** The rules of a set that fail (fatal, or warnings), as the schematron's report (SVRL) names them. */
export async function runRules(xml: string, rules: RuleSet): Promise<RuleFailure[]> {
  const sef = await compiledRules(rules);
  if (!loaded.has(sef)) loaded.set(sef, JSON.parse(readFileSync(sef, 'utf8')));
  // saxon-js ships no types: the one call used here.
  const SaxonJS = require('saxon-js') as Saxon;
  const result = await SaxonJS.transform({ stylesheetInternal: loaded.get(sef), sourceText: xml, destination: 'serialized' }, 'async');
  const failures: RuleFailure[] = [];
  for (const match of result.principalResult.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attributes = match[1]!;
    failures.push({
      id: /\bid="([^"]*)"/.exec(attributes)?.[1] ?? '?',
      flag: /\bflag="([^"]*)"/.exec(attributes)?.[1] ?? '?',
      location: decodeEntities(/\blocation="([^"]*)"/.exec(attributes)?.[1] ?? ''),
      text: decodeEntities(
        match[2]!
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      ),
    });
  }
  return failures;
}

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');

/** What a check found: the schema's errors and the fatal rules broken (warnings are not refusals). */
export type CheckReport = { valid: boolean; schemaErrors: string[]; failures: RuleFailure[] };

async function check(xml: string, schema: SchemaSet, ruleSets: RuleSet[]): Promise<CheckReport> {
  const xsd = await validateAgainstSchema(xml, schema);
  const failures = (await Promise.all(ruleSets.map((rules) => runRules(xml, rules)))).flat().filter((failure) => failure.flag === 'fatal');
  return { valid: xsd.valid && failures.length === 0, schemaErrors: xsd.errors, failures };
}

/** An invoice's `factur-x.xml` as a French platform checks it: Factur-X 1.09 schema, EN 16931, BR-FR. */
export const checkFacturXml = (xml: string) => check(xml, SCHEMAS.facturX, [RULE_SETS.en16931, RULE_SETS.frenchInvoice]);

/** A lifecycle message (CDAR) as a French platform checks it: its D22B schema and BR-FR-CDV. */
export const checkCdar = (xml: string) => check(xml, SCHEMAS.cdar, [RULE_SETS.frenchCdar]);

/** Compiles every rule set now (the build, and a server that will submit invoices, call it ahead). */
export async function prepareRules(): Promise<void> {
  for (const rules of Object.values(RULE_SETS)) await compiledRules(rules);
}
