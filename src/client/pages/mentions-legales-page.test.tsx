import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { placeholderPublicConfig } from '#domain/public-config.ts';
import { infoPageTexts } from '#domain/texts/info-pages.ts';
import { PublicConfigContext } from '#client/lib/public-config.ts';
import { renderAt } from '#client/test/render.tsx';
import { MentionsLegalesPage } from './mentions-legales-page.tsx';

const t = infoPageTexts.legal;

describe('/mentions-legales and the consumer mediator (issue 28)', () => {
  it('names the mediator the operator configured, with his address and website', () => {
    const mediator = { nom: 'CM2C', url: 'https://www.cm2c.net', adresse: '14 rue Saint-Jean, 75017 Paris' };
    renderAt(
      <PublicConfigContext value={{ ...placeholderPublicConfig, mediator }}>
        <MentionsLegalesPage />
      </PublicConfigContext>,
    );
    expect(screen.getByRole('heading', { name: t.mediatorTitle })).toBeInTheDocument();
    expect(screen.getByText(t.mediator(mediator))).toBeInTheDocument();
    expect(t.mediator(mediator)).toContain('CM2C, 14 rue Saint-Jean, 75017 Paris, https://www.cm2c.net');
  });

  it('has no mediator section while none is configured (the start-up and back-office warnings say it is missing)', () => {
    renderAt(
      <PublicConfigContext value={{ ...placeholderPublicConfig, mediator: null }}>
        <MentionsLegalesPage />
      </PublicConfigContext>,
    );
    expect(screen.getByRole('heading', { name: t.publisherTitle })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: t.mediatorTitle })).toBeNull();
  });
});
