import type { Devis } from '#domain/schemas/devis.ts';
import { texts } from '#domain/texts.ts';
import { adminTexts } from '#domain/texts-admin.ts';
import { identityLine, mailTexts, quoteMailTexts as m } from '#domain/texts-server.ts';
import type { Config } from '#server/config.ts';
import { escapeHtml } from '#server/mail/templates.ts';
import { formatPrixPdf } from '#server/pdf/quote-pdf.ts';

/** The e-mail that carries the confirmed quote to the customer for signature. */
export function quoteForSignatureMail(devis: Devis, config: Config) {
  const b = config.business;
  const name = devis.clientDetails?.nom?.trim() || m.anonymous;
  const subject = adminTexts.mailSubject(devis.numeroDevis);
  const prix = formatPrixPdf(devis.prix);
  const route = `${devis.adresseDepart} → ${devis.adresseArrivee}`;
  const espaceClient = `${config.publicUrl}/espace-client`;
  const text = `${mailTexts.greeting(name)}

${m.confirmed(devis.numeroDevis, route, prix)}
${m.attached}

${m.howToSign(adminTexts.signatureBlock, config.contact.email)}
${m.follow(espaceClient)}

${m.regards}
${b.name}

--
${identityLine(b.name, b.siret, b.address)}
${texts.vatNote}
${config.contact.email} – ${config.contact.phone}`;

  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1b2430;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(b.name)}</h1>
<p>${escapeHtml(mailTexts.greeting(name))}</p>
<p>${m.confirmed(devis.numeroDevis, escapeHtml(route), `<strong>${escapeHtml(prix)}</strong>`)}
${m.attached}</p>
<p>${m.howToSign(escapeHtml(adminTexts.signatureBlock), escapeHtml(config.contact.email))}</p>
<p><a href="${escapeHtml(espaceClient)}">${m.followLink}</a></p>
<p>${m.regards}<br>${escapeHtml(b.name)}</p>
<hr><p style="font-size:12px;color:#555">${escapeHtml(identityLine(b.name, b.siret, b.address))}<br>
${escapeHtml(texts.vatNote)} – ${escapeHtml(config.contact.email)} – ${escapeHtml(config.contact.phone)}</p>
</body></html>`;
  return { subject, text, html };
}
