import { describe, expect, it } from 'vitest';
import {
  depositAtSignature,
  depositCents,
  epcPayload,
  invoiceNumbersIn,
  matchCredit,
  nameScore,
  reminderToSend,
  splitCredit,
  type BankEntry,
  type OpenInvoice,
} from './payments.ts';

describe('the deposit', () => {
  it('is the percentage of the final price, rounded to the cent', () => {
    expect(depositCents(42_050, 30)).toBe(12_615);
    expect(depositCents(45_050, 30)).toBe(13_515);
    expect(depositCents(10_001, 50)).toBe(5_001);
    expect(depositCents(33_333, 33)).toBe(11_000);
    expect(depositCents(45_050, 100)).toBe(45_050);
  });

  it('is nothing at 0 %, without a price, or for a percentage that is not a whole number', () => {
    expect(depositCents(45_050, 0)).toBe(0);
    expect(depositCents(0, 30)).toBe(0);
    expect(depositCents(45_050, 12.5)).toBe(0);
  });
});

describe('the EPC QR payload', () => {
  const transfer = {
    bic: 'AGRIFRPP',
    name: 'Jean Dupont EI',
    iban: 'FR76 3000 6000 0112 3456 7890 189',
    amountCents: 12_615,
    text: 'F-2026-0003',
  };

  it('has the EPC069-12 elements in order, LF-separated, with nothing after the last one', () => {
    expect(epcPayload(transfer)).toBe(
      ['BCD', '002', '1', 'SCT', 'AGRIFRPP', 'Jean Dupont EI', 'FR7630006000011234567890189', 'EUR126.15', '', '', 'F-2026-0003'].join(
        '\n',
      ),
    );
  });

  it('keeps the element lines of an empty BIC (version 002) and writes whole euros with two decimals', () => {
    const payload = epcPayload({ ...transfer, bic: null, amountCents: 45_000 })!;
    expect(payload.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      '',
      'Jean Dupont EI',
      'FR7630006000011234567890189',
      'EUR450.00',
      '',
      '',
      'F-2026-0003',
    ]);
    expect(payload.endsWith('\n')).toBe(false);
  });

  it('cuts a long name to 70 characters and a text to 140, and never lets a line break in', () => {
    const payload = epcPayload({ ...transfer, name: `Société\nDupont ${'x'.repeat(100)}`, text: 'y'.repeat(200) })!;
    const lines = payload.split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[5]).toHaveLength(70);
    expect(lines[5]!.startsWith('Société Dupont')).toBe(true);
    expect(lines[10]).toHaveLength(140);
  });

  it('gives nothing for an amount that cannot be paid', () => {
    expect(epcPayload({ ...transfer, amountCents: 0 })).toBeNull();
    expect(epcPayload({ ...transfer, amountCents: -100 })).toBeNull();
  });
});

describe('matching a bank credit', () => {
  const invoices: OpenInvoice[] = [
    { id: 'a', numero: 'F-2026-0007', resteCentimes: 45_050, clientNom: 'Claire Martin' },
    { id: 'b', numero: 'F-2026-0008', resteCentimes: 12_615, clientNom: 'Transports Lefèvre SARL' },
    { id: 'c', numero: 'F-2026-0009', resteCentimes: 12_615, clientNom: 'Paul Durand' },
    { id: 'd', numero: 'F-2026-0010', resteCentimes: 0, clientNom: 'Paul Durand' },
  ];
  const credit = (over: Partial<BankEntry>): BankEntry => ({
    date: '2026-11-26',
    montantCentimes: 45_050,
    contrepartie: null,
    libelle: '',
    referenceBanque: null,
    ...over,
  });

  it('finds invoice numbers whatever the bank did with the separators', () => {
    expect(invoiceNumbersIn('VIR SEPA /MOTIF FACTURE F-2026-0007 MERCI')).toEqual(['F-2026-0007']);
    expect(invoiceNumbersIn('f 2026 0007')).toEqual(['F-2026-0007']);
    expect(invoiceNumbersIn('PAIEMENT F20260007')).toEqual(['F-2026-0007']);
    expect(invoiceNumbersIn('REF20260007')).toEqual([]);
    expect(invoiceNumbersIn('F-2026-0007 et F-2026-0008')).toEqual(['F-2026-0007', 'F-2026-0008']);
  });

  it('is sure when the number of an open invoice is in the texts and the amount is not more than is due', () => {
    expect(matchCredit(credit({ libelle: 'VIR F-2026-0007' }), invoices)).toEqual({ kind: 'sure', factureId: 'a' });
    expect(matchCredit(credit({ montantCentimes: 10_000, libelle: 'Acompte F-2026-0007' }), invoices)).toEqual({
      kind: 'sure',
      factureId: 'a',
    });
  });

  it('only proposes when the amount is more than is due or the text names several invoices', () => {
    expect(matchCredit(credit({ montantCentimes: 50_000, libelle: 'F-2026-0007' }), invoices)).toEqual({
      kind: 'proposed',
      factureId: 'a',
    });
    expect(matchCredit(credit({ libelle: 'F-2026-0007 F-2026-0008' }), invoices)).toEqual({ kind: 'proposed', factureId: 'a' });
  });

  it.each([
    ['VIR F-2026-0007 F-2026-0008', 57_665, { kind: 'split', factureIds: ['a', 'b'] }],
    // A paid invoice named beside them counts for nothing.
    ['F-2026-0007 F-2026-0008 F-2026-0010', 57_665, { kind: 'split', factureIds: ['a', 'b'] }],
    // A cent off is only proposed.
    ['F-2026-0007 F-2026-0008', 57_664, { kind: 'proposed', factureId: 'a' }],
  ] as const)(
    'splits a credit naming several invoices for exactly what they await together: « %s », %i cents',
    (libelle, montantCentimes, expected) => {
      expect(matchCredit(credit({ montantCentimes, libelle }), invoices)).toEqual(expected);
    },
  );

  it('proposes the invoice awaiting that amount whose customer bears the payer’s name', () => {
    expect(matchCredit(credit({ montantCentimes: 12_615, contrepartie: 'DURAND PAUL' }), invoices)).toEqual({
      kind: 'proposed',
      factureId: 'c',
    });
    expect(matchCredit(credit({ montantCentimes: 12_615, contrepartie: 'SARL TRANSPORTS LEFEVRE' }), invoices)).toEqual({
      kind: 'proposed',
      factureId: 'b',
    });
  });

  it('leaves alone a credit with no number, no payer of that amount, or a number of an invoice already paid', () => {
    expect(matchCredit(credit({ montantCentimes: 12_615, contrepartie: 'DUPONT JEAN' }), invoices)).toEqual({ kind: 'none' });
    expect(matchCredit(credit({ montantCentimes: 9_999, contrepartie: 'DURAND PAUL' }), invoices)).toEqual({ kind: 'none' });
    expect(matchCredit(credit({ montantCentimes: 12_615, libelle: 'F-2026-0010' }), invoices)).toEqual({ kind: 'none' });
    expect(matchCredit(credit({ montantCentimes: -12_615, libelle: 'F-2026-0008' }), invoices)).toEqual({ kind: 'none' });
  });

  it('compares names without accents, case, civilities or legal forms', () => {
    expect(nameScore('M. MARTIN CLAIRE', 'Claire Martin')).toBe(2);
    expect(nameScore('SARL LEFEVRE', 'Transports Lefèvre SARL')).toBe(1);
    expect(nameScore('SAS DUPONT', 'Martin SAS')).toBe(0);
  });
});

describe('one credit for several invoices', () => {
  const older = { id: 'older', numero: 'F-2026-0011', resteCentimes: 100_000, dateEcheance: '2026-11-10' };
  const newer = { id: 'newer', numero: 'F-2026-0012', resteCentimes: 50_000, dateEcheance: '2026-11-20' };
  const undated = { id: 'undated', numero: 'F-2026-0003', resteCentimes: 20_000, dateEcheance: null };

  it('pays the invoice due first in full, then the next, whatever order they were picked in (art. 1342-10 C. civ.)', () => {
    const paid = {
      ok: true,
      shares: [
        { factureId: 'older', montantCentimes: 100_000 },
        { factureId: 'newer', montantCentimes: 50_000 },
      ],
    };
    expect(splitCredit(150_000, [older, newer])).toEqual(paid);
    expect(splitCredit(150_000, [newer, older])).toEqual(paid);
    expect(splitCredit(170_000, [undated, newer, older])).toMatchObject({
      ok: true,
      shares: [{ factureId: 'older' }, { factureId: 'newer' }, { factureId: 'undated', montantCentimes: 20_000 }],
    });
  });

  it('leaves the rest of the last invoice to pay when the credit is short of the whole', () => {
    expect(splitCredit(120_000, [older, newer])).toEqual({
      ok: true,
      shares: [
        { factureId: 'older', montantCentimes: 100_000 },
        { factureId: 'newer', montantCentimes: 20_000 },
      ],
    });
  });

  it('refuses a credit above what the invoices await together, or one that leaves nothing for an invoice chosen', () => {
    expect(splitCredit(150_001, [older, newer])).toEqual({ ok: false, reason: 'more-than-due' });
    expect(splitCredit(100_000, [older, newer])).toEqual({ ok: false, reason: 'not-enough' });
    expect(splitCredit(90_000, [older, newer])).toEqual({ ok: false, reason: 'not-enough' });
  });

  it('pays one invoice with the whole credit, up to what it awaits', () => {
    expect(splitCredit(30_000, [newer])).toEqual({ ok: true, shares: [{ factureId: 'newer', montantCentimes: 30_000 }] });
    expect(splitCredit(50_001, [newer])).toEqual({ ok: false, reason: 'more-than-due' });
  });
});

describe('the reminder schedule', () => {
  const base = { issuedOn: '2026-11-01', dueDate: '2026-12-01', sent: [] as const, beforeDays: 3 };

  it('sends the first reminder from a few days before the due date, then the day after it, then fifteen days after', () => {
    expect(reminderToSend({ ...base, today: '2026-11-27' })).toBeNull();
    expect(reminderToSend({ ...base, today: '2026-11-28' })).toBe('avant-echeance');
    expect(reminderToSend({ ...base, today: '2026-12-01', sent: ['avant-echeance'] })).toBeNull();
    expect(reminderToSend({ ...base, today: '2026-12-02', sent: ['avant-echeance'] })).toBe('echeance-depassee');
    expect(reminderToSend({ ...base, today: '2026-12-15', sent: ['avant-echeance', 'echeance-depassee'] })).toBeNull();
    expect(reminderToSend({ ...base, today: '2026-12-16', sent: ['avant-echeance', 'echeance-depassee'] })).toBe('echeance-plus-15');
    expect(reminderToSend({ ...base, today: '2027-03-01', sent: ['avant-echeance', 'echeance-depassee', 'echeance-plus-15'] })).toBeNull();
  });

  it('never sends a step twice, and does not send a missed step once a later one is due', () => {
    expect(reminderToSend({ ...base, today: '2026-11-29', sent: ['avant-echeance'] })).toBeNull();
    expect(reminderToSend({ ...base, today: '2026-12-20' })).toBe('echeance-plus-15');
  });

  it('has no first reminder when it is not wanted, nor one falling on the issue day', () => {
    expect(reminderToSend({ ...base, beforeDays: 0, today: '2026-11-30' })).toBeNull();
    expect(reminderToSend({ ...base, issuedOn: '2026-11-29', dueDate: '2026-11-30', today: '2026-11-29' })).toBeNull();
    expect(reminderToSend({ ...base, issuedOn: '2026-11-29', dueDate: '2026-11-29', today: '2026-11-30' })).toBe('echeance-depassee');
  });

  it('counts days across a month end and a year end', () => {
    expect(reminderToSend({ ...base, issuedOn: '2026-12-01', dueDate: '2026-12-31', today: '2027-01-01' })).toBe('echeance-depassee');
    expect(
      reminderToSend({ ...base, issuedOn: '2026-12-01', dueDate: '2026-12-31', today: '2027-01-15', sent: ['echeance-depassee'] }),
    ).toBe('echeance-plus-15');
  });
});

describe('the deposit line of a quote', () => {
  it('states the amount and share, and nothing without a deposit', () => {
    expect(depositAtSignature({ prix: 420.5, acomptePourcent: 30 })?.replace(/\s+/g, ' ')).toBe('Acompte à la signature : 126,15 € (30 %)');
    expect(depositAtSignature({ prix: 420.5, acomptePourcent: 0 })).toBeNull();
    expect(depositAtSignature({ prix: 420.5, acomptePourcent: null })).toBeNull();
  });
});
