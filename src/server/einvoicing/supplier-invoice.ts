import { XMLParser } from 'fast-xml-parser';
import { sirenOfSiret } from '#domain/siret.ts';

/**
 * Reading a supplier invoice's XML (CII, as in a Factur-X PDF, or UBL): who sent it, its number,
 * dates and totals, its lines' labels and payment means. A pure function of the text, kept apart
 * from what the service does with it (purchases.ts).
 */

/** What we read of a supplier invoice. */
export type SupplierInvoice = {
  supplierName: string;
  supplierSiren: string | null;
  supplierAddress: string | null;
  number: string;
  typeCode: string | null;
  issueDate: string | null;
  totalExclCents: number | null;
  vatCents: number | null;
  totalInclCents: number | null;
  currency: string | null;
  /** The lines' labels (BT-153), one per line of text, at most LINE_LABELS_MAX characters; null without lines. */
  lineLabels: string | null;
  /** How it is to be or was paid (BT-81, UNTDID 4461): every payment means given, in order (a transfer, a card…). */
  paymentMeansCodes: string[];
};

/** The SIREN of a SIREN or a SIRET as written (spaces allowed), or null. */
const sirenFrom = (value: string | null) => {
  const digits = value?.replace(/\s/g, '') ?? '';
  if (/^\d{9}$/.test(digits)) return digits;
  return sirenOfSiret(digits);
};

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false, attributeNamePrefix: '@' });
type XmlNode = Record<string, unknown>;

const at = (node: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((current, key) => {
    const value = Array.isArray(current) ? current[0] : current;
    return value && typeof value === 'object' ? (value as XmlNode)[key] : undefined;
  }, node);
const textOf = (node: unknown): string | null => {
  const value = Array.isArray(node) ? node[0] : node;
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim() || null;
  if (value && typeof value === 'object' && '#text' in value) return String((value as XmlNode)['#text']).trim() || null;
  return null;
};
const cents = (value: string | null) => {
  if (value === null || !/^-?\d+(\.\d+)?$/.test(value)) return null;
  return Math.round(Number(value) * 100);
};
/** `20260902` (format 102) or `2026-09-02` as `2026-09-02`. */
const dayOf = (value: string | null) => {
  const match = value ? /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value) : null;
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
};

/** Every node of a repeated element (the parser gives one alone as itself, none as undefined). */
const each = (node: unknown): unknown[] => (Array.isArray(node) ? node : node === undefined ? [] : [node]);

/** What the expense category is guessed from needs no more than the first lines. */
const LINE_LABELS_MAX = 2000;
const lineLabelsOf = (lines: unknown, ...namePath: string[]) => {
  const labels = each(lines)
    .map((line) =>
      textOf(at(line, ...namePath))
        ?.replace(/[\s\p{Cc}]+/gu, ' ')
        .trim(),
    )
    .filter(Boolean);
  return labels.length > 0 ? labels.join('\n').slice(0, LINE_LABELS_MAX) : null;
};

/** A UNTDID 4461 code is at most three letters or digits; anything else is not one (and would not fit its column). */
const PAYMENT_MEANS_CODE = /^[A-Z0-9]{1,3}$/i;
/** At most this many payment means are read: an invoice gives one or two. */
const PAYMENT_MEANS_MAX = 10;
const paymentMeansCodesOf = (means: unknown, ...codePath: string[]) =>
  each(means)
    .slice(0, PAYMENT_MEANS_MAX)
    .map((node) => textOf(at(node, ...codePath)))
    .filter((code): code is string => code !== null && PAYMENT_MEANS_CODE.test(code));

/** The VAT total in the invoice's currency: CII may give it twice (invoice and accounting currency). */
function taxTotal(node: unknown, currency: string | null): string | null {
  const values = each(node);
  const inCurrency = values.find((value) => value && typeof value === 'object' && (value as XmlNode)['@currencyID'] === currency);
  return textOf(inCurrency ?? values[0]);
}

/** Reads a CII (Factur-X) or UBL invoice; null when the XML is neither. */
export function readSupplierInvoice(xml: string): SupplierInvoice | null {
  let document: XmlNode;
  try {
    document = parser.parse(xml) as XmlNode;
  } catch {
    return null;
  }
  const cii = document.CrossIndustryInvoice;
  if (cii) {
    const transaction = at(cii, 'SupplyChainTradeTransaction');
    const agreement = at(transaction, 'ApplicableHeaderTradeAgreement');
    const settlement = at(transaction, 'ApplicableHeaderTradeSettlement');
    const totals = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
    const currency = textOf(at(settlement, 'InvoiceCurrencyCode'));
    const number = textOf(at(cii, 'ExchangedDocument', 'ID'));
    if (!number) return null;
    const legalId = at(agreement, 'SellerTradeParty', 'SpecifiedLegalOrganization', 'ID');
    return {
      supplierName: textOf(at(agreement, 'SellerTradeParty', 'Name')) ?? '',
      supplierSiren: sirenFrom(textOf(legalId)),
      supplierAddress: textOf(at(agreement, 'SellerTradeParty', 'URIUniversalCommunication', 'URIID')),
      number,
      typeCode: textOf(at(cii, 'ExchangedDocument', 'TypeCode')),
      issueDate: dayOf(textOf(at(cii, 'ExchangedDocument', 'IssueDateTime', 'DateTimeString'))),
      totalExclCents: cents(textOf(at(totals, 'TaxBasisTotalAmount'))),
      vatCents: cents(taxTotal(at(totals, 'TaxTotalAmount'), currency)),
      totalInclCents: cents(textOf(at(totals, 'GrandTotalAmount'))),
      currency,
      lineLabels: lineLabelsOf(at(transaction, 'IncludedSupplyChainTradeLineItem'), 'SpecifiedTradeProduct', 'Name'),
      paymentMeansCodes: paymentMeansCodesOf(at(settlement, 'SpecifiedTradeSettlementPaymentMeans'), 'TypeCode'),
    };
  }
  const ubl = document.Invoice ?? document.CreditNote;
  if (ubl) {
    const party = at(ubl, 'AccountingSupplierParty', 'Party');
    const totals = at(ubl, 'LegalMonetaryTotal');
    const number = textOf(at(ubl, 'ID'));
    if (!number) return null;
    return {
      supplierName: textOf(at(party, 'PartyLegalEntity', 'RegistrationName')) ?? textOf(at(party, 'PartyName', 'Name')) ?? '',
      supplierSiren: sirenFrom(textOf(at(party, 'PartyLegalEntity', 'CompanyID'))),
      supplierAddress: textOf(at(party, 'EndpointID')),
      number,
      typeCode: textOf(at(ubl, 'InvoiceTypeCode')) ?? textOf(at(ubl, 'CreditNoteTypeCode')),
      issueDate: dayOf(textOf(at(ubl, 'IssueDate'))),
      totalExclCents: cents(textOf(at(totals, 'TaxExclusiveAmount'))),
      vatCents: cents(textOf(at(ubl, 'TaxTotal', 'TaxAmount'))),
      totalInclCents: cents(textOf(at(totals, 'TaxInclusiveAmount'))),
      currency: textOf(at(ubl, 'DocumentCurrencyCode')),
      lineLabels: lineLabelsOf(at(ubl, 'InvoiceLine') ?? at(ubl, 'CreditNoteLine'), 'Item', 'Name'),
      paymentMeansCodes: paymentMeansCodesOf(at(ubl, 'PaymentMeans'), 'PaymentMeansCode'),
    };
  }
  return null;
}
