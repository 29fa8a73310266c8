import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { texts } from '#domain/texts/common.ts';

/**
 * The text catalogue (src/domain/texts/*.ts) holds every user-facing French text; server and
 * browser code import it. This suite reads the server's and the browser's sources and names
 * each French literal left outside it, file and line.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Letters and signs English text does not use. */
const FRENCH_SIGNS = /[àâäçéèêëîïôöùûüÿœæ«»’]/i;
/** Short words of every French sentence, that English code and messages do not use on their own. */
const FRENCH_WORDS = new Set(
  [
    'le la les un une des du de et est sont ce cet cette ces vous votre vos nous notre nos pour par avec sans sur dans pas ne',
    'qui que ou il elle son sa ses mon ma mes non oui bonjour merci veuillez aucun aucune',
  ]
    .join(' ')
    .split(' '),
);
/**
 * The product's own words, for text without an accent ("Devis introuvable"); counted in text
 * that starts with a capital, since the code names tables and actions with them ("devis as d").
 */
const PRODUCT_WORDS = new Set(
  'devis prix introuvable erreur connexion compte adresse annuler supprimer valider fermer chargement bienvenue envoyer rechercher recharger simuler archiver restaurer confirmer terminer enregistrer'.split(
    ' ',
  ),
);
/** Elisions: l'API, d'arrivée, n'existe, qu'il. */
const ELISION = /(?:^|[\s(«"])(?:l|d|n|qu|s|j|c)['’]\p{L}/iu;

/**
 * Not text: the domain's values, spelled as the specification spells them (statuses, vehicle
 * types, the values of the quote's fields: every string of a list a domain module exports),
 * and the names of outside services.
 */
const DOMAIN_VALUES = new Set<string>(['Géoplateforme', 'Géoplateforme itinéraire']);
for (const file of sourceFiles(path.join(SRC, 'domain'))) {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  for (const value of Object.values(module)) {
    if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') DOMAIN_VALUES.add(item);
  }
}

/** `isProse`: JSX text, which is always shown; a string may also be a key, a path or an identifier. */
function looksFrench(text: string, isProse = false): boolean {
  const trimmed = text.trim();
  if (trimmed === '' || DOMAIN_VALUES.has(trimmed)) return false;
  if (FRENCH_SIGNS.test(trimmed) || ELISION.test(trimmed)) return true;
  // One lower-case token ("devis", "supprimer", "/connexion") names something; a capitalised
  // word ("Erreur") or several are text.
  if (!isProse && !/\s/.test(trimmed) && !/^\p{Lu}\p{L}*[.!?]?$/u.test(trimmed)) return false;
  // Words are what spaces separate, less the punctuation around them: "sans-serif;color" or
  // "d.id" are code, not words.
  const words = trimmed
    .toLowerCase()
    .split(/\s+/)
    .map((token) => token.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
    .filter((word) => /^\p{L}+$/u.test(word));
  const isSentence = isProse || /^\p{Lu}/u.test(trimmed);
  return words.some((word) => FRENCH_WORDS.has(word) || (isSentence && PRODUCT_WORDS.has(word)));
}

type Hit = { line: number; text: string };

/** The string literals, template parts and JSX texts of one source file, as written (comments are not read). */
function literalsOf(fileName: string, code: string): (Hit & { isJsx: boolean })[] {
  const source = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const hits: (Hit & { isJsx: boolean })[] = [];
  const visit = (node: ts.Node): void => {
    const isText =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node);
    // Module specifiers ('#domain/texts/common.ts') are paths, not text.
    const isImport = ts.isStringLiteral(node) && (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent));
    if (isText && !isImport) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      hits.push({ line, text: (node as ts.LiteralLikeNode).text, isJsx: ts.isJsxText(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return hits;
}

/** The French string literals, template parts and JSX texts of one source file (comments are not read). */
function findFrenchLiterals(fileName: string, code: string): Hit[] {
  return literalsOf(fileName, code)
    .filter((hit) => looksFrench(hit.text, hit.isJsx))
    .map(({ line, text: raw }) => {
      const text = raw.replace(/\s+/g, ' ').trim();
      return { line, text: text.length > 90 ? `${text.slice(0, 90)}…` : text };
    });
}

/** Source files of one side; tests and their helpers are left out (they assert the catalogue's texts with data of their own). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/(\.(test|fixture)|(^|-)test-[\w-]+)\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(dir, file).split(path.sep).includes('test'))
    .sort();
}

describe('the French text catalogue', () => {
  it('tells French text from code and English', () => {
    for (const french of [
      'Devis introuvable',
      'Bonjour',
      'Erreur',
      'Trop de demandes',
      "Cette adresse n'existe pas",
      'Prix estimé',
      'Oui',
    ]) {
      expect(looksFrench(french), french).toBe(true);
    }
    for (const other of [
      'refused: quote of another user',
      'font-family:Arial,Helvetica,sans-serif',
      'user as au',
      'devis',
      'devis as d',
      'supprimer',
      '/connexion',
      '#simuler',
      "the quote doesn't exist",
      'application/pdf',
      'Europe/Paris',
      'fr-FR',
      'select 1',
      '/espace-client',
      'archivé',
      'en attente',
    ]) {
      expect(looksFrench(other), other).toBe(false);
    }
  });

  it('reads strings, templates and JSX text, not comments, imports or statuses', () => {
    const code = `
      import { texts } from '#domain/texts/common.ts';
      // « Devis introuvable » quoted in a comment is fine
      const a = 'Trop de demandes.';
      const b = \`Bonjour \${name},\`;
      const c = <p>Mot de passe oublié ?</p>;
      const e = <a>ou</a>;
      const d = 'archivé' satisfies Statut;
      log.warn({}, 'refused: not the administrator');
    `;
    expect(findFrenchLiterals('example.tsx', code)).toEqual([
      { line: 4, text: 'Trop de demandes.' },
      { line: 5, text: 'Bonjour' },
      { line: 6, text: 'Mot de passe oublié ?' },
      { line: 7, text: 'ou' },
    ]);
  });

  it('writes the apostrophe of our own texts as ’, the specification’s texts as the specification spells them', () => {
    // The texts the specification gives word for word with a straight apostrophe.
    const specTexts = new Set<string>([
      texts.loadingUser,
      texts.clauseKm,
      texts.clauseLongDistance,
      texts.clientEmailMissing,
      texts.confirmFailure,
    ]);
    const straight = /\p{L}'\p{L}/u;
    expect([...specTexts].every((text) => straight.test(text))).toBe(true);
    const hits = sourceFiles(path.join(SRC, 'domain', 'texts')).flatMap((file) =>
      literalsOf(file, readFileSync(file, 'utf8'))
        .filter((hit) => straight.test(hit.text) && !specTexts.has(hit.text))
        .map((hit) => `src/${path.relative(SRC, file)}:${hit.line}: ${hit.text}`),
    );
    expect(hits, `Straight apostrophes in the catalogue's own texts (write ’):\n${hits.join('\n')}`).toEqual([]);
  });

  it.each(['server', 'client'])('is the only home of French text: none is left in src/%s', (side) => {
    const hits = sourceFiles(path.join(SRC, side)).flatMap((file) =>
      findFrenchLiterals(file, readFileSync(file, 'utf8')).map((hit) => `src/${path.relative(SRC, file)}:${hit.line}: ${hit.text}`),
    );
    expect(hits, `French literals outside src/domain (move them to src/domain/texts/*.ts):\n${hits.join('\n')}`).toEqual([]);
  });
});
