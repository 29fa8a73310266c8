import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminHomeRoutes, routeKey } from '#domain/api-paths.ts';
import { formatCentimes, formatDay, formatPercent } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import type { AFaire as AFaireData, AFaireItem } from '#domain/schemas/a-faire.ts';
import { adminHomeTexts as t } from '#domain/texts/admin-home.ts';
import { lifecycleLabels, sendingLabels } from '#domain/texts/einvoicing.ts';
import { missionTexts } from '#domain/texts/missions.ts';
import { fakeApi, renderAt } from '#client/test/render.tsx';
import { AFaire } from './a-faire.tsx';

const TODAY = '2026-11-28';
const NOW = '2026-11-28T09:00:00.000Z';
const answer = (elements: AFaireItem[], overrides: Partial<AFaireData> = {}): AFaireData => ({
  jour: TODAY,
  maintenant: NOW,
  elements,
  envoisEnCours: 0,
  chiffreAffaires: { annee: 2026, totalCentimes: 2_090_000, plafondCentimes: 8_360_000 },
  ...overrides,
});

async function renderBand(elements: AFaireItem[], inspections: { devisId: string; etape: 'prise-en-charge' | 'livraison' }[] = []) {
  fakeApi({ [routeKey(adminHomeRoutes.aFaire)]: { status: 200, body: answer(elements) } });
  renderAt(<AFaire inspections={inspections} />, '/admin');
  return screen.findByRole('region', { name: t.title });
}

/** Testing Library reads no-break spaces as spaces. */
const words = (text: string) => text.replace(/\s+/g, ' ');
const linkIn = (scope: HTMLElement, name: string | RegExp) => within(scope).getByRole('link', { name });

describe('« À faire »', () => {
  it('says in one line that nothing waits, and gives the year’s revenue against the ceiling, linked to its page', async () => {
    const band = await renderBand([]);
    expect(await within(band).findByText(t.nothing)).toBeInTheDocument();
    const revenue = linkIn(band, /Chiffre d’affaires encaissé/);
    expect(revenue).toHaveAttribute('href', paths.adminChiffreAffaires);
    expect(revenue.textContent).toBe(t.revenue(formatCentimes(2_090_000), formatCentimes(8_360_000), formatPercent(0.25)));
  });

  it('lists the quotes waiting for confirmation with their age, each to its page, the count to the filtered list', async () => {
    const band = await renderBand([
      {
        type: 'devis-a-confirmer',
        nombre: 7,
        devis: [
          { id: 'q1', numeroDevis: 12, client: 'Garage Müller', depuis: '2026-11-25T08:00:00.000Z' },
          { id: 'q2', numeroDevis: 15, client: null, depuis: '2026-11-28T06:00:00.000Z' },
        ],
      },
    ]);
    expect(await within(band).findByRole('link', { name: t.quotesToConfirm(7) })).toHaveAttribute(
      'href',
      `${paths.admin}?statut=${encodeURIComponent('en attente de confirmation')}`,
    );
    expect(linkIn(band, 'Devis n° 12 · Garage Müller')).toHaveAttribute('href', paths.adminEditDevis('q1'));
    expect(band).toHaveTextContent(t.waitingSince('3 jours'));
    expect(band).toHaveTextContent(t.waitingSince('3 h'));
    expect(band).toHaveTextContent(t.andMore(5));
    expect(within(band).queryByText(t.nothing)).toBeNull();
  });

  it('lists the cancellations customers asked for, each since when, leading to the first quote’s page', async () => {
    const band = await renderBand([
      {
        type: 'annulations-demandees',
        nombre: 1,
        devis: [{ id: 'q5', numeroDevis: 5, client: 'Garage Müller', depuis: '2026-11-28T07:00:00.000Z' }],
      },
    ]);
    expect(await within(band).findByRole('link', { name: t.cancellationsRequested(1) })).toHaveAttribute(
      'href',
      paths.adminEditDevis('q5'),
    );
    expect(linkIn(band, 'Devis n° 5 · Garage Müller')).toHaveAttribute('href', paths.adminEditDevis('q5'));
    expect(band).toHaveTextContent(t.requestedSince('2 h'));
  });

  it('lists the signed quotes without a pickup day', async () => {
    const band = await renderBand([{ type: 'signes-sans-date', nombre: 1, devis: [{ id: 'q3', numeroDevis: 3, client: 'Ana' }] }]);
    expect(await within(band).findByRole('link', { name: t.signedWithoutDate(1) })).toHaveAttribute('href', paths.adminMissions);
    expect(linkIn(band, 'Devis n° 3 · Ana')).toHaveAttribute('href', paths.adminEditDevis('q3'));
  });

  it('gives today’s and tomorrow’s appointments with their slot and town, a call and a route, each to its inspection', async () => {
    const devis = { id: 'q4', numeroDevis: 4, client: 'Ana' };
    const band = await renderBand([
      {
        type: 'rendez-vous',
        nombre: 2,
        rendezVous: [
          {
            devis,
            etape: 'prise-en-charge',
            jour: TODAY,
            debut: '08:00',
            fin: '10:30',
            adresse: '10 rue de Rivoli, 75001 Paris',
            ville: 'Paris',
            contact: 'Élodie Martin',
            telephone: '+33 6 11 22 33 44',
          },
          {
            devis,
            etape: 'livraison',
            jour: '2026-11-29',
            debut: null,
            fin: null,
            adresse: 'Lyon',
            ville: null,
            contact: null,
            telephone: null,
          },
        ],
      },
    ]);
    const pickup = (await within(band).findByRole('link', { name: `${t.pickup} · Paris` })).closest('li')!;
    expect(pickup).toHaveTextContent(`${t.today} · 08:00–10:30`);
    expect(linkIn(pickup, `${t.pickup} · Paris`)).toHaveAttribute('href', paths.adminPriseEnCharge('q4'));
    expect(linkIn(pickup, t.call('Élodie Martin'))).toHaveAttribute('href', 'tel:+33611223344');
    expect(linkIn(pickup, missionTexts.navigateTo('10 rue de Rivoli, 75001 Paris'))).toHaveAttribute(
      'href',
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('10 rue de Rivoli, 75001 Paris')}`,
    );
    const delivery = linkIn(band, `${t.delivery} · Lyon`).closest('li')!;
    expect(delivery).toHaveTextContent(`${t.tomorrow} · ${t.slot(null, null)}`);
    expect(linkIn(delivery, `${t.delivery} · Lyon`)).toHaveAttribute('href', paths.adminLivraison('q4'));
    expect(within(delivery).queryByRole('link', { name: /Appeler/ })).toBeNull();
  });

  it('lists the e-mails that failed, each to the quote whose page sends it again', async () => {
    const band = await renderBand([
      {
        type: 'emails-en-echec',
        nombre: 2,
        emails: [
          { id: 'm1', destinataire: 'ana@exemple.fr', sujet: 'Votre devis n° 4', devis: { id: 'q4', numeroDevis: 4, client: 'Ana' } },
          { id: 'm2', destinataire: 'bob@exemple.fr', sujet: 'Vérifiez votre adresse', devis: null },
        ],
      },
    ]);
    expect(await within(band).findByRole('link', { name: t.failedEmails(2) })).toHaveAttribute('href', paths.adminEditDevis('q4'));
    expect(linkIn(band, 'Votre devis n° 4')).toHaveAttribute('href', paths.adminEditDevis('q4'));
    expect(band).toHaveTextContent(t.failedEmailTo('bob@exemple.fr'));
  });

  it('lists the text messages that failed, each to its mission’s quote, with the number as people read it', async () => {
    const band = await renderBand([
      {
        type: 'sms-en-echec',
        nombre: 3,
        sms: [
          { id: 's1', destinataire: '+33612345678', devis: { id: 'q7', numeroDevis: 7, client: 'Léa' } },
          { id: 's2', destinataire: '+32470123456', devis: null },
        ],
      },
    ]);
    expect(await within(band).findByRole('link', { name: t.failedSms(3) })).toHaveAttribute('href', paths.adminEditDevis('q7'));
    expect(linkIn(band, 'Devis n° 7 · Léa')).toHaveAttribute('href', paths.adminEditDevis('q7'));
    expect(band).toHaveTextContent(t.failedEmailTo('06 12 34 56 78'));
    expect(band).toHaveTextContent(`${t.failedSmsMission} ${t.failedEmailTo('+32470123456')}`);
    expect(band).toHaveTextContent(t.andMore(1));
  });

  it('gives the overdue invoices and what they owe together, the count to the list filtered « en retard »', async () => {
    const band = await renderBand([
      {
        type: 'factures-en-retard',
        nombre: 1,
        totalDuCentimes: 35_050,
        factures: [{ id: 'f1', numero: 'F-2026-0001', client: 'Ana', resteCentimes: 35_050, dateEcheance: '2026-11-01' }],
      },
    ]);
    expect(await within(band).findByRole('link', { name: t.overdueInvoices(1, formatCentimes(35_050)) })).toHaveAttribute(
      'href',
      `${paths.adminFactures}?etat=${encodeURIComponent('en retard')}`,
    );
    expect(linkIn(band, 'F-2026-0001 · Ana')).toHaveAttribute('href', paths.adminFacture('f1'));
    expect(band).toHaveTextContent(t.overdueSince(formatDay('2026-11-01')));
  });

  it('tells what the configuration lacks', async () => {
    const band = await renderBand([{ type: 'configuration', nombre: 2, alertes: ['sceau-auto-signe', 'public-url-absente'] }]);
    expect(await within(band).findByText(t.warnings['sceau-auto-signe'])).toBeInTheDocument();
    expect(band).toHaveTextContent(t.warnings['public-url-absente']);
  });

  it('counts the inspections this phone has not sent, to the first one’s page', async () => {
    const band = await renderBand(
      [],
      [
        { devisId: 'q5', etape: 'livraison' },
        { devisId: 'q6', etape: 'prise-en-charge' },
      ],
    );
    expect(await within(band).findByRole('link', { name: t.inspectionsOnPhone(2) })).toHaveAttribute('href', paths.adminLivraison('q5'));
    expect(within(band).queryByText(t.nothing)).toBeNull();
  });

  it('lists the statement’s credits waiting for the administrator, says how many proposals await his word, and leads to the bank page', async () => {
    const band = await renderBand([
      {
        type: 'banque-a-rapprocher',
        nombre: 2,
        proposees: 1,
        operations: [
          { id: 'o1', date: '2026-11-25', montantCentimes: 45_050, contrepartie: 'M. DURAND PAUL', proposee: true },
          { id: 'o2', date: '2026-11-24', montantCentimes: 9_900, contrepartie: null, proposee: false },
        ],
      },
    ]);
    expect(await within(band).findByRole('link', { name: t.bankCredits(2) })).toHaveAttribute('href', paths.adminBanque);
    expect(within(band).getByText(t.bankProposed(1))).toBeInTheDocument();
    expect(within(band).getByText(words(`${formatCentimes(45_050)} · M. DURAND PAUL`), { exact: false })).toBeInTheDocument();
    expect(within(band).getByText(`${formatDay('2026-11-25')} · ${t.bankProposedLine}`)).toBeInTheDocument();
    expect(within(band).getByText(words(`${formatCentimes(9_900)} · ${t.bankUnknownPayer}`), { exact: false })).toBeInTheDocument();
  });
  it('lists the refunds withdrawals owe, each invoice a link with its last day and means, the others counted, and leads to the bank page', async () => {
    const lea = {
      id: 'p1',
      factureId: 'f1',
      numero: 'F-2026-0001',
      client: 'Léa Martin',
      montantCentimes: 14_700,
      avant: '2026-12-13',
      moyen: 'virement' as const,
    };
    // Its last day past: said as late; paid by card, given back on the card.
    const paul = {
      ...lea,
      id: 'p2',
      factureId: 'f2',
      numero: 'F-2026-0004',
      client: 'Paul Durand',
      montantCentimes: 6_900,
      avant: '2026-11-20',
      moyen: 'carte' as const,
    };
    const band = await renderBand([{ type: 'remboursements-a-faire', nombre: 3, totalCentimes: 30_000, remboursements: [lea, paul] }]);
    const title = await within(band).findByRole('link', { name: t.refundsToMake(3, formatCentimes(30_000)) });
    expect(within(band).getByText(t.andMore(1))).toBeInTheDocument();
    expect(title).toHaveAttribute('href', paths.adminBanque);
    expect(within(band).getByText(t.refundsHint)).toBeInTheDocument();
    expect(within(band).getByText(words(t.refundsByCardHint))).toBeInTheDocument();
    expect(within(band).getByRole('link', { name: 'F-2026-0001 · Léa Martin' })).toHaveAttribute('href', paths.adminFacture('f1'));
    expect(
      within(band).getByText(words(`${formatCentimes(14_700)} · ${t.refundBefore(formatDay('2026-12-13'))}`), { exact: false }),
    ).toBeInTheDocument();
    expect(
      within(band).getByText(words(`${formatCentimes(6_900)} ${t.refundByCard} · ${t.refundLate(formatDay('2026-11-20'))}`), {
        exact: false,
      }),
    ).toBeInTheDocument();
  });
  it('lists the invoices the approved platform rejected or that did not leave, each to its page with its state, with what to do', async () => {
    const band = await renderBand([
      {
        type: 'plateforme-a-corriger',
        nombre: 6,
        factures: [
          { id: 'f1', numero: 'F-2026-0007', client: 'Transports Martin SAS', etat: '213' },
          { id: 'f2', numero: 'F-2026-0005', client: 'Garage Müller', etat: 'non conforme' },
        ],
      },
    ]);
    expect(await within(band).findByRole('link', { name: t.platformToCorrect(6) })).toHaveAttribute('href', paths.adminFactures);
    expect(within(band).getByText(t.platformToCorrectHint)).toBeInTheDocument();
    expect(linkIn(band, 'F-2026-0007 · Transports Martin SAS')).toHaveAttribute('href', paths.adminFacture('f1'));
    expect(within(band).getByText(lifecycleLabels['213'])).toBeInTheDocument();
    expect(within(band).getByText(sendingLabels['non conforme'])).toBeInTheDocument();
    expect(within(band).getByText(t.andMore(4))).toBeInTheDocument();
  });

  it('lists the supplier invoices waiting to be approved or refused, with their amount and day, and leads to the purchases page', async () => {
    const band = await renderBand([
      {
        type: 'achats-a-traiter',
        nombre: 1,
        achats: [
          { id: 'a1', fournisseur: 'Carburants du Sud', numero: 'FAC-88', totalTtcCentimes: 12_000, recuLe: '2026-11-27T10:00:00.000Z' },
        ],
      },
    ]);
    expect(await within(band).findByRole('link', { name: t.purchasesToDecide(1) })).toHaveAttribute('href', paths.adminAchats);
    expect(within(band).getByText(words(`Carburants du Sud · FAC-88 · ${formatCentimes(12_000)}`), { exact: false })).toBeInTheDocument();
    expect(within(band).getByText(t.receivedOn('27/11/2026'))).toBeInTheDocument();
  });
});
