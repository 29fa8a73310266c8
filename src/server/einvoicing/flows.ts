import { createHash } from 'node:crypto';
import { isBusinessBuyer } from '#domain/einvoicing.ts';
import { sirenOfSiret } from '#domain/siret.ts';
import { einvoicingApiMessages as msg } from '#domain/texts/einvoicing.ts';
import type { Db } from '#server/db/index.ts';
import type { FactureRow, PaFluxRow } from '#server/db/schema.ts';
import { validationError } from '#server/errors.ts';
import { FACTUR_X_FILENAME, readEmbeddedFile } from '#server/invoices/factur-x.ts';
import { findIssuedDocument, issuedDocumentPdf } from '#server/invoices/issued.ts';
import { claimDue, createLeaseWorker, markAttemptFailed, nextAttemptAfter, type LeaseWorker } from '#server/outbox/lease-queue.ts';
import { checkCdar, checkFacturXml, type CheckReport } from './validation.ts';
import { PlatformError, type Flow, type FlowInfo } from './platform-client.ts';
import { insertFlow, markFlowRefused, markFlowSent, type NewFlow } from './repository.ts';
import { applyAcknowledgement } from './lifecycle.ts';
import type { Wired } from './deps.ts';

/**
 * The flows we send to the platform, through a queue like the outbox's (lease-queue.ts): each is
 * recorded in the transaction of the change that causes it (an invoice issued, a status decided, a
 * period closed) and sent by a worker with retries and one claim across instances.
 *
 * The standard's `trackingId` is our reference and a platform need not refuse a second flow with
 * the same one: a flow claimed again after a failed or interrupted attempt is first looked up by
 * its tracking id, and adopted if the platform has it, so that nothing is ever submitted twice.
 * Before anything leaves, the file is checked as the platforms check it (validation.ts): a
 * document that fails is kept back (`invalid`) with the rules it breaks.
 */

export type FlowDeps = Pick<Wired, 'database' | 'platform' | 'config' | 'log' | 'invoices' | 'now'>;

/** Records a flow to send, in the caller's transaction; the worker sends it after the commit (`kick`). */
export const recordFlow = (trx: Db, flow: NewFlow, now = new Date()) => insertFlow(trx, flow, now);

/**
 * In the transaction that issues an invoice or a credit note: records its submission when its
 * buyer is a business (processing rule B2B). A business customer without a valid SIRET is refused
 * here, before the number is used: the platform would reject the invoice (BR-FR-11, BR-FR-21).
 * Invoices to private customers are not e-invoices: they are e-reported (ereporting.ts).
 */
export async function recordIssuedDocument(trx: Db, row: FactureRow, now = new Date()): Promise<PaFluxRow | null> {
  if (row.clientType !== 'entreprise') return null;
  if (!isBusinessBuyer(row) || !sirenOfSiret(row.clientSiret ?? '')) throw validationError(msg.businessWithoutSiren);
  return insertFlow(
    trx,
    {
      kind: 'facture',
      factureId: row.id,
      achatId: null,
      periode: null,
      trackingId: row.numero!,
      name: `${row.type === 'avoir' ? 'Avoir' : 'Facture'}_${row.numero}`,
      flowSyntax: 'Factur-X',
      processingRule: 'B2B',
      payload: null,
    },
    now,
  );
}

/** A report of failed rules in one line: `BR-FR-10_BT-30 : …; BR-CO-26 : …`. */
export function describeReport(report: CheckReport): string {
  const parts = [
    ...report.schemaErrors.map((error) => error.replace(/^document\.xml:\d+:\s*/, '')),
    ...report.failures.map((failure) => `${failure.id} : ${failure.text}`),
  ];
  return msg.invalidDocument(parts.join(' ; ')).slice(0, 4000);
}

type Outgoing = { file: Buffer; filename: string; contentType: string; info: FlowInfo };

/** The file of a flow and what is said of it, or the reason it may not leave. */
async function prepare(deps: FlowDeps, row: PaFluxRow): Promise<Outgoing | { refused: string }> {
  const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
  if (row.kind === 'facture') {
    const document = row.factureId ? await findIssuedDocument(deps.database.db, row.factureId) : undefined;
    if (!document) return { refused: msg.notFound };
    const pdf = await issuedDocumentPdf(deps.invoices(), document);
    const xml = await readEmbeddedFile(pdf.content, [FACTUR_X_FILENAME]);
    if (!xml) return { refused: msg.noFacturX };
    const report = await checkFacturXml(xml.data.toString('utf8'));
    if (!report.valid) return { refused: describeReport(report) };
    return {
      file: pdf.content,
      filename: pdf.filename,
      contentType: 'application/pdf',
      info: {
        trackingId: row.trackingId,
        name: row.name,
        flowSyntax: 'Factur-X',
        processingRule: 'B2B',
        flowProfile: 'CIUS',
        sha256: pdf.sha256,
      },
    };
  }
  const payload = Buffer.from(row.payload ?? '', 'utf8');
  if (row.flowSyntax === 'CDAR') {
    const report = await checkCdar(row.payload ?? '');
    if (!report.valid) return { refused: describeReport(report) };
  }
  return {
    file: payload,
    filename: `${row.name}.xml`,
    contentType: 'application/xml',
    info: {
      trackingId: row.trackingId,
      name: row.name,
      flowSyntax: row.flowSyntax as FlowInfo['flowSyntax'],
      ...(row.processingRule ? { processingRule: row.processingRule as FlowInfo['processingRule'] } : {}),
      sha256: sha256(payload),
    },
  };
}

/** The platform's flow with our tracking id, if an earlier attempt reached it. */
async function findSubmitted(deps: FlowDeps, row: PaFluxRow): Promise<Flow | undefined> {
  const found = await deps.platform.searchFlows({ trackingId: row.trackingId });
  return found.find((flow) => flow.trackingId === row.trackingId && (flow.flowDirection ?? 'Out') === 'Out');
}

async function recordSent(deps: FlowDeps, row: PaFluxRow, flow: Flow): Promise<void> {
  const now = deps.now();
  const isOurs = await markFlowSent(
    deps.database.db,
    row,
    { flowId: flow.flowId, submittedAt: flow.submittedAt ?? now.toISOString(), ackStatus: flow.acknowledgement?.status ?? 'Pending' },
    now,
  );
  if (!isOurs) {
    deps.log.warn({ paFluxId: row.id, flowId: flow.flowId }, 'platform flow recorded after its claim ran out');
    return;
  }
  await applyAcknowledgement(deps, { ...row, flowId: flow.flowId, ackStatus: 'Pending' }, flow);
}

/** One claimed flow: adopted if the platform has it already, else checked and submitted. */
export async function processFlow(deps: FlowDeps, row: PaFluxRow): Promise<void> {
  const { maxAttempts, retryBaseMs } = deps.config.einvoicing;
  try {
    if (row.attempts > 1) {
      const existing = await findSubmitted(deps, row);
      if (existing) {
        deps.log.info({ paFluxId: row.id, flowId: existing.flowId }, 'platform flow found by its tracking id: not submitted again');
        await recordSent(deps, row, existing);
        return;
      }
    }
    const outgoing = await prepare(deps, row);
    if ('refused' in outgoing) {
      await markFlowRefused(deps.database.db, row, 'invalid', outgoing.refused, deps.now());
      deps.log.warn({ paFluxId: row.id, reason: outgoing.refused }, 'flow kept back: it breaks the platform rules');
      return;
    }
    const flow = await deps.platform.submitFlow(outgoing);
    await recordSent(deps, row, flow);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const reason = error.message.slice(0, 2000);
    if (!error.retryable) {
      await markFlowRefused(deps.database.db, row, 'failed', reason, deps.now());
      deps.log.warn({ paFluxId: row.id, err: error }, 'flow refused by the platform');
      return;
    }
    const nextAttemptAt = nextAttemptAfter(row.attempts, { baseMs: retryBaseMs, maxAttempts }, deps.now());
    await markAttemptFailed(deps.database.db, 'pa_flux', row, { error: reason, nextAttemptAt });
    deps.log.warn({ paFluxId: row.id, err: error, attempts: row.attempts, nextAttemptAt }, 'flow not sent; it will be tried again');
  }
}

/** The worker that sends the recorded flows (one claim across instances, retries with back-off). */
export function createFlowWorker(deps: FlowDeps): LeaseWorker {
  return createLeaseWorker({
    name: 'pa_flux',
    // Polled like the outbox; kicked at once after an issue.
    pollMs: 5_000,
    claim: (limit) => claimDue(deps.database, 'pa_flux', { now: deps.now(), leaseMs: deps.config.einvoicing.leaseMs, limit }),
    process: (row) => processFlow(deps, row),
    log: deps.log,
  });
}
