import { describe, expect, it } from 'vitest';
import { draftOf, guessCsvMapping, mappingOf, readCsvLayout, type CsvMappingDraft } from './bank-csv.ts';
import { csvMappingSchema } from './schemas/payments.ts';

/** The exports of /work/research/wire-formats.md §2.2, as the browser reads them (decoded). */
const bourso = [
  '\uFEFFdateOp;dateVal;label;category;categoryParent;supplierFound;amount;comment;accountNum;accountLabel;accountbalance',
  '2026-11-28;2026-11-28;"VIR SEPA TRANSPORTS ROUX F-2026-0001";"Virements reçus";"Virements";"";"508,00";"";00012345678;"BoursoBank";"1 650,00"',
].join('\n');
const creditAgricole = [
  'Téléchargement du 27/11/2026;',
  '',
  'M. DUPONT JEAN;',
  'Solde au 26/11/2026 1 650,00 €',
  'Date;Libellé;Débit Euros;Crédit Euros;',
  '26/11/2026;"VIR SEPA TRANSPORTS ROUX";;508,00;',
  '25/11/2026;"CB TOTAL',
  'STATION 24/11";62,40;;',
].join('\r\n');
const english = ['Date value,Date,Description,Amount,Reference', '11/28/2026,28-11-2026,"Transfer, ROUX",508.00,F-2026-0001'].join('\n');

describe('reading the start of a CSV statement', () => {
  it('finds the separator, the header under the account preamble, and how the dates are written', () => {
    expect(readCsvLayout(bourso)).toEqual({
      separateur: ';',
      colonnes: [
        'dateOp',
        'dateVal',
        'label',
        'category',
        'categoryParent',
        'supplierFound',
        'amount',
        'comment',
        'accountNum',
        'accountLabel',
        'accountbalance',
      ],
      formatDate: 'AAAA-MM-JJ',
    });
    expect(readCsvLayout(creditAgricole)).toEqual({
      separateur: ';',
      colonnes: ['Date', 'Libellé', 'Débit Euros', 'Crédit Euros'],
      formatDate: 'JJ/MM/AAAA',
    });
    expect(readCsvLayout(english)).toEqual({
      separateur: ',',
      colonnes: ['Date value', 'Date', 'Description', 'Amount', 'Reference'],
      formatDate: 'JJ-MM-AAAA',
    });
  });

  it('says nothing of a file that is not a table', () => {
    expect(readCsvLayout('')).toBeNull();
    expect(readCsvLayout('<?xml version="1.0"?>\n<Document/>')).toBeNull();
    expect(readCsvLayout('12;34;56\n78;90;12')).toBeNull();
  });

  it('proposes a mapping the server accepts: one signed amount, else the debit and credit columns; never the value date', () => {
    /** The columns guessed: date, label, amount, debit, credit, reference. */
    const columns = (draft: CsvMappingDraft) => [
      draft.colonneDate,
      draft.colonneLibelle,
      draft.colonneMontant,
      draft.colonneDebit,
      draft.colonneCredit,
      draft.colonneReference,
    ];
    const [boursoDraft, caDraft, englishDraft] = [bourso, creditAgricole, english].map((text) => guessCsvMapping(readCsvLayout(text)!));
    expect(columns(boursoDraft!)).toEqual(['dateOp', 'label', 'amount', '', '', '']);
    expect(columns(caDraft!)).toEqual(['Date', 'Libellé', '', 'Débit Euros', 'Crédit Euros', '']);
    expect(columns(englishDraft!)).toEqual(['Date', 'Description', 'Amount', '', '', 'Reference']);
    expect([boursoDraft, caDraft, englishDraft].map((draft) => [draft!.separateur, draft!.formatDate])).toEqual([
      [';', 'AAAA-MM-JJ'],
      [';', 'JJ/MM/AAAA'],
      [',', 'JJ-MM-AAAA'],
    ]);
    for (const draft of [boursoDraft, caDraft, englishDraft]) expect(csvMappingSchema.safeParse(mappingOf(draft!)).success).toBe(true);
  });

  it('turns an empty column into none and back', () => {
    const mapping = mappingOf({ ...guessCsvMapping(readCsvLayout(creditAgricole)!), colonneReference: '  ' });
    expect(mapping).toMatchObject({ colonneMontant: null, colonneReference: null, colonneDebit: 'Débit Euros' });
    expect(draftOf(mapping)).toMatchObject({ colonneMontant: '', colonneReference: '', colonneDebit: 'Débit Euros' });
  });
});
