import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { BankEntry } from '#domain/payments.ts';
import { statementErrors as e } from '#domain/texts/payments.ts';
import { StatementError, toCents, type ParsedStatement } from './statement.ts';

/**
 * ISO 20022 camt.053 (Bank-to-Customer Statement), what French banks give as « relevé de
 * compte au format XML »: versions .001.02 to .001.08, read from the root's namespace. Only
 * booked entries (`Sts` BOOK) in euros are taken. The paths differ between versions where
 * v8 nests a party's name (`Dbtr/Pty/Nm`), its status (`Sts/Cd`) and a booking date-time
 * (`BookgDt/DtTm`): both are read. Docs: /work/research/wire-formats.md §2.1 (genkgo/camt's
 * fixtures), docs/decisions/.
 */

/** The root's namespace (the parser drops `xmlns` attributes with the prefixes). */
const NAMESPACE = /<(?:\w+:)?Document\b[^>]*?\sxmlns(?::\w+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d{2})["']/;
const ARRAYS = new Set(['Stmt', 'Ntry', 'TxDtls', 'Ustrd', 'Bal', 'NtryDtls', 'AddtlTxInf', 'Strd']);

type Node = Record<string, unknown>;
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name),
});

const asNode = (value: unknown): Node | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const asList = (value: unknown): Node[] =>
  Array.isArray(value) ? value.map(asNode).filter((node): node is Node => node !== undefined) : [];

/** The text of an element: a plain value, or `#text` when it has attributes. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  const node = asNode(value);
  const text = node?.['#text'];
  return typeof text === 'string' || typeof text === 'number' ? String(text) : undefined;
}

/** Follows a path of element names from a node. */
function at(node: Node | undefined, ...names: string[]): unknown {
  let current: unknown = node;
  for (const name of names) {
    const value = asNode(current)?.[name];
    current = Array.isArray(value) ? value[0] : value;
  }
  return current;
}
const textAt = (node: Node | undefined, ...names: string[]) => textOf(at(node, ...names))?.trim() || undefined;

/** A party's name: `Nm` (v2–v7) or `Pty/Nm` (v8). */
const partyName = (parties: Node | undefined, role: 'Dbtr' | 'Cdtr') => textAt(parties, role, 'Nm') ?? textAt(parties, role, 'Pty', 'Nm');

export function isCamt053(text: string): boolean {
  return /<(\w+:)?BkToCstmrStmt[\s>]/.test(text.slice(0, 4096));
}

export function parseCamt053(xml: string): ParsedStatement {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new StatementError(e.xmlDoctype);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new StatementError(e.xmlMalformed(valid.err.line));
  const document = asNode(asNode(parser.parse(xml))?.Document);
  const statements = asList(asNode(document?.BkToCstmrStmt)?.Stmt);
  if (!document || !asNode(document.BkToCstmrStmt)) throw new StatementError(e.notCamt053);
  const version = NAMESPACE.exec(xml)?.[1];
  if (!version) throw new StatementError(e.notCamt053);
  if (Number(version) < 2 || Number(version) > 8) throw new StatementError(e.camtVersion(version));
  if (statements.length === 0) throw new StatementError(e.noStatement);

  const entries: BankEntry[] = [];
  let ignored = 0;
  let index = 0;
  let account: string | null = null;
  for (const statement of statements) {
    account ??= textAt(statement, 'Acct', 'Id', 'IBAN') ?? textAt(statement, 'Acct', 'Id', 'Othr', 'Id') ?? null;
    for (const entry of asList(statement.Ntry)) {
      index += 1;
      const parsed = readEntry(entry, index);
      if (parsed === null) ignored += 1;
      else entries.push(...parsed);
    }
  }
  return { format: 'camt.053', version: `camt.053.001.${version}`, compte: account, entries, ignored };
}

/** One `Ntry`: one entry, or one per transaction of a batch whose transactions carry their amounts. Null when not booked or not in euros. */
function readEntry(entry: Node, index: number): BankEntry[] | null {
  const status = textAt(entry, 'Sts', 'Cd') ?? textAt(entry, 'Sts');
  if (status && status !== 'BOOK') return null;
  const amountNode = at(entry, 'Amt');
  const currency = asNode(amountNode)?.['@Ccy'];
  if (currency !== undefined && currency !== 'EUR') return null;
  const amount = textOf(amountNode) ?? '';
  const cents = toCents(amount);
  if (cents === null || cents < 0) throw new StatementError(e.badEntry(index, e.badAmount(amount)));
  const indicator = textAt(entry, 'CdtDbtInd') ?? '';
  if (indicator !== 'CRDT' && indicator !== 'DBIT') throw new StatementError(e.badEntry(index, e.badIndicator(indicator)));
  const sign = indicator === 'CRDT' ? 1 : -1;
  const rawDate = textAt(entry, 'BookgDt', 'Dt') ?? textAt(entry, 'BookgDt', 'DtTm') ?? textAt(entry, 'ValDt', 'Dt') ?? '';
  const date = rawDate.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) throw new StatementError(e.badEntry(index, e.badDate(rawDate)));
  const reference = textAt(entry, 'AcctSvcrRef') ?? null;
  const entryText = [textAt(entry, 'AddtlNtryInf')].filter(Boolean) as string[];
  const transactions = asList(entry.NtryDtls).flatMap((details) => asList(details.TxDtls));

  const describe = (transaction: Node | undefined) => {
    const parties = asNode(at(transaction, 'RltdPties'));
    const remittance = asNode(at(transaction, 'RmtInf'));
    const texts = [
      ...(Array.isArray(remittance?.Ustrd) ? remittance.Ustrd.map(textOf) : []),
      ...asList(remittance?.Strd).map((structured) => textAt(structured, 'CdtrRefInf', 'Ref')),
      textAt(transaction, 'Refs', 'EndToEndId'),
      ...(Array.isArray(asNode(transaction)?.AddtlTxInf) ? (asNode(transaction)!.AddtlTxInf as unknown[]).map(textOf) : []),
    ].filter((text): text is string => !!text && text !== 'NOTPROVIDED');
    return { texts, counterparty: partyName(parties, sign > 0 ? 'Dbtr' : 'Cdtr') ?? null };
  };

  const amounts = transactions.map((transaction) => textOf(at(transaction, 'Amt')) ?? textOf(at(transaction, 'AmtDtls', 'TxAmt', 'Amt')));
  if (transactions.length > 1 && amounts.every((value) => value !== undefined && toCents(value) !== null)) {
    return transactions.map((transaction, position) => {
      const { texts, counterparty } = describe(transaction);
      return {
        date,
        montantCentimes: sign * toCents(amounts[position]!)!,
        contrepartie: counterparty,
        libelle: [...texts, ...entryText].join(' | '),
        referenceBanque: reference ? `${reference}/${position + 1}` : null,
      };
    });
  }
  const described = transactions.map(describe);
  return [
    {
      date,
      montantCentimes: sign * cents,
      contrepartie: described.find((item) => item.counterparty)?.counterparty ?? null,
      libelle: [...described.flatMap((item) => item.texts), ...entryText].join(' | '),
      referenceBanque: reference,
    },
  ];
}
