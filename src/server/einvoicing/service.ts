import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { parisToday } from '#domain/format.ts';
import { ISSUING_MANDATORY_FROM, reportingPeriodById, type EtatPlateforme, type LifecycleCode } from '#domain/einvoicing.ts';
import { documentTypeCode } from '#domain/invoices.ts';
import { sirenOfSiret } from '#domain/siret.ts';
import { einvoicingApiMessages as msg, lifecycleLabels, reasonText, sendingLabels } from '#domain/texts/einvoicing.ts';
import type { Db } from '#server/db/index.ts';
import type { FacturePaiementRow, FactureRow, PaFluxRow, PaStatutRow } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors.ts';
import type { InvoiceHooks } from '#server/invoices/service.ts';
import type { LeaseWorker } from '#server/outbox/lease-queue.ts';
import { buildCdar } from './cdar.ts';
import { lookUpSiren } from './directory.ts';
import { lastEndedPeriod, recordPeriodReports } from './ereporting.ts';
import { createFlowWorker, recordFlow, recordIssuedDocument } from './flows.ts';
import { pollPlatform, type PollReport } from './lifecycle.ts';
import type { TaskDeclaration } from '#server/tasks/declared-tasks.ts';
import { createPlatform, type Platform } from './platform-client.ts';
import { decideOnPurchase, type DecisionInput } from './purchases.ts';
import type { Wired } from './deps.ts';
import {
  findInvoiceFlow,
  invoiceIdsBySendingStatus,
  invoiceIdsWithLatestStatus,
  listInvoiceFlows,
  listStatusesOf,
  retryFlow,
} from './repository.ts';
import { prepareRules } from './validation.ts';

/**
 * E-invoicing through an approved platform, wired: the hooks the invoices capability calls, the
 * flow worker, the polling task, and what the back office reads. With no platform configured
 * (`PA_*` unset) it does nothing at all: no hook records anything, no worker or task runs.
 */

/** What the app gives; the platform's client and the clock are resolved here, once, into `Wired` (deps.ts). */
export type EinvoicingDeps = Omit<Wired, 'platform' | 'now' | 'today'> & {
  /** Tests give a platform of their own, or a fetch. */
  platform?: Platform;
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  today?: () => string;
};

/** An invoice at the platform, as the back office shows it. */
export type InvoicePlatformState = {
  etat: EtatPlateforme;
  libelle: string;
  motif: string | null;
  historique: { code: LifecycleCode; libelle: string; motif: string | null; date: string; source: PaStatutRow['source'] }[];
  envoi: { statut: PaFluxRow['status']; tentatives: number; erreur: string | null; referenceEnvoi: string; flowId: string | null };
};

export type Einvoicing = ReturnType<typeof createEinvoicing>;

/** The declared task that reads the platform. */
export const EINVOICING_POLL_TASK = 'einvoicing-poll';

export function createEinvoicing(deps: EinvoicingDeps) {
  const settings = deps.config.einvoicing;
  const platform = deps.platform ?? (settings.platform ? createPlatform(settings.platform, { fetch: deps.fetch }) : null);
  const now = deps.now ?? (() => new Date());
  const today = deps.today ?? (() => parisToday());
  /** What the parts work with; null without a platform (then nothing runs). */
  const wired: Wired | null = platform ? { ...deps, platform, now, today } : null;
  const worker: LeaseWorker | null = wired ? createFlowWorker(wired) : null;
  const ourSiren = sirenOfSiret(deps.config.seller.siret) ?? '';

  /** Records the « Encaissée » status of a payment on an invoice that went through the platform (docs/decisions/). */
  async function recordCashed(trx: Db, invoice: FactureRow, payment: FacturePaiementRow): Promise<void> {
    if (!settings.sendCashedStatus || invoice.type !== 'facture' || payment.montantCentimes <= 0) return;
    if (!(await findInvoiceFlow(trx, invoice.id))) return;
    const buyerSiren = sirenOfSiret(invoice.clientSiret ?? '') ?? undefined;
    const trackingId = `LC-${randomUUID()}`.slice(0, 36);
    const payload = buildCdar({
      id: trackingId,
      issuedAt: now(),
      issuer: { role: 'SE', siren: ourSiren },
      recipient: { role: 'BY', siren: buyerSiren, electronicAddress: buyerSiren },
      invoice: { number: invoice.numero!, typeCode: documentTypeCode(invoice), issueDate: invoice.dateEmission!, sellerSiren: ourSiren },
      status: { code: '212', cashed: { amountCents: payment.montantCentimes, vatRate: '0.00' } },
    });
    await recordFlow(trx, {
      kind: 'statut',
      factureId: invoice.id,
      achatId: null,
      periode: null,
      trackingId,
      name: `LC_${invoice.numero}_212`,
      flowSyntax: 'CDAR',
      processingRule: null,
      payload,
    });
  }

  /** The platform states of some invoices (absent: the invoice does not go to the platform). */
  async function statesOf(factureIds: readonly string[]): Promise<Map<string, InvoicePlatformState>> {
    const [flows, statuses] = await Promise.all([
      listInvoiceFlows(deps.database.db, factureIds),
      listStatusesOf(deps.database.db, 'factureId', factureIds),
    ]);
    const states = new Map<string, InvoicePlatformState>();
    for (const flow of flows.sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
      states.set(
        flow.factureId!,
        stateOf(
          flow,
          statuses.filter((status) => status.factureId === flow.factureId),
        ),
      );
    }
    return states;
  }

  /** Invoices whose platform state is `etat` (the filter of /admin/factures). */
  async function invoiceIdsIn(etat: EtatPlateforme): Promise<string[]> {
    if (/^\d{3}$/.test(etat)) return invoiceIdsWithLatestStatus(deps.database.db, etat);
    return invoiceIdsBySendingStatus(
      deps.database.db,
      etat === 'non conforme' ? ['invalid'] : etat === 'échec' ? ['failed'] : ['pending', 'sending', 'sent'],
    );
  }

  const hooks: InvoiceHooks = platform
    ? {
        onIssued: async (trx, row) => {
          await recordIssuedDocument(trx, row, now());
        },
        onPaymentRecorded: recordCashed,
        afterCommit: () => worker?.kick(),
        platform: {
          summaries: async (ids) => {
            const states = await statesOf(ids);
            return new Map([...states].map(([id, state]) => [id, { etat: state.etat, libelle: state.libelle, motif: state.motif }]));
          },
          idsIn: (etat) => invoiceIdsIn(etat),
        },
      }
    : {};

  /** The reports of the period just ended, once it is within the obligation (from 1 September 2027). */
  async function reportEndedPeriod(): Promise<number> {
    const period = lastEndedPeriod(today());
    if (!wired || period.start < ISSUING_MANDATORY_FROM) return 0;
    return (await recordPeriodReports(wired, period)).length;
  }

  /** One reading of the platform, then the e-reporting due; what the declared task runs. */
  async function poll(): Promise<PollReport | null> {
    if (!wired) return null;
    const report = await pollPlatform(wired);
    if ((await reportEndedPeriod()) > 0) worker?.kick();
    return report;
  }

  function stateOf(flow: PaFluxRow, statuses: PaStatutRow[]): InvoicePlatformState {
    const history: InvoicePlatformState['historique'] = [];
    for (const status of statuses) {
      history.push({
        code: status.code as LifecycleCode,
        libelle: lifecycleLabels[status.code as LifecycleCode] ?? status.code,
        motif: reasonText(status.reasonCode, status.reason),
        date: status.at,
        source: status.source,
      });
    }
    const latest = history[history.length - 1];
    const sending = flow.status === 'invalid' ? 'non conforme' : flow.status === 'failed' ? 'échec' : 'en attente';
    const etat: EtatPlateforme = latest && flow.status === 'sent' ? latest.code : sending;
    return {
      etat,
      libelle: latest && flow.status === 'sent' ? latest.libelle : sendingLabels[sending],
      motif:
        latest && flow.status === 'sent' ? latest.motif : flow.status === 'pending' || flow.status === 'sending' ? null : flow.lastError,
      historique: history,
      envoi: {
        statut: flow.status,
        tentatives: flow.attempts,
        erreur: flow.lastError,
        referenceEnvoi: flow.trackingId,
        flowId: flow.flowId,
      },
    };
  }

  return {
    enabled: platform !== null,
    /** Whether approving a purchase can make an expense (the mission costs are there). */
    canMakeExpenses: deps.createExpense !== null,
    hooks,
    /** The flow worker (tests drain it). */
    worker,
    poll,

    /**
     * The polling, as a declared task (one instance at a time): every `PA_POLL_SECONDS`, or once
     * after the start when it is 0 (the webhook's calls then run it).
     */
    pollTask(): TaskDeclaration<PollReport | null> | null {
      if (!platform) return null;
      return {
        name: EINVOICING_POLL_TASK,
        intervalMs: settings.pollSeconds * 1000,
        firstRunDelayMs: 10_000,
        run: poll,
        report: (result) => (result && result.acknowledgements + result.statuses + result.purchases > 0 ? result : null),
      };
    },

    start() {
      if (!platform || !worker) return;
      worker.start();
      // The rules are compiled once per version (30 s): ahead of the first invoice.
      void prepareRules().catch((error: unknown) =>
        deps.log.error({ err: error }, 'e-invoicing: the validation rules could not be compiled'),
      );
    },
    async stop() {
      await worker?.stop();
    },

    statesOf,
    invoiceIdsIn,

    /** Sends an invoice again after a failure or a refusal by our checks (a new attempt, same tracking id). */
    async retryInvoice(factureId: string): Promise<void> {
      const flow = await findInvoiceFlow(deps.database.db, factureId);
      if (!flow || !(await retryFlow(deps.database.db, flow.id, now()))) throw conflict(msg.nothingToRetry);
      worker?.kick();
    },

    /** Whether a customer's SIREN receives e-invoices (cached; null without a platform or an answer). */
    async directory(siren: string, options: { refresh?: boolean } = {}) {
      if (!wired) return null;
      return lookUpSiren(wired, siren, options.refresh ? { maxAgeMs: 0 } : {});
    },

    /** A business customer's platform, looked up at his quote's confirmation (cached with its date; nothing without a platform). */
    async lookUpCustomer(siret: string) {
      const siren = sirenOfSiret(siret);
      return siren ? this.directory(siren) : null;
    },

    async decideOnPurchase(id: string, input: DecisionInput) {
      if (!wired) throw notFound(msg.notConfigured);
      const decided = await decideOnPurchase(wired, id, input);
      worker?.kick();
      return decided;
    },

    /** Records (and sends) the e-reporting of a finished period now, as the task would. */
    async reportPeriod(periodId: string) {
      if (!wired) throw notFound(msg.notConfigured);
      const period = reportingPeriodById(periodId);
      if (period.end >= today()) throw conflict(msg.periodNotOver);
      const recorded = await recordPeriodReports(wired, period);
      worker?.kick();
      return recorded;
    },

    /**
     * Whether a call of the platform's webhook is signed with `PA_WEBHOOK_SECRET` (HMAC-SHA256 of
     * the raw body, header `X-Signature: sha256=<hex>`, docs/decisions/ says why). Its content is
     * never trusted: a signed call only makes the app read the platform now (the poll task).
     */
    isSignedWebhook(rawBody: Buffer, signature: string | undefined): boolean {
      if (!platform || !settings.webhookSecret) return false;
      const expected = Buffer.from(`sha256=${createHmac('sha256', settings.webhookSecret).update(rawBody).digest('hex')}`);
      const given = Buffer.from(signature ?? '');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
