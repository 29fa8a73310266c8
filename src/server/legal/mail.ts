import { paths } from '#domain/paths.ts';
import { notificationTexts as n } from '#domain/texts/signature.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/index.ts';
import { renderNotification } from '#server/mail/templates.ts';
import { enqueueMail } from '#server/outbox/outbox.ts';

type Notice = { kind: string; subject: string; paragraphs: string[] };

/**
 * The customer's receipt and the operator's notice of a step the customer took on his signed
 * quote (a withdrawal, a request to cancel), queued through the outbox in that step's transaction:
 * each links to the quote's page on its side.
 */
export async function queueStepNotices(
  trx: Db,
  config: Config,
  devisId: string,
  { customer, admin }: { customer: Notice & { to: string; name: string }; admin: Notice },
): Promise<void> {
  const notices = [
    { ...customer, page: paths.devis(devisId), label: n.customerLink },
    { ...admin, to: config.adminEmail, name: undefined, page: paths.adminEditDevis(devisId), label: n.adminLink },
  ];
  for (const { kind, to, name, subject, paragraphs, page, label } of notices) {
    await enqueueMail(trx, {
      kind,
      devisId,
      to,
      ...renderNotification(config, { subject, name, paragraphs, link: { url: `${config.publicUrl}${page}`, label } }),
    });
  }
}
