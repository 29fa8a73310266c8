import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { quotesRoutes, routeKey } from '#domain/api-paths.ts';
import { parisToday } from '#domain/format.ts';
import { addDays } from '#domain/invoices.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { legalTexts } from '#domain/texts/legal.ts';
import { depositCancellationTexts as k } from '#domain/texts/payments.ts';
import { urlOf } from '#client/lib/api.ts';
import { makeDevis } from '#client/test/factories.ts';
import { fakeApi, renderAt, requestOf } from '#client/test/render.tsx';
import { QuoteActions } from './quote-actions.tsx';

const archived = { id: 'q7', numeroDevis: 7, statut: 'archivé' as const, devisSigneURL: null };

describe("the administrator's deletion", () => {
  it('warns that it cannot be undone; cancelling sends nothing, confirming deletes and says so', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({ [routeKey(quotesRoutes.adminDelete)]: { status: 204 } });
    const onDeleted = vi.fn();
    renderAt(<QuoteActions devis={archived} context="archives" onDeleted={onDeleted} />);

    await user.click(screen.getByRole('button', { name: adminTexts.delete }));
    const dialog = screen.getByRole('dialog', { name: adminTexts.deleteTitle });
    expect(dialog).toHaveTextContent(adminTexts.deleteWarning);
    expect(dialog).toHaveTextContent(adminTexts.pdfTitle(7));
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: adminTexts.delete }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: adminTexts.delete }));
    expect(await screen.findByText(adminTexts.deleteDone)).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([requestOf(quotesRoutes.adminDelete, { id: 'q7' })]);
    expect(onDeleted).toHaveBeenCalledOnce();
  });
});

describe('the deletion of a signed mission with a deposit (general terms, article 13)', () => {
  const signed = { id: 'q6', numeroDevis: 6, statut: 'en cours' as const, devisSigneURL: null, acomptePourcent: 30 };

  it('asks whether the deposit is given back or kept, giving it back unless « Le conserver » is chosen', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({ [routeKey(quotesRoutes.adminDelete)]: { status: 204 } });
    renderAt(<QuoteActions devis={signed} context="edit" />);
    await user.click(screen.getByRole('button', { name: adminTexts.delete }));
    const dialog = within(screen.getByRole('dialog', { name: adminTexts.deleteTitle }));
    const group = within(dialog.getByRole('group', { name: k.legend }));
    expect(group.getByRole('radio', { name: k.refund })).toBeChecked();
    await user.click(group.getByRole('radio', { name: k.keep }));
    expect(group.getByRole('radio', { name: k.keep })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: adminTexts.delete }));
    expect(await screen.findByText(adminTexts.deleteDone)).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}${call.query}`)).toEqual([
      `${requestOf(quotesRoutes.adminDelete, { id: 'q6' })}?acompte=conserver`,
    ]);
  });

  it('says what the terms make of the deposit on the day the customer asked to cancel', async () => {
    const user = userEvent.setup();
    const asked = '2026-11-30T09:00:00.000Z';
    renderAt(
      <QuoteActions
        devis={{
          ...signed,
          historique: [{ event: 'signé en ligne' }, { event: 'annulation demandée', at: asked }],
          datePriseEnCharge: { start: '2026-12-03T08:00', end: '2026-12-03T10:00' },
        }}
        context="edit"
      />,
    );
    await user.click(screen.getByRole('button', { name: adminTexts.delete }));
    const dialog = screen.getByRole('dialog', { name: adminTexts.deleteTitle });
    expect(dialog).toHaveTextContent(k.customerAsked('30/11/2026', '03/12/2026', true).replace(/\s/g, ' '));
  });

  it('asks nothing of a mission without a deposit, and gives back by default', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({ [routeKey(quotesRoutes.adminDelete)]: { status: 204 } });
    renderAt(<QuoteActions devis={{ ...signed, acomptePourcent: 0 }} context="edit" />);
    await user.click(screen.getByRole('button', { name: adminTexts.delete }));
    const dialog = within(screen.getByRole('dialog', { name: adminTexts.deleteTitle }));
    expect(dialog.queryByRole('group', { name: k.legend })).toBeNull();
    await user.click(dialog.getByRole('button', { name: adminTexts.delete }));
    expect(await screen.findByText(adminTexts.deleteDone)).toBeInTheDocument();
    expect(calls.map((call) => call.query)).toEqual(['']);
  });
});

describe('the paper way beside the online signature', () => {
  const enCours = {
    id: 'q8',
    numeroDevis: 8,
    statut: 'en cours' as const,
    devisSigneURL: urlOf(quotesRoutes.signedPdf, { params: { id: 'q8' } }),
  };

  it('offers to upload a signed scan for a quote signed on paper, not for one signed online', () => {
    const paper = renderAt(<QuoteActions devis={{ ...enCours, historique: [{ event: null }] }} context="edit" />);
    expect(screen.getByRole('link', { name: adminTexts.uploadSigned })).toBeInTheDocument();
    paper.unmount();

    renderAt(<QuoteActions devis={{ ...enCours, historique: [{ event: null }, { event: 'signé en ligne' }] }} context="edit" />);
    expect(screen.queryByRole('link', { name: adminTexts.uploadSigned })).toBeNull();
    expect(screen.getByRole('link', { name: adminTexts.downloadSigned })).toBeInTheDocument();
  });
});

describe('a quote sent, before and after its validity date (issue 28)', () => {
  const sent = { id: 'q9', numeroDevis: 9, statut: 'envoyé' as const, devisSigneURL: null };

  it('offers neither to extend nor to archive an offer still open; past its date, extends it and says so', async () => {
    const open = renderAt(<QuoteActions devis={{ ...sent, valableJusquAu: addDays(parisToday(), 1) }} context="edit" />);
    expect(screen.queryByRole('button', { name: legalTexts.extendButton })).toBeNull();
    expect(screen.queryByRole('button', { name: adminTexts.archive })).toBeNull();
    open.unmount();

    const user = userEvent.setup();
    const { calls } = fakeApi({ [routeKey(quotesRoutes.extend)]: { status: 200, body: makeDevis({ id: 'q9', statut: 'confirmé' }) } });
    renderAt(<QuoteActions devis={{ ...sent, valableJusquAu: addDays(parisToday(), -1) }} context="edit" />);
    expect(screen.getByRole('button', { name: adminTexts.archive })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: legalTexts.extendButton }));
    expect(await screen.findByText(legalTexts.extendDone)).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([requestOf(quotesRoutes.extend, { id: 'q9' })]);
  });
});

describe('a signed contract in the archives (a withdrawal)', () => {
  it('is not offered « Restaurer », while an archived quote never signed is', () => {
    const signed = renderAt(
      <QuoteActions devis={{ ...archived, devisSigneURL: urlOf(quotesRoutes.signedPdf, { params: { id: 'q7' } }) }} context="archives" />,
    );
    expect(screen.queryByRole('button', { name: adminTexts.restore })).toBeNull();
    expect(screen.getByRole('link', { name: adminTexts.downloadSigned })).toBeInTheDocument();
    signed.unmount();

    renderAt(<QuoteActions devis={archived} context="archives" />);
    expect(screen.getByRole('button', { name: adminTexts.restore })).toBeInTheDocument();
  });
});
