import { readFileSync } from 'node:fs';
import { formatCentimes, parisClock } from '#domain/format.ts';
import type { Revenue } from '#domain/schemas/invoices.ts';
import { adminHomeTexts, adminNavLabels } from '#domain/texts/admin-home.ts';
import { ETAT_LABELS, invoiceTexts } from '#domain/texts/invoices.ts';
import { pdfAttachments } from '#server/test/einvoice-rules.ts';
import { addressOf } from '#server/test/outbox.ts';
import type { Locator } from '@playwright/test';
import { apiHeaders, expect, makeSignedPdf, readOutbox, test } from './fixtures.ts';

/**
 * How many lines `text` takes inside the element of `locator`, as laid out: the text is found
 * across the element's text nodes, and the lines of a Range over it are counted. An invoice
 * number split after one of its hyphens (« F- / 2026-0001 ») takes 2.
 */
async function linesTakenBy(locator: Locator, text: string): Promise<number> {
  return locator.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    const whole = nodes.map((node) => node.data).join('');
    const start = whole.indexOf(wanted);
    if (start < 0) return 0;
    const end = start + wanted.length;
    const range = document.createRange();
    let offset = 0;
    for (const node of nodes) {
      const next = offset + node.data.length;
      if (start >= offset && start < next) range.setStart(node, start - offset);
      if (end > offset && end <= next) range.setEnd(node, end - offset);
      offset = next;
    }
    const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
    return tops.size;
  }, text);
}

/** Intl writes narrow no-break spaces in amounts; the page's text has them too, a regexp on digits is sturdier. */
const amount = (cents: number) => new RegExp(formatCentimes(cents).replace(/[\s\u00a0\u202f]/g, '\\s'));

/**
 * Issue 16's loop on a phone: a mission terminé, « Établir la facture », the draft issued in
 * one more click, the Factur-X PDF downloaded (it carries factur-x.xml) and e-mailed; the
 * customer downloads it from his area; a payment recorded; the revenue view shows it.
 */
test(
  'a finished mission is invoiced in two clicks, the customer downloads the Factur-X PDF, its payment shows in the revenue',
  { tag: '@phone-only' },
  async ({ page, browser, baseURL, customers, adminApi, logInAsAdmin }) => {
    const customer = await customers.create({ name: 'Louise Garnier' });
    const quote = await customer.createQuote({ adresseDepart: 'Lyon', adresseArrivee: 'Grenoble', typeVehicule: 'Berline' });
    await customer.completeQuote(quote);
    // The mission, through the administrator's API: confirmed at 389,90 €, signed on paper, done.
    const steps = [
      await adminApi.post(`/api/admin/devis/${quote.id}/confirmer`, {
        data: { prixFinal: '389,90', clauses: { km: true, longDistance: false } },
      }),
      await adminApi.post(`/api/admin/devis/${quote.id}/devis-signe`, {
        multipart: { file: { name: 'devis-signe.pdf', mimeType: 'application/pdf', buffer: await makeSignedPdf() } },
      }),
      await adminApi.post(`/api/admin/devis/${quote.id}/terminer`),
    ];
    for (const step of steps) expect(step.status(), await step.text()).toBe(200);

    // The operator, on his phone: the quote, « Établir la facture », then « Émettre la facture ».
    await logInAsAdmin(page);
    await page.goto(`/admin/devis/${quote.id}/edit`);
    await page.getByRole('button', { name: invoiceTexts.createFromQuote }).click();
    await expect(page).toHaveURL(/\/admin\/factures\/[^/]+$/);
    await expect(page.getByRole('heading', { name: invoiceTexts.detailTitle('facture', null) })).toBeVisible();
    await expect(page.getByLabel(invoiceTexts.lineUnitPrice)).toHaveValue('389,90');
    await expect(page.getByLabel(invoiceTexts.lineDescription)).toHaveValue(/Convoyage d’un véhicule \(Berline\)/);
    await page.screenshot({ path: 'test-results/invoice-draft-phone.png', fullPage: true });
    await page.getByRole('button', { name: invoiceTexts.issue }).click();
    const heading = page.getByRole('heading', { name: /^Facture n° F-\d{4}-\d{4}$/ });
    await expect(heading).toBeVisible();
    const numero = (await heading.textContent())!.replace('Facture n° ', '');
    // Issued: the toast says so (it outlives the editor the refetch replaced), and on a phone
    // the number stays whole, in the heading as in the toast.
    const toast = page.getByRole('status').filter({ hasText: invoiceTexts.issued(numero) });
    await expect(toast).toBeVisible();
    expect(await linesTakenBy(heading, numero)).toBe(1);
    expect(await linesTakenBy(toast, numero)).toBe(1);
    await expect(page.getByText(ETAT_LABELS['à payer'], { exact: true })).toBeVisible();

    // The PDF, downloaded: a Factur-X document carrying factur-x.xml with the invoice's number and total.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: invoiceTexts.download }).click()]);
    expect(download.suggestedFilename()).toBe(`facture-${numero}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const files = await pdfAttachments(pdf);
    expect(files.map((file) => file.name)).toEqual(['factur-x.xml']);
    const xml = files[0]!.data.toString('utf8');
    expect(xml).toContain(`<ram:ID>${numero}</ram:ID>`);
    expect(xml).toMatch(/<ram:GrandTotalAmount>389\.90<\/ram:GrandTotalAmount>/);
    await page.screenshot({ path: 'test-results/invoice-issued-phone.png', fullPage: true });

    // The customer got it by e-mail, and downloads it from his area, beside the quote.
    await expect
      .poll(async () => (await readOutbox()).filter((mail) => addressOf(mail) === customer.email && mail.subject?.includes(numero)).length)
      .toBe(1);
    const customerContext = await browser.newContext({
      baseURL,
      acceptDownloads: true,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const customerPage = await customerContext.newPage();
      const signIn = await customerPage.request.post('/api/auth/sign-in/email', {
        data: { email: customer.email, password: customer.password },
        headers: apiHeaders(baseURL!),
      });
      expect(signIn.status()).toBe(200);
      await customerPage.goto('/espace-client');
      const link = customerPage.getByRole('link', { name: invoiceTexts.customerDownload('facture', numero) });
      await expect(link).toBeVisible();
      expect(await linesTakenBy(link, numero)).toBe(1);
      const [customerDownload] = await Promise.all([customerPage.waitForEvent('download'), link.click()]);
      expect(customerDownload.suggestedFilename()).toBe(`facture-${numero}.pdf`);
      expect(readFileSync((await customerDownload.path())!).equals(pdf)).toBe(true);
      await customerPage.goto(`/devis/${quote.id}`);
      await expect(customerPage.getByRole('link', { name: invoiceTexts.customerDownload('facture', numero) })).toBeVisible();
      await customerPage.screenshot({ path: 'test-results/invoice-customer-phone.png', fullPage: true });
    } finally {
      await customerContext.close();
    }

    // The payment: the whole amount by bank transfer; the invoice is paid. (The suite runs this
    // journey on two projects against one server: the revenue is compared with what it was.)
    const before = (await (await adminApi.get('/api/admin/chiffre-affaires')).json()) as Revenue;
    const month = Number(parisClock(new Date()).month);
    await page.getByLabel(invoiceTexts.paymentAmount).fill('389,90');
    await page.getByLabel(invoiceTexts.paymentMeans).selectOption('virement');
    await page.getByRole('button', { name: invoiceTexts.recordPayment }).click();
    await expect(page.getByText(invoiceTexts.paymentRecorded)).toBeVisible();
    await expect(page.getByText(ETAT_LABELS['payée'], { exact: true })).toBeVisible();

    // The list has it, paid; the revenue view counts it this month.
    await page.goto('/admin/factures');
    const card = page.getByRole('heading', { name: `Facture n° ${numero}` });
    await expect(card).toBeVisible();
    expect(await linesTakenBy(card, numero)).toBe(1);
    await page.screenshot({ path: 'test-results/invoice-list-phone.png', fullPage: true });
    await page
      .getByRole('navigation', { name: adminHomeTexts.navLabel })
      .getByRole('link', { name: adminNavLabels.adminChiffreAffaires })
      .click();
    await expect(page).toHaveURL(/\/admin\/chiffre-affaires$/);
    await expect(page.getByRole('heading', { name: invoiceTexts.revenueTitle })).toBeVisible();
    const total = page.getByTestId('revenue-total');
    await expect(total).toHaveText(amount(before.totalCentimes + 38_990));
    const monthRow = page.getByRole('row', { name: new RegExp(`^${invoiceTexts.months[month - 1]}\\s`) });
    await expect(monthRow).toContainText(amount(before.mois[month - 1]!.totalCentimes + 38_990));
    await expect(page.getByTestId('revenue-chart').locator('canvas')).toBeVisible();
    await page.screenshot({ path: 'test-results/invoice-revenue-phone.png', fullPage: true });

    // The receipts book for the accountant, as the link gives it.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: invoiceTexts.exportCsv }).click()]);
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain(`;${numero};Louise Garnier;`);
    expect(text).toContain(';389,90');
  },
);
