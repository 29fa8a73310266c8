import { XMLParser } from 'fast-xml-parser';
import { isLifecycleCode, type LifecycleCode } from '#domain/einvoicing.ts';
import { lifecycleLabels } from '#domain/texts/einvoicing.ts';

/**
 * Lifecycle messages (« cycle de vie », CDAR D22B, XP Z12-012 as the FNFE-MPE rules BR-FR-CDV
 * check it and as Dolibarr's connector writes it for two live platforms): one status about one
 * invoice. A status is sent as a flow of syntax CDAR; the platform says which invoice it concerns
 * from the reference inside.
 */

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
};

/** Statuses a platform gives in the transmission phase (MDT-77 = 305); the others are the parties' (23). */
const TRANSMISSION: Partial<Record<LifecycleCode, string>> = { '200': '10', '201': '51', '202': '43', '203': '48', '213': '8' };
/** MDT-88 in the processing phase (BR-FR-CDV-CL-05), as Dolibarr maps it. */
const PROCESSING: Partial<Record<LifecycleCode, string>> = { '205': '1', '211': '47', '212': '47' };

export type Role = 'SE' | 'BY' | 'WK';

export type CdarInput = {
  id: string;
  issuedAt: Date;
  /** Who issues the status: the seller (SE), the buyer (BY), or a platform (WK, the transmission statuses). */
  issuer: { role: Role; siren?: string };
  recipient: { role: Role; siren?: string; electronicAddress?: string };
  invoice: { number: string; typeCode: string; issueDate: string; sellerSiren: string };
  status: {
    code: LifecycleCode;
    reasonCode?: string;
    reason?: string;
    /** « Encaissée » (212): the amount received, all taxes included, and its VAT rate (MEN, BR-FR-CDV-14). */
    cashed?: { amountCents: number; vatRate: string };
  };
};

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const t = (name: string, value: string, attributes = '') => `<${name}${attributes}>${escapeXml(value)}</${name}>`;
const format204 = (date: Date) => date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
const dateTime204 = (date: Date) =>
  `<ram:IssueDateTime><udt:DateTimeString format="204">${format204(date)}</udt:DateTimeString></ram:IssueDateTime>`;

function party(
  element: string,
  { role, siren, electronicAddress }: { role: Role; siren?: string; electronicAddress?: string },
  withId: boolean,
) {
  return [
    `<ram:${element}>`,
    withId && siren ? t('ram:GlobalID', siren, ' schemeID="0002"') : '',
    t('ram:RoleCode', role),
    electronicAddress
      ? `<ram:URIUniversalCommunication>${t('ram:URIID', electronicAddress, ' schemeID="0225"')}</ram:URIUniversalCommunication>`
      : '',
    `</ram:${element}>`,
  ].join('');
}

/** The CDAR XML of one status about one invoice. */
export function buildCdar(input: CdarInput): string {
  const { status, invoice } = input;
  const isTransmission = input.issuer.role === 'WK';
  const statusCode = isTransmission ? (TRANSMISSION[status.code] ?? '10') : (PROCESSING[status.code] ?? '45');
  const detail =
    status.reasonCode || status.reason || status.cashed
      ? [
          '<ram:SpecifiedDocumentStatus>',
          status.reasonCode ? t('ram:ReasonCode', status.reasonCode) : '',
          status.reason ? t('ram:Reason', status.reason) : '',
          t('ram:SequenceNumeric', '1'),
          status.cashed
            ? `<ram:SpecifiedDocumentCharacteristic>${t('ram:TypeCode', 'MEN')}${t(
                'ram:ValueAmount',
                (status.cashed.amountCents / 100).toFixed(2),
                ' currencyID="EUR"',
              )}${t('ram:ValuePercent', status.cashed.vatRate)}</ram:SpecifiedDocumentCharacteristic>`
            : '',
          '</ram:SpecifiedDocumentStatus>',
        ].join('')
      : '';
  const namespaces = Object.entries(NS)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('');
  return [
    `<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossDomainAcknowledgementAndResponse${namespaces}>`,
    '<rsm:ExchangedDocumentContext>',
    `<ram:BusinessProcessSpecifiedDocumentContextParameter>${t('ram:ID', 'REGULATED')}</ram:BusinessProcessSpecifiedDocumentContextParameter>`,
    `<ram:GuidelineSpecifiedDocumentContextParameter>${t('ram:ID', 'urn.cpro.gouv.fr:1p0:CDV:invoice')}</ram:GuidelineSpecifiedDocumentContextParameter>`,
    '</rsm:ExchangedDocumentContext>',
    '<rsm:ExchangedDocument>',
    t('ram:ID', input.id),
    t('ram:Name', input.id),
    dateTime204(input.issuedAt),
    `<ram:SenderTradeParty>${t('ram:RoleCode', 'WK')}</ram:SenderTradeParty>`,
    party('IssuerTradeParty', input.issuer, !isTransmission),
    party('RecipientTradeParty', input.recipient, true),
    '</rsm:ExchangedDocument>',
    '<rsm:AcknowledgementDocument>',
    `<ram:MultipleReferencesIndicator><udt:Indicator>false</udt:Indicator></ram:MultipleReferencesIndicator>`,
    t('ram:TypeCode', isTransmission ? '305' : '23'),
    dateTime204(input.issuedAt),
    '<ram:ReferenceReferencedDocument>',
    t('ram:IssuerAssignedID', invoice.number),
    t('ram:StatusCode', statusCode),
    t('ram:TypeCode', invoice.typeCode),
    `<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${invoice.issueDate.replace(/-/g, '')}</qdt:DateTimeString></ram:FormattedIssueDateTime>`,
    t('ram:ProcessConditionCode', status.code),
    t('ram:ProcessCondition', lifecycleLabels[status.code]),
    `<ram:IssuerTradeParty>${t('ram:GlobalID', invoice.sellerSiren, ' schemeID="0002"')}${t('ram:RoleCode', 'SE')}</ram:IssuerTradeParty>`,
    detail,
    '</ram:ReferenceReferencedDocument>',
    '</rsm:AcknowledgementDocument>',
    '</rsm:CrossDomainAcknowledgementAndResponse>\n',
  ].join('');
}

/** What we read of a status message: which invoice (number, seller), which status, why. */
export type ParsedStatus = {
  invoiceNumber: string;
  sellerSiren: string | null;
  code: LifecycleCode;
  reasonCode: string | null;
  reason: string | null;
  issuedAt: string | null;
};

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ['ReferenceReferencedDocument', 'SpecifiedDocumentStatus', 'GlobalID'].includes(name),
});

type XmlNode = Record<string, unknown>;
const textOf = (node: unknown): string | null => {
  if (typeof node === 'string') return node.trim() || null;
  if (node && typeof node === 'object' && '#text' in node) return String((node as XmlNode)['#text']).trim() || null;
  return null;
};
const child = (node: unknown, name: string): unknown => (node && typeof node === 'object' ? (node as XmlNode)[name] : undefined);
const list = (node: unknown): unknown[] => (Array.isArray(node) ? node : node === undefined ? [] : [node]);

/** `20261003101500` (format 204) or `20261003` (102) as ISO text; null when it is neither. */
function isoOf(value: string | null): string | null {
  const match = value ? /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2}))?$/.exec(value) : null;
  if (!match) return null;
  const [, y, m, d, hh = '00', mm = '00', ss = '00'] = match;
  return `${y}-${m}-${d}T${hh}:${mm}:${ss}.000Z`;
}

/** The statuses a CDAR message carries (one per referenced invoice); none when it is not one. */
export function parseCdar(xml: string): ParsedStatus[] {
  let root: unknown;
  try {
    root = child(parser.parse(xml), 'CrossDomainAcknowledgementAndResponse');
  } catch {
    return [];
  }
  if (!root) return [];
  const issuedAt = isoOf(textOf(child(child(child(root, 'ExchangedDocument'), 'IssueDateTime'), 'DateTimeString')));
  const statuses: ParsedStatus[] = [];
  for (const reference of list(child(child(root, 'AcknowledgementDocument'), 'ReferenceReferencedDocument'))) {
    const invoiceNumber = textOf(child(reference, 'IssuerAssignedID'));
    const code = textOf(child(reference, 'ProcessConditionCode'));
    if (!invoiceNumber || !code || !isLifecycleCode(code)) continue;
    const detail = list(child(reference, 'SpecifiedDocumentStatus'))[0];
    statuses.push({
      invoiceNumber,
      sellerSiren: textOf(list(child(child(reference, 'IssuerTradeParty'), 'GlobalID'))[0]),
      code,
      reasonCode: textOf(child(detail, 'ReasonCode')),
      reason: textOf(child(detail, 'Reason')),
      issuedAt,
    });
  }
  return statuses;
}
