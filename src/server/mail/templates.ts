import { paths } from '#domain/paths.ts';
import { signUpAttemptMailTexts as attempt } from '#domain/texts/common.ts';
import { mailTexts, sellerFooter } from '#domain/texts/server.ts';
import { privacyTexts } from '#domain/texts/privacy.ts';
import { notificationTexts as n } from '#domain/texts/signature.ts';
import type { Config } from '#server/config.ts';
import type { Seller } from '#domain/public-config.ts';

type Rendered = { subject: string; text: string; html: string };
type LinkMailTexts = { subject: string; intro: string; introHtml: string; link: string; outro: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** An invoice's or a credit note's number (F-2026-0001): a phone's narrow column must not break it at a hyphen. */
const DOCUMENT_NUMBER = /\b[FA]-\d{4}-\d{4,}\b/g;

/** A paragraph of text as HTML: escaped, its document numbers kept on one line (copied as they are: plain hyphens). */
const paragraphHtml = (text: string) =>
  `<p>${escapeHtml(text).replace(DOCUMENT_NUMBER, (numero) => `<span style="white-space:nowrap">${numero}</span>`)}</p>`;

/** The start of every e-mail's HTML; the viewport lets a phone's mail app show it at the phone's width. */
const htmlHead = (title: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1b2430;line-height:1.5">`;

/** Every e-mail's HTML: the trade name as its title, the body, the seller's lines at its foot. */
export function mailLayout(seller: Seller, title: string, bodyHtml: string): string {
  return `${htmlHead(title)}
<h1 style="font-size:20px">${escapeHtml(seller.tradeName)}</h1>
${bodyHtml}
<hr><p style="font-size:12px;color:#555">${sellerFooter(seller).map(escapeHtml).join('<br>\n')}</p>
</body></html>`;
}

const layout = (config: Config, title: string, bodyHtml: string) => mailLayout(config.seller, title, bodyHtml);

/** Every e-mail's text ends with the seller's lines. */
export const footerText = (seller: Seller): string => ['--', ...sellerFooter(seller)].join('\n');

/** An account e-mail: a greeting, one link to follow, and how long it lasts. */
function linkMail(t: LinkMailTexts, { name, url, config }: { name: string; url: string; config: Config }): Rendered {
  return {
    subject: t.subject,
    text: `${mailTexts.greeting(name)}\n\n${t.intro}\n${url}\n\n${t.outro}\n\n${footerText(config.seller)}`,
    html: layout(
      config,
      t.subject,
      `<p>${escapeHtml(mailTexts.greeting(name))}</p><p>${escapeHtml(t.introHtml)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(t.link)}</a></p>
<p>${escapeHtml(t.outro)}</p>`,
    ),
  };
}

export const verificationMail = (args: { name: string; url: string; config: Config }) => linkMail(mailTexts.verification, args);
export const resetPasswordMail = (args: { name: string; url: string; config: Config }) => linkMail(mailTexts.resetPassword, args);

/** To the owner of an address someone tried to sign up with: their account exists, nothing changed. */
export function signUpAttemptMail({ name, config }: { name: string; config: Config }): Rendered {
  const login = `${config.publicUrl}${paths.connexion}`;
  const forgotten = `${config.publicUrl}${paths.motDePasseOublie}`;
  return {
    subject: attempt.subject,
    text: `${attempt.greeting(name)}\n\n${attempt.intro}\n\n${attempt.login}\n${login}\n\n${attempt.forgotten}\n${forgotten}\n\n${attempt.notYou}\n\n${footerText(config.seller)}`,
    html: layout(
      config,
      attempt.subject,
      `<p>${escapeHtml(attempt.greeting(name))}</p><p>${escapeHtml(attempt.intro)}</p>
<p>${escapeHtml(attempt.login)} <a href="${escapeHtml(login)}">${escapeHtml(login)}</a></p>
<p>${escapeHtml(attempt.forgotten)} <a href="${escapeHtml(forgotten)}">${escapeHtml(forgotten)}</a></p>
<p>${escapeHtml(attempt.notYou)}</p>`,
    ),
  };
}

/** The last e-mail of an account its owner deleted (privacy/): what is gone, what is kept and why. */
export function accountDeletedMail({ name, config }: { name: string; config: Config }): Rendered {
  const f = privacyTexts.farewellMail;
  const contact = `${config.seller.email} – ${config.seller.phone}`;
  return {
    subject: f.subject,
    text: `${f.greeting(name)}\n\n${f.intro}\n\n${f.kept}\n\n${f.notYou} ${contact}\n\n${f.goodbye}\n\n${footerText(config.seller)}`,
    html: layout(
      config,
      f.subject,
      `<p>${escapeHtml(f.greeting(name))}</p><p>${escapeHtml(f.intro)}</p><p>${escapeHtml(f.kept)}</p>
<p>${escapeHtml(f.notYou)} ${escapeHtml(contact)}</p><p>${escapeHtml(f.goodbye)}</p>`,
    ),
  };
}

export { escapeHtml };

/** A notice about the account's security: a few paragraphs and, when given, one link to act on. */
export function accountNoticeMail({
  name,
  subject,
  paragraphs,
  link,
  config,
}: {
  name: string;
  subject: string;
  paragraphs: string[];
  link?: { intro: string; url: string };
  config: Config;
}): Rendered {
  const linkText = link ? `\n\n${link.intro}\n${link.url}` : '';
  const linkHtml = link ? `<p>${escapeHtml(link.intro)} <a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></p>` : '';
  return {
    subject,
    text: `${mailTexts.greeting(name)}\n\n${paragraphs.join('\n\n')}${linkText}\n\n${footerText(config.seller)}`,
    html: layout(config, subject, `<p>${escapeHtml(mailTexts.greeting(name))}</p>${paragraphs.map(paragraphHtml).join('\n')}${linkHtml}`),
  };
}

export type RenderedMail = { subject: string; text: string; html: string };

/**
 * One short e-mail of the product's notifications (the steps of a quote, an invoice's): a greeting, a few paragraphs, one link
 * (straight to the page, no redirect, no tracking pixel, no image at all), the business
 * identity in the footer; a text part and an HTML part saying the same.
 */
export function renderNotification(
  config: Config,
  mail: { subject: string; name?: string | null; paragraphs: string[]; link: { url: string; label: string }; optOut?: boolean },
): RenderedMail {
  const { seller } = config;
  const greeting = mail.name?.trim() ? n.greeting(mail.name.trim()) : n.greetingDefault;
  const footer = sellerFooter(seller);
  const text = [
    greeting,
    '',
    ...mail.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${mail.link.label} : ${mail.link.url}`,
    '',
    seller.tradeName,
    '',
    '--',
    ...footer,
    ...(mail.optOut ? ['', n.optOut] : []),
  ].join('\n');
  const html = `${htmlHead(mail.subject)}
<p>${escapeHtml(greeting)}</p>
${mail.paragraphs.map(paragraphHtml).join('\n')}
<p><a href="${escapeHtml(mail.link.url)}">${escapeHtml(mail.link.label)}</a></p>
<p>${escapeHtml(seller.tradeName)}</p>
<hr><p style="font-size:12px;color:#555">${footer.map(escapeHtml).join('<br>')}</p>
${mail.optOut ? `<p style="font-size:12px;color:#555">${escapeHtml(n.optOut)}</p>` : ''}
</body></html>`;
  return { subject: mail.subject, text, html };
}
