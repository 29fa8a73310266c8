import { randomUUID } from 'node:crypto';
import { formatCentimes, formatDay, parisToday } from '#domain/format.ts';
import { addDays } from '#domain/invoices.ts';
import type { Facture, FactureClient } from '#domain/schemas/invoices.ts';
import { invoiceMailTexts, invoiceTexts } from '#domain/texts/invoices.ts';
import { adminHomeTexts as homeTexts } from '#domain/texts/admin-home.ts';
import {
  bankPageTexts as bank,
  cardRefundTexts as cardRefund,
  depositCancellationTexts as cancellation,
  refundMailTexts as refundMail,
  invoiceRemindersTexts as reminderTexts,
  paymentPageTexts as t,
} from '#domain/texts/payments.ts';
import { signatureTexts } from '#domain/texts/signature.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { legalTexts as legal } from '#domain/texts/legal.ts';
import { addressOf } from '#server/test/outbox.ts';
import { pdfAttachments, validateEn16931, validateXsd } from '#server/test/einvoice-rules.ts';
import { readQrCodes } from '#server/test/qr-reader.ts';
import { camt053Xml, creditAgricoleCsv } from '#server/payments/statements/test-factories.ts';
import type { APIRequestContext } from '@playwright/test';
import { expect, finishAndInvoice, readOutbox, signedMission, test, type E2eCustomer } from './fixtures.ts';

/**
 * Getting paid (issue 29), on the phone as the customer does it: the quote asks a 30 % deposit
 * and says so on its signing page; once signed, the deposit invoice comes by e-mail with the
 * transfer's EPC QR code; « Payer en ligne » opens the provider's page (a local server that
 * speaks Stripe's documented wire format, playwright.config.ts); the provider's signed
 * notification, and nothing the browser says, makes the invoice paid.
 */
test(
  'a 30 % deposit: stated at signature, invoiced with its QR code, paid online and recorded from the signed notification; the final invoice deducts it',
  { tag: '@phone-only' },
  async ({ page, customer, adminApi }) => {
    const quote = await customer.createQuote({ adresseDepart: 'Lyon', adresseArrivee: 'Marseille', typeVehicule: 'Berline' });
    await customer.completeQuote(quote);
    const confirmed = await adminApi.post(`/api/admin/devis/${quote.id}/confirmer`, {
      data: { prixFinal: '420,50', acomptePourcent: 30, clauses: { km: false, longDistance: false } },
    });
    expect(confirmed.status()).toBe(200);

    // The signing page states the deposit, as the quote's PDF and e-mail do.
    await page.goto(`/devis/${quote.id}/signer`);
    await expect(page.getByRole('heading', { level: 1, name: signatureTexts.heading(quote.numeroDevis) })).toBeVisible();
    await expect(page.getByText('Acompte à la signature : 126,15\u00a0€ (30\u00a0%)')).toBeVisible();

    // Signed (here on paper, confirmed by the administrator): the deposit invoice is e-mailed.
    expect((await adminApi.post(`/api/admin/devis/${quote.id}/confirmer-signe`)).status()).toBe(200);
    await expect
      .poll(async () => (await readOutbox()).some((mail) => addressOf(mail) === customer.email && /acompte/.test(mail.subject ?? '')), {
        timeout: 20_000,
      })
      .toBe(true);
    const mail = (await readOutbox()).find((sent) => addressOf(sent) === customer.email && /acompte/.test(sent.subject ?? ''))!;
    const numero = /n° (F-\d{4}-\d{4})/.exec(mail.subject!)![1]!;
    expect(mail.subject).toBe(invoiceMailTexts.depositSubject(numero));
    const qr = mail.attachments.find((file) => file.filename === `virement-${numero}.png`)!;
    expect(readQrCodes(qr.content)[0]!.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'AGRIFRPP',
      expect.any(String),
      'FR7630006000011234567890189',
      'EUR126.15',
      '',
      '',
      numero,
    ]);

    // The signing page, once signed (here on paper: « ne peut pas être signé en ligne »), leads
    // to the deposit invoice as the e-mail's link does; there: what is left, « Payer en ligne »,
    // the provider's page, back to « Payée ».
    const link = mail.text!.match(/https?:\/\/\S+\/factures\/\S+\/paiement/)![0];
    await page.goto(`/devis/${quote.id}/signer`);
    await expect(page.getByText(signatureTexts.notSignable)).toBeVisible();
    const depositInvoice = page.getByRole('listitem').filter({ hasText: numero });
    await expect(depositInvoice).toContainText('À payer');
    await depositInvoice.getByRole('link', { name: t.payLink }).click();
    await expect(page).toHaveURL(link);
    await expect(page.getByRole('heading', { level: 1, name: t.title(numero, true) })).toBeVisible();
    await expect(page.getByText('126,15\u00a0€').first()).toBeVisible();
    await expect(page.getByRole('img', { name: t.qrAlt(numero) })).toBeVisible();
    await page.getByRole('button', { name: t.payOnline }).click();
    await expect(page.getByTestId('amount')).toHaveText('126.15 EUR');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/paiement\?retour=1/);
    await expect(page.getByText(t.settled)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: t.payOnline })).toHaveCount(0);

    const invoices = await customer.api.get('/api/factures');
    const paid = ((await invoices.json()) as { numero: string; etat: string }[]).find((facture) => facture.numero === numero);
    expect(paid?.etat).toBe('payée');

    // The mission done, the final invoice deducts the deposit, and its Factur-X passes the EN 16931 checks.
    const finalPdf = await customer.api.get((await finishAndInvoice(adminApi, quote.id)).pdfUrl!);
    const xml = (await pdfAttachments(await finalPdf.body()))[0]!.data.toString('utf8');
    expect(await validateXsd(xml)).toEqual({ valid: true, errors: [] });
    expect((await validateEn16931(xml)).filter((failure) => failure.flag === 'fatal')).toEqual([]);
    const amount = (tag: string) => new RegExp(`<ram:${tag}[^>]*>([^<]*)</ram:${tag}>`).exec(xml)?.[1];
    expect([amount('GrandTotalAmount'), amount('TotalPrepaidAmount'), amount('DuePayableAmount')]).toEqual(['420.50', '126.15', '294.35']);
    expect(xml).toContain(numero);
  },
);

/** A Citadine from Lyon, confirmed without a deposit, signed on paper, driven and invoiced: its issued invoice. */
async function invoicedMission(customer: E2eCustomer, adminApi: APIRequestContext, adresseArrivee: string, prixFinal: string) {
  const quote = await signedMission(
    customer,
    adminApi,
    { adresseDepart: 'Lyon', adresseArrivee, typeVehicule: 'Citadine' },
    { prixFinal, acomptePourcent: 0, clauses: { km: false, longDistance: false } },
  );
  return finishAndInvoice(adminApi, quote.id);
}

/**
 * A company pays two invoices with one transfer, as companies do: on the phone, the operator
 * imports the statement, finds the credit proposed for the first invoice it names, adds the
 * second, and records it; both invoices are paid, each by its share, and the credit leaves
 * « Crédits à rapprocher ».
 */
test(
  'one transfer for two invoices: the operator adds the second invoice on the bank page and both are paid',
  { tag: '@phone-only' },
  async ({ page, customer, adminApi, logInAsAdmin }) => {
    const invoices = [];
    for (const prixFinal of ['150,00', '90,00']) {
      invoices.push(await invoicedMission(customer, adminApi, 'Grenoble', prixFinal));
    }
    const [first, second] = invoices as [Facture, Facture];
    const total = first.resteCentimes + second.resteCentimes;

    await logInAsAdmin(page);
    await page.goto('/admin/banque');
    // The transfer names only the first invoice, as companies often do: proposed for it, the operator adds the other.
    const motif = `VIR FACTURE ${first.numero} ET AUTRE ${randomUUID().slice(0, 8).toUpperCase()}`;
    await page.getByLabel(bank.file).setInputFiles({
      name: 'releve.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(
        camt053Xml([
          { montant: (total / 100).toFixed(2), date: parisToday(), nom: customer.name.toUpperCase(), motif, reference: randomUUID() },
        ]),
      ),
    });
    await page.getByRole('button', { name: bank.import }).click();
    await expect(page.getByText(bank.imported(1, 0, 1, 0))).toBeVisible();

    const line = page.getByRole('listitem').filter({ hasText: motif });
    await expect(line.getByLabel(bank.invoice)).toHaveValue(first.id);
    await line.getByRole('button', { name: bank.addInvoice }).click();
    await line.getByLabel(bank.otherInvoice(2)).selectOption(second.id);
    await expect(line).toContainText(bank.chosenTotal(formatCentimes(total), formatCentimes(total)));
    await line.getByRole('button', { name: bank.confirm }).click();
    await expect(page.getByText(bank.matched(2))).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: motif }).getByRole('button')).toHaveCount(0);
    // « Derniers virements enregistrés » names both invoices, the one issued first first, each a link to it.
    const recorded = page.getByRole('region', { name: bank.recentTitle }).getByRole('listitem').filter({ hasText: first.numero! });
    await expect(recorded).toContainText(`${first.numero}, ${second.numero}`);
    await expect(recorded.getByRole('link', { name: second.numero! })).toHaveAttribute('href', `/admin/factures/${second.id}`);

    for (const invoice of [first, second]) {
      const paid = (await (await adminApi.get(`/api/admin/factures/${invoice.id}`)).json()) as Facture;
      expect(paid.etat).toBe('payée');
      expect(paid.paiements.map((payment) => [payment.montantCentimes, payment.moyen])).toEqual([[invoice.resteCentimes, 'virement']]);
    }
  },
);

/**
 * A bank that exports CSV only (Crédit Agricole's layout: an account preamble, a debit and a
 * credit column, Windows-1252): the first statement opens the column mapping, filled from the
 * file's header; once saved, the file is imported and the transfer naming the invoice pays it.
 */
test(
  'a CSV statement: the operator saves his bank’s columns once, read from the file, and its transfer pays the invoice',
  { tag: '@phone-only' },
  async ({ page, customer, adminApi, logInAsAdmin }) => {
    const invoice = await invoicedMission(customer, adminApi, 'Annecy', '175,00');

    await logInAsAdmin(page);
    await page.goto('/admin/banque');
    const day = parisToday().split('-').reverse().join('/');
    await page.getByLabel(bank.file).setInputFiles({
      name: 'releve.csv',
      mimeType: 'text/csv',
      buffer: creditAgricoleCsv([{ date: day, libelle: `VIR SEPA ${customer.name.toUpperCase()} ${invoice.numero}`, credit: '175,00' }]),
    });
    await expect(page.getByText(bank.mappingNeeded)).toBeVisible();
    await expect(page.getByLabel(bank.columnDebit)).toHaveValue('Débit Euros');
    await expect(page.getByLabel(bank.columnCredit)).toHaveValue('Crédit Euros');
    await page.getByRole('button', { name: bank.saveMappingAndImport }).click();
    await expect(page.getByText(bank.imported(1, 1, 0, 0))).toBeVisible();
    await expect(page.getByText(bank.mappingSaved, { exact: true })).toBeVisible();
    await expect(page.getByText(bank.mappingNeeded)).toBeHidden();

    const paid = (await (await adminApi.get(`/api/admin/factures/${invoice.id}`)).json()) as Facture;
    expect(paid.etat).toBe('payée');
    expect(paid.paiements.map((payment) => [payment.montantCentimes, payment.moyen])).toEqual([[17_500, 'virement']]);
  },
);

/** A customer who has promised to pay at the end of the month: the operator stops the automatic reminders of his invoice, on the phone. */
test(
  'the operator stops the automatic reminders of one invoice from its page, and lets them go again',
  { tag: '@phone-only' },
  async ({ page, customer, adminApi, logInAsAdmin }) => {
    const invoice = await invoicedMission(customer, adminApi, 'Valence', '130,00');
    const stopped = async () =>
      ((await (await adminApi.get(`/api/admin/factures/${invoice.id}/relances`)).json()) as { arretees: boolean }).arretees;

    await logInAsAdmin(page);
    await page.goto(`/admin/factures/${invoice.id}`);
    const section = page.getByRole('region', { name: reminderTexts.title });
    await expect(section).toContainText(reminderTexts.active);
    await section.getByRole('button', { name: reminderTexts.stop }).click();
    await expect(section).toContainText(reminderTexts.stopped);
    await expect(page.getByText(reminderTexts.stoppedDone)).toBeVisible();
    expect(await stopped()).toBe(true);

    await section.getByRole('button', { name: reminderTexts.resume }).click();
    await expect(section).toContainText(reminderTexts.active);
    expect(await stopped()).toBe(false);
  },
);

/** A Citadine from Lyon confirmed with a 30 % deposit and signed on paper; its deposit invoice once issued (of `cents`). */
async function withDeposit(
  customer: E2eCustomer,
  adminApi: APIRequestContext,
  adresseArrivee: string,
  prixFinal: string,
  cents: number,
  changes: Parameters<typeof signedMission>[4] = {},
) {
  const quote = await signedMission(
    customer,
    adminApi,
    { adresseDepart: 'Lyon', adresseArrivee, typeVehicule: 'Citadine' },
    { prixFinal, acomptePourcent: 30, clauses: { km: false, longDistance: false } },
    changes,
  );
  let deposit: FactureClient | undefined;
  await expect
    .poll(async () => {
      deposit = ((await (await customer.api.get('/api/factures')).json()) as FactureClient[]).find(
        (facture) => facture.devisId === quote.id,
      );
      return deposit?.totalCentimes;
    })
    .toBe(cents);
  return { quote, deposit: deposit! };
}

/** The customer pays the deposit on the provider's page (its form posted as the browser would); its signed notification records it. */
async function payByCard(customer: E2eCustomer, deposit: FactureClient) {
  const started = await customer.api.post(`/api/factures/${deposit.id}/paiement/en-ligne`);
  expect(started.status(), await started.text()).toBe(200);
  expect((await customer.api.post(((await started.json()) as { url: string }).url)).ok()).toBe(true);
  await expect
    .poll(
      async () =>
        ((await (await customer.api.get('/api/factures')).json()) as FactureClient[]).find((facture) => facture.id === deposit.id)?.etat,
    )
    .toBe('payée');
}

/**
 * A consumer withdrew after paying his deposit (decision 0056): the refund is in the books since
 * the withdrawal and the operator makes the transfer; on the phone, the next statement's debit
 * is proposed against that refund and matched in one tap, and the deposit's payment page says the
 * invoice was cancelled by its credit note, not « réglée ».
 */
test(
  'the debit that gives a deposit back after a withdrawal is matched with its refund on the bank page',
  { tag: '@phone-only' },
  async ({ page, customer, adminApi, logInAsAdmin }) => {
    // 30 % of 213,70 €: 64,11 €, an amount no other journey refunds.
    const { quote, deposit } = await withDeposit(customer, adminApi, 'Dijon', '213,70', 6_411);
    const numero = deposit.numero;

    const statement = (entry: Parameters<typeof camt053Xml>[0][number]) => ({
      name: 'releve.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(camt053Xml([{ date: parisToday(), nom: customer.name.toUpperCase(), reference: randomUUID(), ...entry }])),
    });
    // Paid by transfer, then withdrawn from (the customer's own session, before the page becomes the operator's).
    const paid = await adminApi.post('/api/admin/banque/releves', {
      multipart: { releve: statement({ montant: '64.11', motif: `VIR ACOMPTE ${numero}` }) },
    });
    expect(await paid.json()).toMatchObject({ rapprochees: 1 });
    const withdrawn = await customer.api.post(`/api/devis/${quote.id}/retractation`);
    expect(withdrawn.status(), await withdrawn.text()).toBe(200);
    // The customer, on his phone, finds from his area when his deposit comes back.
    await page.goto('/espace-client');
    await page.getByRole('link', { name: t.detailLink }).click();
    const refundSection = page.getByRole('region', { name: t.refundsTitle });
    await expect(refundSection).toContainText(
      t.refund['à faire'](formatCentimes(6_411), t.refundMeans.virement, formatDay(addDays(parisToday(), 14))),
    );

    await logInAsAdmin(page);
    // « À faire » lists the refund to make, its invoice and its last day, and leads to the bank page.
    await page.goto('/admin');
    const refunds = page.getByRole('link', { name: /remboursements? à faire après une rétractation/ });
    await expect(page.getByRole('link', { name: new RegExp(`^${numero} · `) })).toBeVisible();
    await refunds.click();
    await expect(page).toHaveURL(/\/admin\/banque$/);
    const motif = `REMBOURSEMENT ${randomUUID().slice(0, 8).toUpperCase()}`;
    await page.getByLabel(bank.file).setInputFiles(statement({ montant: '64.11', sens: 'DBIT', motif }));
    await page.getByRole('button', { name: bank.import }).click();
    await expect(page.getByText(bank.imported(1, 0, 0, 1))).toBeVisible();
    const debit = page.getByTestId('debit').filter({ hasText: motif });
    await expect(debit).toContainText(`Facture ${numero}`);
    await debit.getByRole('button', { name: bank.matchRefund }).click();
    await expect(page.getByText(bank.refundMatched(numero))).toBeVisible();
    await expect(page.getByTestId('debit').filter({ hasText: motif })).toHaveCount(0);
    const recorded = page.getByRole('region', { name: bank.recentTitle }).getByRole('listitem').filter({ hasText: numero });
    await expect(recorded.filter({ hasText: bank.refunded(formatCentimes(6_411)) })).toHaveCount(1);

    // The customer's payment page of the deposit: cancelled by the credit note, nothing to pay.
    await page.goto(`/factures/${deposit.id}/paiement`);
    await expect(page.getByText(/Cette facture est annulée par l’avoir n°/)).toBeVisible();
    await expect(page.getByText(t.settled)).toHaveCount(0);
    // Made, on the day of the statement's debit.
    await expect(refundSection).toContainText(t.refund.effectué(formatCentimes(6_411), t.refundMeans.virement, formatDay(parisToday())));
  },
);

/**
 * A consumer withdrew after paying his deposit by card (decision 0089): it goes back on that
 * card. On the phone, « À faire » says so; the invoice's page asks the provider in one tap (the
 * local server that speaks Stripe's wire format), says the refund is made, and « À faire » lets it go.
 */
test(
  'the deposit paid by card is refunded on the card from the invoice page after a withdrawal',
  { tag: '@phone-only' },
  async ({ page, customer, adminApi, logInAsAdmin }) => {
    // 30 % of 187,30 €: 56,19 €, an amount no other journey refunds.
    const { quote, deposit } = await withDeposit(customer, adminApi, 'Grenoble', '187,30', 5_619);
    const numero = deposit.numero;
    await payByCard(customer, deposit);
    const withdrawn = await customer.api.post(`/api/devis/${quote.id}/retractation`);
    expect(withdrawn.status(), await withdrawn.text()).toBe(200);

    await logInAsAdmin(page);
    await page.goto('/admin');
    // The refund's own line (inside the band's item, itself a list item).
    const line = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: new RegExp(`^${numero} · `) }) })
      .last();
    await expect(line).toContainText(`${formatCentimes(5_619)} ${homeTexts.refundByCard}`);
    await expect(page.getByText(homeTexts.refundsByCardHint)).toBeVisible();
    await line.getByRole('link', { name: new RegExp(`^${numero} · `) }).click();

    const section = page.getByRole('region', { name: cardRefund.title });
    await expect(section).toContainText(cardRefund.toDo(formatDay(addDays(parisToday(), 14))));
    await section.getByRole('button', { name: cardRefund.make(formatCentimes(5_619)) }).click();
    await expect(section.getByText(cardRefund.states.effectué(formatDay(parisToday())))).toBeVisible();
    await expect(section.getByRole('button')).toHaveCount(0);
    // The customer is told his card is refunded.
    await expect
      .poll(async () => (await readOutbox()).filter((mail) => addressOf(mail) === customer.email).map((mail) => mail.subject))
      .toContain(refundMail.subject(numero));
    // So does the deposit’s payment page (the customer’s, which the operator may open too).
    await page.goto(`/factures/${deposit.id}/paiement`);
    const refunded = page.getByRole('region', { name: t.refundsTitle });
    await expect(refunded).toContainText(t.refund.effectué(formatCentimes(5_619), t.refundMeans.carte, formatDay(parisToday())));
    await expect(refunded).toContainText(t.cardRefundDelay);

    // Made: « À faire » no longer lists it (the band's answer read first, so that the page is not looked at before it has loaded).
    const aFaire = await adminApi.get('/api/admin/a-faire');
    expect(await aFaire.text()).not.toContain(deposit.id);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: homeTexts.title })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^${numero} · `) })).toHaveCount(0);
  },
);

/**
 * The operator cancels a signed mission whose deposit was paid by card: the credit note leaves the
 * money received beyond what is owed, his to give back (decision 0056); he does it from the
 * invoice's page on his phone, and the provider's answer records it.
 */
test(
  'a cancelled mission’s deposit paid by card is given back on the card from the invoice page, if the operator chooses',
  { tag: '@phone-only' },
  async ({ page, customer, adminApi, logInAsAdmin }) => {
    // 30 % of 241,90 €: 72,57 €, an amount no other journey refunds.
    const { quote, deposit } = await withDeposit(customer, adminApi, 'Annecy', '241,90', 7_257);
    await payByCard(customer, deposit);
    expect((await adminApi.delete(`/api/admin/devis/${quote.id}`)).status()).toBe(204);

    await logInAsAdmin(page);
    await page.goto(`/admin/factures/${deposit.id}`);
    const section = page.getByRole('region', { name: cardRefund.title });
    await expect(section).toContainText(cardRefund.excessIntro);
    await expect(section).toContainText(cardRefund.excessToDo);
    await expect(page.getByText(invoiceTexts.excess, { exact: true })).toBeVisible();
    await section.getByRole('button', { name: cardRefund.make(formatCentimes(7_257)) }).click();
    await expect(section.getByText(cardRefund.states.effectué(formatDay(parisToday())))).toBeVisible();
    await expect(section.getByRole('button')).toHaveCount(0);
    await expect(section).not.toContainText(cardRefund.excessIntro);
    // The invoice's own summary follows without a reload: nothing held beyond what is owed.
    await expect(page.getByText(invoiceTexts.excess, { exact: true })).toHaveCount(0);
    await expect(page.getByText(invoiceTexts.remaining, { exact: true })).toBeVisible();
    // In the books on the provider's word: nothing held beyond what is owed any more; the customer is told.
    const invoice = (await (await adminApi.get(`/api/admin/factures/${deposit.id}`)).json()) as Facture;
    expect(invoice.resteCentimes).toBe(0);
    expect(invoice.paiements.map((paiement) => [paiement.montantCentimes, paiement.moyen])).toEqual([
      [7_257, 'carte'],
      [-7_257, 'carte'],
    ]);
    await expect
      .poll(async () => (await readOutbox()).filter((mail) => addressOf(mail) === customer.email).map((mail) => mail.subject))
      .toContain(refundMail.subject(deposit.numero));
  },
);

/**
 * A business customer asks on his phone to cancel his signed mission 3 days before its pickup
 * (« Demander l’annulation »: what the general terms say of the deposit, then the request); the
 * operator deletes the quote on his phone and keeps the deposit, as article 13 allows; no credit
 * note, the deposit invoice stays paid, and the customer is told why.
 */
test(
  'a mission its customer cancels less than 7 days before the pickup keeps its deposit, when the operator chooses to',
  { tag: '@phone-only' },
  async ({ page, customer, adminApi, logInAsAdmin }) => {
    // 30 % of 163,30 €: 48,99 €, an amount no other journey uses.
    const { quote, deposit } = await withDeposit(customer, adminApi, 'Valence', '163,30', 4_899, {
      clientType: 'entreprise',
      clientDetails: { nom: customer.name, email: customer.email, telephone: customer.telephone, siret: '732 829 320 00074' },
      priseInfo: { datePriseEnCharge: addDays(parisToday(), 3), debut: '08:00', fin: '10:30' },
    });
    await payByCard(customer, deposit);

    await page.goto(`/devis/${quote.id}`);
    const cancel = page.getByRole('region', { name: legal.cancelTitle });
    await cancel.getByRole('button', { name: legal.cancelButton }).click();
    await expect(cancel).toContainText(legal.cancelIntro(quote.numeroDevis, formatDay(addDays(parisToday(), 3)), false));
    await cancel.getByRole('button', { name: legal.cancelConfirm }).click();
    await expect(page.getByText(legal.cancelRequested(formatDay(parisToday())))).toBeVisible();
    await expect
      .poll(async () => (await readOutbox()).map((mail) => mail.subject))
      .toContain(legal.cancelMailAdminSubject(quote.numeroDevis));

    // « À faire » lists the request and leads to the quote's page.
    await logInAsAdmin(page);
    await page.goto('/admin');
    await expect(page.getByRole('link', { name: homeTexts.cancellationsRequested(1) })).toBeVisible();
    await page.getByRole('link', { name: new RegExp(`^Devis n°\\s${quote.numeroDevis} · `) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/devis/${quote.id}/edit$`));
    await page.getByRole('button', { name: adminTexts.delete }).click();
    const dialog = page.getByRole('dialog', { name: adminTexts.deleteTitle });
    await expect(dialog).toContainText(cancellation.customerAsked(formatDay(parisToday()), formatDay(addDays(parisToday(), 3)), true));
    await expect(dialog.getByRole('radio', { name: cancellation.refund })).toBeChecked();
    await dialog.getByRole('radio', { name: cancellation.keep }).check();
    await dialog.getByRole('button', { name: adminTexts.delete }).click();
    await expect(page.getByText(adminTexts.deleteDone)).toBeVisible();

    // The books: the deposit invoice paid and standing, no credit note.
    const invoice = (await (await adminApi.get(`/api/admin/factures/${deposit.id}`)).json()) as Facture;
    expect(invoice).toMatchObject({ etat: 'payée', avoirs: [], avoirsCentimes: 0, resteCentimes: 0 });
    await expect
      .poll(async () => (await readOutbox()).filter((mail) => addressOf(mail) === customer.email).map((mail) => mail.subject))
      .toContain(cancellation.mailSubject(quote.numeroDevis));
  },
);
