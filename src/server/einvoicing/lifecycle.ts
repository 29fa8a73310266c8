import type { PaFluxRow } from '#server/db/schema.ts';
import { findIssuedByNumber } from '#server/invoices/issued.ts';
import { parseCdar } from './cdar.ts';
import type { Flow } from './platform-client.ts';
import { receiveSupplierInvoice, findPurchaseByNumber } from './purchases.ts';
import { insertStatus, listAwaitingAcknowledgement, readCursor, recordAcknowledgement, saveCursor } from './repository.ts';
import type { Wired } from './deps.ts';

/**
 * Following what the platform says (XP Z12-013, Flow Service): the acknowledgement of each flow we
 * sent (`Pending`, `Ok`, `Error` with its reasons), and the flows it has for us, found with
 * `POST /v1/flows/search` from where the last reading left off: lifecycle statuses about our
 * invoices (CDAR, type `CustomerInvoiceLC`), supplier invoices (`SupplierInvoice`), statuses about
 * the invoices we received (`SupplierInvoiceLC`). Every flow is read once (each status is stored
 * once per flow and code, each supplier invoice once per flow), so reading one twice is harmless.
 */

export type LifecycleDeps = Pick<Wired, 'database' | 'platform' | 'fileStore' | 'log' | 'now'>;

/** Platform statuses (transmission), as opposed to those the buyer or seller give. */
const PLATFORM_CODES = new Set(['200', '201', '202', '203', '213']);

/**
 * The acknowledgement of one of our flows: recorded, and for an invoice turned into its first
 * status: `Ok` is « Déposée » (200), `Error` « Rejetée » (213) with the platform's reasons.
 */
export async function applyAcknowledgement(deps: Pick<Wired, 'database' | 'now'>, row: PaFluxRow, flow: Flow): Promise<void> {
  const status = flow.acknowledgement?.status;
  if (!status || !row.flowId || status === row.ackStatus) return;
  const details = flow.acknowledgement?.details ?? [];
  const first = details.find((detail) => (detail.level ?? 'Error') === 'Error') ?? details[0];
  const reason = details
    .map((detail) => [detail.item, detail.reasonMessage].filter(Boolean).join(' : '))
    .filter(Boolean)
    .join(' ; ');
  const now = deps.now();
  await recordAcknowledgement(deps.database.db, row.id, { ackStatus: status, ackReason: reason || null }, now);
  if (row.kind !== 'facture' || !row.factureId || (status !== 'Ok' && status !== 'Error')) return;
  await insertStatus(
    deps.database.db,
    {
      factureId: row.factureId,
      achatId: null,
      code: status === 'Ok' ? '200' : '213',
      reasonCode: status === 'Error' ? (first?.reasonCode ?? null) : null,
      reason: status === 'Error' ? reason || null : null,
      source: 'plateforme',
      flowId: row.flowId,
      at: flow.updatedAt ?? now.toISOString(),
    },
    now,
  );
}

/** The acknowledgements still awaited, one `GET /v1/flows/{flowId}` each. */
async function followAcknowledgements(deps: LifecycleDeps): Promise<number> {
  let changed = 0;
  for (const row of await listAwaitingAcknowledgement(deps.database.db)) {
    const flow = await deps.platform.getFlow(row.flowId!);
    if (flow.acknowledgement?.status && flow.acknowledgement.status !== row.ackStatus) {
      await applyAcknowledgement(deps, row, flow);
      changed += 1;
    }
  }
  return changed;
}

/** The file of an incoming flow: its original, else the platform's conversion. */
async function fileOf(deps: LifecycleDeps, flowId: string) {
  try {
    return await deps.platform.getFlowFile(flowId, 'Original');
  } catch {
    return deps.platform.getFlowFile(flowId, 'Converted');
  }
}

/** A lifecycle message: each status it carries, on the invoice (ours, or received) it names. */
async function readStatuses(deps: LifecycleDeps, flow: Flow, about: 'ours' | 'received'): Promise<number> {
  const { content } = await fileOf(deps, flow.flowId);
  let recorded = 0;
  for (const status of parseCdar(content.toString('utf8'))) {
    const target =
      about === 'ours'
        ? { factureId: (await findIssuedByNumber(deps.database.db, status.invoiceNumber))?.id ?? null, achatId: null }
        : {
            factureId: null,
            achatId: (await findPurchaseByNumber(deps.database.db, status.invoiceNumber, status.sellerSiren))?.id ?? null,
          };
    if (!target.factureId && !target.achatId) {
      deps.log.warn({ flowId: flow.flowId, invoice: status.invoiceNumber, code: status.code }, 'lifecycle status about an unknown invoice');
      continue;
    }
    const isNew = await insertStatus(
      deps.database.db,
      {
        ...target,
        code: status.code,
        reasonCode: status.reasonCode,
        reason: status.reason,
        source: PLATFORM_CODES.has(status.code) ? 'plateforme' : 'partenaire',
        flowId: flow.flowId,
        at: status.issuedAt ?? flow.updatedAt ?? deps.now().toISOString(),
      },
      deps.now(),
    );
    if (isNew) recorded += 1;
  }
  return recorded;
}

export type PollReport = { acknowledgements: number; statuses: number; purchases: number };

const INCOMING_CURSOR = 'incoming';
/** Each reading starts a little before where the last ended: flows updated in the same instant are not missed (reading twice is harmless). */
const OVERLAP_MS = 5_000;

/** Flows in the incoming direction since the last reading: statuses and supplier invoices. */
async function readIncoming(deps: LifecycleDeps): Promise<Omit<PollReport, 'acknowledgements'>> {
  const cursor = await readCursor(deps.database.db, INCOMING_CURSOR);
  const flows = await deps.platform.searchFlows({ flowDirection: ['In'], ...(cursor ? { updatedAfter: cursor } : {}) });
  const report = { statuses: 0, purchases: 0 };
  let latest = cursor;
  for (const flow of flows) {
    // SuperPDP also answers flows of the other direction: only ours to read.
    if ((flow.flowDirection ?? 'In') !== 'In') continue;
    if (flow.flowType === 'CustomerInvoiceLC' || (!flow.flowType && flow.flowSyntax === 'CDAR'))
      report.statuses += await readStatuses(deps, flow, 'ours');
    else if (flow.flowType === 'SupplierInvoiceLC') report.statuses += await readStatuses(deps, flow, 'received');
    else if (flow.flowType === 'SupplierInvoice') {
      if (await receiveSupplierInvoice(deps, flow, await fileOf(deps, flow.flowId))) report.purchases += 1;
    }
    if (flow.updatedAt && (!latest || flow.updatedAt > latest)) latest = flow.updatedAt;
  }
  if (latest && latest !== cursor) {
    const overlapped = new Date(Date.parse(latest) - OVERLAP_MS);
    const next = Number.isNaN(overlapped.getTime()) ? latest : overlapped.toISOString();
    if (!cursor || next > cursor) await saveCursor(deps.database.db, INCOMING_CURSOR, next, deps.now());
  }
  return report;
}

/** One reading of the platform: acknowledgements, then incoming flows. */
export async function pollPlatform(deps: LifecycleDeps): Promise<PollReport> {
  const acknowledgements = await followAcknowledgements(deps);
  return { acknowledgements, ...(await readIncoming(deps)) };
}
