import { describe, expect, it } from 'vitest';
import type { FactureLigneRow, FactureRow } from '#server/db/schema.ts';
import { renderInvoicePdf } from '#server/invoices/invoice-pdf.ts';
import { qrCodePng } from '#server/pdf/qr-code.ts';
import { readPdf } from '#server/test/pdf-text.ts';
import { readQrCodes, readQrCodesInPdf } from '#server/test/qr-reader.ts';
import { epcPayload } from '#domain/payments.ts';

/** An issued deposit invoice as the database holds it. */
function depositInvoice(over: Partial<FactureRow> = {}): FactureRow {
  return {
    id: 'f1',
    type: 'facture',
    statut: 'émise',
    numero: 'F-2026-0003',
    devisId: 'd1',
    numeroDevis: 42,
    uid: 'u1',
    factureOrigineId: null,
    motif: null,
    datePrestation: '2026-11-27',
    dateEmission: '2026-11-27',
    dateEcheance: '2026-12-27',
    emiseLe: '2026-11-27T10:00:00.000Z',
    clientNom: 'Claire Martin',
    clientAdresse: '3 place Bellecour, 69002 Lyon',
    clientEmail: 'claire@exemple.fr',
    clientType: 'particulier',
    clientSiret: null,
    vendeurNom: 'Hélène Dupré EI',
    vendeurEnseigne: 'Convoyage Pro',
    vendeurAdresse: '1 rue de la Paix, 75002 Paris',
    vendeurSiret: '73282932000074',
    vendeurTva: null,
    iban: 'FR7630006000011234567890189',
    bic: 'AGRIFRPP',
    delaiPaiementJours: 30,
    tauxPenalites: 'trois fois le taux d’intérêt légal',
    totalCentimes: 12_615,
    pdfKey: null,
    pdfSha256: null,
    derniereRelance: null,
    nature: 'acompte',
    acomptesCentimes: 0,
    acomptesDeduits: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    ...over,
  };
}
const line: FactureLigneRow = {
  id: 'l1',
  factureId: 'f1',
  position: 1,
  description: 'Acompte de 30 % sur le devis n° 42',
  quantiteCentiemes: 100,
  prixUnitaireCentimes: 12_615,
  montantCentimes: 12_615,
};
const contact = { email: 'contact@convoyage.test', phone: '01 23 45 67 89' };
const mediator = null;
/** The EPC069-12 elements of a code, by name. */
const fields = (payload: string) => {
  const [tag, version, charset, identification, bic, name, iban, amount, purpose, reference, text, ...rest] = payload.split('\n');
  return { tag, version, charset, identification, bic, name, iban, amount, purpose, reference, text, rest };
};

describe('the EPC QR code of an invoice, read from the pixels as a banking app reads it', () => {
  it('is printed on a deposit invoice with exactly the EPC069-12 fields, and its IBAN and reference in text', async () => {
    const pdf = await renderInvoicePdf({ row: depositInvoice(), lines: [line], origin: null, contact, mediator });
    const codes = readQrCodesInPdf(pdf);
    expect(codes).toHaveLength(1);
    expect(fields(codes[0]!)).toEqual({
      tag: 'BCD',
      version: '002',
      charset: '1',
      identification: 'SCT',
      bic: 'AGRIFRPP',
      name: 'Hélène Dupré EI',
      iban: 'FR7630006000011234567890189',
      amount: 'EUR126.15',
      purpose: '',
      reference: '',
      text: 'F-2026-0003',
      rest: [],
    });
    const text = (await readPdf(pdf)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Facture d’acompte n° F-2026-0003');
    expect(text).toContain('IBAN FR76 3000 6000 0112 3456 7890 189 – BIC AGRIFRPP – référence à indiquer : F-2026-0003');
  });

  it('asks on a final invoice for what is left once the deposits are deducted', async () => {
    const row = depositInvoice({
      numero: 'F-2026-0004',
      nature: null,
      totalCentimes: 42_050,
      acomptesCentimes: 12_615,
      acomptesDeduits: JSON.stringify([{ id: 'f1', numero: 'F-2026-0003', dateEmission: '2026-11-27', montantCentimes: 12_615 }]),
    });
    const pdf = await renderInvoicePdf({
      row,
      lines: [{ ...line, prixUnitaireCentimes: 42_050, montantCentimes: 42_050 }],
      origin: null,
      contact,
      mediator,
    });
    expect(fields(readQrCodesInPdf(pdf)[0]!)).toMatchObject({ amount: 'EUR294.35', text: 'F-2026-0004' });
    const text = (await readPdf(pdf)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Acompte facturé n° F-2026-0003 du 27/11/2026');
    expect(text).toContain('Reste à payer');
  });

  it('is absent without a bank account, and on a credit note', async () => {
    expect(
      readQrCodesInPdf(
        await renderInvoicePdf({ row: depositInvoice({ iban: null, bic: null }), lines: [line], origin: null, contact, mediator }),
      ),
    ).toEqual([]);
    const credit = depositInvoice({ type: 'avoir', nature: null, numero: 'A-2026-0001', factureOrigineId: 'f0' });
    expect(
      readQrCodesInPdf(
        await renderInvoicePdf({
          row: credit,
          lines: [line],
          origin: { numero: 'F-2026-0003', dateEmission: '2026-11-27' },
          contact,
          mediator,
        }),
      ),
    ).toEqual([]);
  });

  it('reads back from the PNG the e-mail carries', async () => {
    const payload = epcPayload({
      bic: null,
      name: 'Hélène Dupré EI',
      iban: 'FR7630006000011234567890189',
      amountCents: 45_050,
      text: 'F-2026-0009',
    })!;
    expect(readQrCodes(await qrCodePng(payload))).toEqual([payload]);
  });
});
