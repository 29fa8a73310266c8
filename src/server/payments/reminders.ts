import { parisToday } from '#domain/format.ts';
import { isLateStep, reminderToSend, REMINDER_STEPS, type ReminderStep } from '#domain/payments.ts';
import { reminderApiMessages as msg } from '#domain/texts/payments.ts';
import type { Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle } from '#server/db/index.ts';
import { notFound } from '#server/errors.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import type { TaskDeclaration } from '#server/tasks/declared-tasks.ts';
import { findPayableInvoice, listOpenInvoices } from '#server/invoices/holder-payments.ts';
import { queueReminderMail } from '#server/invoices/mail.ts';
import { claimReminder, listRemindersSent, listStoppedReminders, setReminderMail, setRemindersStopped } from './repository.ts';

export type ReminderDeps = { database: DatabaseHandle; config: Config; outbox?: Pick<OutboxWorker, 'kick'> };

/** The daily reminders as a declared task (tasks/declared-tasks.ts): one run at a time across instances. */
export function reminderTask(deps: Omit<ReminderDeps, 'database'>): TaskDeclaration<{ sent: number }> {
  return {
    name: 'payment-reminders',
    intervalMs: deps.config.payments.reminderIntervalMinutes * 60_000,
    // The first run one interval after the start: a restart does not send anything early.
    firstRunDelayMs: deps.config.payments.reminderIntervalMinutes * 60_000,
    run: ({ database, now }) => sendDueReminders({ ...deps, database }, now),
    report: (result) => (result.sent > 0 ? result : null),
  };
}

/**
 * The daily reminders (a declared task): for each invoice still awaiting money whose
 * reminders were not stopped, the step due today (a few days before the due date, the day
 * after it, fifteen days after it: domain/payments.ts) is e-mailed through the outbox with the
 * invoice, what is left and the means to pay. Each step is claimed by a row (invoice, step) in
 * the transaction that queues its e-mail: never twice the same reminder, whatever the number
 * of instances or runs. An invoice whose PDF is not made yet waits for the next run.
 */
export async function sendDueReminders(deps: ReminderDeps, now: Date): Promise<{ sent: number }> {
  const today = parisToday(now);
  const beforeDays = deps.config.payments.reminderBeforeDays;
  const open = (await listOpenInvoices(deps.database.db)).filter((invoice) => invoice.dateEcheance && invoice.dateEmission);
  const ids = open.map((invoice) => invoice.id);
  const [sent, stopped] = await Promise.all([listRemindersSent(deps.database.db, ids), listStoppedReminders(deps.database.db, ids)]);
  const stoppedIds = new Set(stopped.map((row) => row.factureId));
  let count = 0;
  for (const invoice of open) {
    if (stoppedIds.has(invoice.id)) continue;
    const steps = sent.filter((row) => row.factureId === invoice.id).map((row) => row.etape as ReminderStep);
    const step = reminderToSend({ issuedOn: invoice.dateEmission!, dueDate: invoice.dateEcheance!, today, sent: steps, beforeDays });
    if (!step) continue;
    const queued = await withWriteTransaction(deps.database, async (trx) => {
      const found = await findPayableInvoice(trx, invoice.id);
      if (!found || found.resteCentimes <= 0 || !found.row.pdfKey) return false;
      if (!(await claimReminder(trx, invoice.id, step, now))) return false;
      const outboxId = await queueReminderMail(trx, deps.config, found.row, { resteCentimes: found.resteCentimes, late: isLateStep(step) });
      await setReminderMail(trx, invoice.id, step, outboxId);
      return true;
    });
    if (queued) count += 1;
  }
  if (count > 0) deps.outbox?.kick();
  return { sent: count };
}

/** The reminders of one invoice, for its page in the back office. */
export async function remindersOf(deps: Pick<ReminderDeps, 'database'>, factureId: string) {
  if (!(await findPayableInvoice(deps.database.db, factureId))) throw notFound(msg.notFound);
  const [sent, stopped] = await Promise.all([
    listRemindersSent(deps.database.db, [factureId]),
    listStoppedReminders(deps.database.db, [factureId]),
  ]);
  return {
    arretees: stopped.length > 0,
    envoyees: sent
      .filter((row) => (REMINDER_STEPS as readonly string[]).includes(row.etape))
      .map((row) => ({ etape: row.etape as ReminderStep, envoyeeLe: row.envoyeeLe })),
  };
}

/** The administrator stops (or lets go again) the automatic reminders of an invoice. */
export async function setInvoiceReminders(
  deps: Pick<ReminderDeps, 'database'>,
  viewer: { id: string },
  factureId: string,
  stopped: boolean,
) {
  if (!(await findPayableInvoice(deps.database.db, factureId))) throw notFound(msg.notFound);
  await setRemindersStopped(deps.database.db, factureId, stopped, viewer.id);
  return remindersOf(deps, factureId);
}
