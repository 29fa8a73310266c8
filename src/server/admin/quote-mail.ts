import type { Devis } from '#domain/schemas/devis.ts';
import { texts } from '#domain/texts.ts';
import { adminTexts } from '#domain/texts-admin.ts';
import type { Config } from '#server/config.ts';
import { escapeHtml } from '#server/mail/templates.ts';
import { formatPrixPdf } from '#server/pdf/quote-pdf.ts';

/** The e-mail that carries the confirmed quote to the customer for signature. */
export function quoteForSignatureMail(devis: Devis, config: Config) {
  const b = config.business;
  const name = devis.clientDetails?.nom?.trim() || 'Madame, Monsieur';
  const subject = adminTexts.mailSubject(devis.numeroDevis);
  const prix = formatPrixPdf(devis.prix);
  const route = `${devis.adresseDepart} → ${devis.adresseArrivee}`;
  const espaceClient = `${config.publicUrl}/espace-client`;
  const text = `Bonjour ${name},

Votre devis de convoyage n° ${devis.numeroDevis} (${route}) est confirmé au prix de ${prix}.
Vous le trouverez en pièce jointe au format PDF.

Pour lancer la mission, imprimez-le, signez-le en ajoutant la mention « ${adminTexts.signatureBlock} », puis renvoyez-le en réponse à ce message ou à ${config.contact.email}.
Vous pouvez suivre votre devis dans votre espace client : ${espaceClient}

Cordialement,
${b.name}

--
${b.name} – SIRET ${b.siret} – ${b.address}
${texts.vatNote}
${config.contact.email} – ${config.contact.phone}`;

  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1b2430;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(b.name)}</h1>
<p>Bonjour ${escapeHtml(name)},</p>
<p>Votre devis de convoyage n° ${devis.numeroDevis} (${escapeHtml(route)}) est confirmé au prix de <strong>${escapeHtml(prix)}</strong>.
Vous le trouverez en pièce jointe au format PDF.</p>
<p>Pour lancer la mission, imprimez-le, signez-le en ajoutant la mention « ${escapeHtml(adminTexts.signatureBlock)} », puis renvoyez-le en réponse à ce message ou à ${escapeHtml(config.contact.email)}.</p>
<p><a href="${escapeHtml(espaceClient)}">Suivre mon devis dans mon espace client</a></p>
<p>Cordialement,<br>${escapeHtml(b.name)}</p>
<hr><p style="font-size:12px;color:#555">${escapeHtml(b.name)} – SIRET ${escapeHtml(b.siret)} – ${escapeHtml(b.address)}<br>
${escapeHtml(texts.vatNote)} – ${escapeHtml(config.contact.email)} – ${escapeHtml(config.contact.phone)}</p>
</body></html>`;
  return { subject, text, html };
}
