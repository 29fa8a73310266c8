import { notificationTexts as n } from '#domain/texts/signature.ts';
import { texts } from '#domain/texts/common.ts';
import type { Config } from '#server/config.ts';
import { escapeHtml } from '#server/mail/templates.ts';

export type RenderedMail = { subject: string; text: string; html: string };

/**
 * One short e-mail of the product's notifications: a greeting, a few paragraphs, one link
 * (straight to the page, no redirect, no tracking pixel, no image at all), the business
 * identity in the footer; a text part and an HTML part saying the same.
 */
export function renderNotification(
  config: Config,
  mail: { subject: string; name?: string | null; paragraphs: string[]; link: { url: string; label: string }; optOut?: boolean },
): RenderedMail {
  const b = config.business;
  const greeting = mail.name?.trim() ? n.greeting(mail.name.trim()) : n.greetingDefault;
  const footer = [`${b.name} – SIRET ${b.siret} – ${b.address}`, texts.vatNote, `${config.contact.email} – ${config.contact.phone}`];
  const text = [
    greeting,
    '',
    ...mail.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${mail.link.label} : ${mail.link.url}`,
    '',
    b.name,
    '',
    '--',
    ...footer,
    ...(mail.optOut ? ['', n.optOut] : []),
  ].join('\n');
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1b2430;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${mail.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(mail.link.url)}">${escapeHtml(mail.link.label)}</a></p>
<p>${escapeHtml(b.name)}</p>
<hr><p style="font-size:12px;color:#555">${footer.map(escapeHtml).join('<br>')}</p>
${mail.optOut ? `<p style="font-size:12px;color:#555">${escapeHtml(n.optOut)}</p>` : ''}
</body></html>`;
  return { subject: mail.subject, text, html };
}
