import { paths } from '#domain/paths.ts';
import { signUpAttemptMailTexts as attempt } from '#domain/texts.ts';
import type { Config } from '#server/config.ts';

type Rendered = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(config: Config, title: string, bodyHtml: string): string {
  const b = config.business;
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1b2430;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(b.name)}</h1>
${bodyHtml}
<hr><p style="font-size:12px;color:#555">${escapeHtml(b.name)} – SIRET ${escapeHtml(b.siret)} – ${escapeHtml(b.address)}<br>
TVA non applicable, art. 293 B du CGI – ${escapeHtml(config.contact.email)} – ${escapeHtml(config.contact.phone)}</p>
</body></html>`;
}

function footerText(config: Config): string {
  const b = config.business;
  return `--\n${b.name} – SIRET ${b.siret} – ${b.address}\nTVA non applicable, art. 293 B du CGI\n${config.contact.email} – ${config.contact.phone}`;
}

export function verificationMail({ name, url, config }: { name: string; url: string; config: Config }): Rendered {
  const subject = 'Confirmez votre adresse e-mail';
  return {
    subject,
    text: `Bonjour ${name},\n\nMerci pour votre inscription. Pour activer votre compte, ouvrez ce lien :\n${url}\n\nCe lien est valable 24 heures. Si vous n'êtes pas à l'origine de cette inscription, ignorez ce message.\n\n${footerText(config)}`,
    html: layout(
      config,
      subject,
      `<p>Bonjour ${escapeHtml(name)},</p><p>Merci pour votre inscription. Pour activer votre compte, cliquez sur le lien ci-dessous :</p>
<p><a href="${escapeHtml(url)}">Confirmer mon adresse e-mail</a></p>
<p>Ce lien est valable 24 heures. Si vous n'êtes pas à l'origine de cette inscription, ignorez ce message.</p>`,
    ),
  };
}

export function resetPasswordMail({ name, url, config }: { name: string; url: string; config: Config }): Rendered {
  const subject = 'Réinitialisation de votre mot de passe';
  return {
    subject,
    text: `Bonjour ${name},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien :\n${url}\n\nCe lien est valable 1 heure. Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.\n\n${footerText(config)}`,
    html: layout(
      config,
      subject,
      `<p>Bonjour ${escapeHtml(name)},</p><p>Pour choisir un nouveau mot de passe, cliquez sur le lien ci-dessous :</p>
<p><a href="${escapeHtml(url)}">Choisir un nouveau mot de passe</a></p>
<p>Ce lien est valable 1 heure. Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.</p>`,
    ),
  };
}

/** To the owner of an address someone tried to sign up with: their account exists, nothing changed. */
export function signUpAttemptMail({ name, config }: { name: string; config: Config }): Rendered {
  const login = `${config.publicUrl}${paths.connexion}`;
  const forgotten = `${config.publicUrl}${paths.motDePasseOublie}`;
  return {
    subject: attempt.subject,
    text: `${attempt.greeting(name)}\n\n${attempt.intro}\n\n${attempt.login}\n${login}\n\n${attempt.forgotten}\n${forgotten}\n\n${attempt.notYou}\n\n${footerText(config)}`,
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

export { escapeHtml };
