import { describe, expect, it } from 'vitest';
import { statementErrors as e } from '#domain/texts/payments.ts';
import { readStatement } from './read-statement.ts';
import { StatementError, toCents } from './statement.ts';
import { boursoCsv, boursoMapping, camt053Xml, creditAgricoleCsv, creditAgricoleMapping } from './test-factories.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(StatementError);
    return (error as Error).message;
  }
  throw new Error('the statement was accepted');
};

describe('amounts as banks write them', () => {
  it('reads them in cents without going through a float', () => {
    expect(toCents('450.00')).toBe(45_000);
    expect(toCents('1 718,70')).toBe(171_870);
    expect(toCents('1\u202f718,7')).toBe(171_870);
    expect(toCents('-30,05')).toBe(-3_005);
    expect(toCents('+12')).toBe(1_200);
    expect(toCents('1.234,56')).toBe(123_456);
    expect(toCents('0.10')).toBe(10);
    expect(toCents('8.850')).toBe(885);
    expect(toCents('12,345')).toBeNull();
    expect(toCents('abc')).toBeNull();
    expect(toCents('')).toBeNull();
  });
});

describe.each(['02', '04', '08'] as const)('camt.053 version %s', (version) => {
  it('gives each booked entry in euros: signed amount, booking day, payer, every text the bank wrote', () => {
    const xml = camt053Xml(
      [
        {
          montant: '126.15',
          nom: 'MARTIN CLAIRE',
          motif: 'Facture F-2026-0003',
          reference: '2026112600012345',
          info: 'VIR SEPA RECU /DE MARTIN CLAIRE',
        },
        { montant: '38.40', sens: 'DBIT', nom: 'SNCF VOYAGEURS', motif: 'Billet Lyon Paris', date: '2026-11-25' },
        { montant: '10.00', statut: 'PDNG', nom: 'EN ATTENTE' },
        { montant: '10.00', devise: 'USD', nom: 'DOLLARS' },
        { montant: '75.00', nom: 'DUPONT &amp; FILS'.replace('&amp;', '&') },
      ],
      { version },
    );
    const statement = readStatement(bytes(xml), null);
    expect(statement).toMatchObject({
      format: 'camt.053',
      version: `camt.053.001.${version}`,
      compte: 'FR7630006000011234567890189',
      ignored: 2,
    });
    expect(statement.entries).toEqual([
      {
        date: '2026-11-26',
        montantCentimes: 12_615,
        contrepartie: 'MARTIN CLAIRE',
        libelle: 'Facture F-2026-0003 | VIR SEPA RECU /DE MARTIN CLAIRE',
        referenceBanque: '2026112600012345',
      },
      { date: '2026-11-25', montantCentimes: -3_840, contrepartie: 'SNCF VOYAGEURS', libelle: 'Billet Lyon Paris', referenceBanque: null },
      { date: '2026-11-26', montantCentimes: 7_500, contrepartie: 'DUPONT & FILS', libelle: '', referenceBanque: null },
    ]);
  });
});

describe('a file that is not a readable statement', () => {
  it('is refused with a French reason', () => {
    expect(refusal(() => readStatement(bytes(''), null))).toBe(e.empty);
    expect(refusal(() => readStatement(bytes('<Document><BkToCstmrStmt><Stmt>'), null))).toMatch(/^Le fichier XML est mal formé/);
    expect(refusal(() => readStatement(bytes('<?xml version="1.0"?><Invoice xmlns="urn:x"/>'), null))).toBe(e.notCamt053);
    expect(refusal(() => readStatement(bytes(camt053Xml([]).replace('camt.053.001.02', 'camt.052.001.02')), null))).toBe(e.notCamt053);
    expect(refusal(() => readStatement(bytes(camt053Xml([{ montant: '1.00' }]).replace('camt.053.001.02', 'camt.053.001.12')), null))).toBe(
      e.camtVersion('12'),
    );
    expect(refusal(() => readStatement(bytes(camt053Xml([{ montant: 'douze' }])), null))).toBe(e.badEntry(1, e.badAmount('douze')));
    expect(refusal(() => readStatement(bytes(camt053Xml([{ montant: '1.00', date: '2026-13-45' }])), null))).toMatch(/^L’opération n° 1/);
    expect(refusal(() => readStatement(bytes(camt053Xml([])), null))).toBe(e.noEntries);
    expect(refusal(() => readStatement(Buffer.from('%PDF-1.7\n\u0000\u0001'), null))).toBe(e.unknownFormat);
  });

  it('refuses a DOCTYPE, so that no entity can be expanded', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>${camt053Xml([{ montant: '1.00', nom: '&lol2;' }]).replace(/^<\?xml[^>]*>/, '')}`;
    expect(refusal(() => readStatement(bytes(bomb), null))).toBe(e.xmlDoctype);
  });

  it('asks for the column mapping before reading a CSV', () => {
    expect(refusal(() => readStatement(boursoCsv([{ date: '2026-11-26', label: 'VIR', amount: '12,00' }]), null))).toBe(e.csvNoMapping);
  });
});

describe('CSV statements read with the saved mapping', () => {
  it('reads Crédit Agricole’s export: preamble, Windows-1252, a label on two lines, debit and credit columns', () => {
    const file = creditAgricoleCsv([
      { date: '26/11/2026', libelle: 'VIREMENT EN VOTRE FAVEUR\nMARTIN CLAIRE F-2026-0003', credit: '126,15' },
      { date: '25/11/2026', libelle: 'PEAGE APRR', debit: '18,20' },
      { date: '24/11/2026', libelle: 'VIR DUPONT', credit: '1 250,00' },
    ]);
    const statement = readStatement(file, creditAgricoleMapping);
    expect(statement.entries).toEqual([
      {
        date: '2026-11-26',
        montantCentimes: 12_615,
        contrepartie: null,
        libelle: 'VIREMENT EN VOTRE FAVEUR MARTIN CLAIRE F-2026-0003',
        referenceBanque: null,
      },
      { date: '2026-11-25', montantCentimes: -1_820, contrepartie: null, libelle: 'PEAGE APRR', referenceBanque: null },
      { date: '2026-11-24', montantCentimes: 125_000, contrepartie: null, libelle: 'VIR DUPONT', referenceBanque: null },
    ]);
  });

  it('reads BoursoBank’s export: ISO dates, one signed amount with a thousands space, UTF-8', () => {
    const statement = readStatement(
      boursoCsv([
        { date: '2026-11-26', label: 'VIR SEPA MARTIN CLAIRE Réf F-2026-0003', amount: '1 126,15' },
        { date: '2026-11-25', label: 'CARTE 24/11 TOTAL', amount: '-62,30' },
      ]),
      boursoMapping,
    );
    expect(statement.entries.map((entry) => [entry.date, entry.montantCentimes, entry.libelle])).toEqual([
      ['2026-11-26', 112_615, 'VIR SEPA MARTIN CLAIRE Réf F-2026-0003'],
      ['2026-11-25', -6_230, 'CARTE 24/11 TOTAL'],
    ]);
  });

  it('refuses a file without the mapped header, or a row whose date or amount cannot be read, naming its line', () => {
    expect(refusal(() => readStatement(bytes('a;b;c\n1;2;3\n'), boursoMapping))).toBe(
      'La ligne d’en-tête du relevé CSV est introuvable : colonnes attendues « dateOp », « label », « amount ».',
    );
    expect(refusal(() => readStatement(boursoCsv([{ date: '26/11/2026', label: 'X', amount: '1,00' }]), boursoMapping))).toBe(
      e.csvBadRow(2, e.badDate('26/11/2026')),
    );
    expect(refusal(() => readStatement(boursoCsv([{ date: '2026-11-26', label: 'X', amount: 'beaucoup' }]), boursoMapping))).toBe(
      e.csvBadRow(2, e.badAmount('beaucoup')),
    );
  });
});
