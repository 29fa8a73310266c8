import { describe, expect, it } from 'vitest';
import { validCompletion } from '#domain/schemas/devis-completion.fixture.ts';
import { readPdf } from '#server/test/pdf-text.ts';
import { confirmQuote } from '#server/quotes/back-office-test-factories.ts';
import { createQuoteInStatus, putCompletion } from '#server/quotes/test-factories.ts';
import { addressOf, createAdmin, createCustomer, ENGINES, useTestApp } from '#server/test/helpers.ts';

const NAME = '<img src=x onerror=alert(1)> Dupont';
const COMMENT = '<script>alert("commentaire")</script> & « clés »';

describe.each(ENGINES)('HTML and script payloads on %s', (engine) => {
  const t = useTestApp(engine);

  it('travel as text through the API, the confirmation e-mail and the PDF', async () => {
    const customer = await createCustomer(t);
    const admin = await createAdmin(t);
    const quote = await createQuoteInStatus(t.app.database, customer, 'en attente');
    const completion = validCompletion({
      clientDetails: { nom: NAME, email: customer.email, telephone: '06 12 34 56 78', siret: '732 829 320 00074' },
      commentaire: COMMENT,
    });
    const completed = await putCompletion(t, quote.id, customer.headers, completion);
    expect(completed.statusCode).toBe(200);

    // The API gives back exactly what was typed: escaping is the renderer's job.
    const detail = (await t.app.inject({ url: `/api/devis/${quote.id}`, headers: customer.headers })).json();
    expect(detail.clientDetails.nom).toBe(NAME);
    expect(detail.commentaire).toBe(COMMENT);

    const confirmed = await confirmQuote(t, admin.headers, quote.id, '980');
    expect(confirmed.statusCode).toBe(200);

    const mail = (await t.outbox()).find((message) => addressOf(message) === customer.email && message.attachments.length > 0);
    expect(mail).toBeDefined();
    const html = String(mail!.html);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Dupont');
    expect(mail!.text).toContain(NAME);

    const pdf = await readPdf(mail!.attachments[0]!.content);
    const flat = pdf.text.replace(/\s+/g, ' ');
    expect(flat).toContain('<img src=x onerror=alert(1)> Dupont');
    expect(flat).toContain('<script>alert("commentaire")</script> & « clés »');
  });
});
