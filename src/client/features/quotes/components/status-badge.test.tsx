import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parisToday } from '#domain/format.ts';
import { addDays } from '#domain/invoices.ts';
import { legalTexts } from '#domain/texts/legal.ts';
import { StatusBadge } from './status-badge.tsx';

const yesterday = addDays(parisToday(), -1);

describe('the status badge', () => {
  it('says « Expiré » beside « Envoyé » once a quote waiting for its signature is past its validity date', () => {
    render(<StatusBadge statut="envoyé" valableJusquAu={yesterday} />);
    expect(screen.getByText('Envoyé')).toBeInTheDocument();
    expect(screen.getByText(legalTexts.expiredBadge)).toBeInTheDocument();
  });

  it('says nothing more on its last day, nor once the quote is signed', () => {
    const { rerender } = render(<StatusBadge statut="envoyé" valableJusquAu={parisToday()} />);
    expect(screen.queryByText(legalTexts.expiredBadge)).toBeNull();
    rerender(<StatusBadge statut="en cours" valableJusquAu={yesterday} />);
    expect(screen.getByText('En cours')).toBeInTheDocument();
    expect(screen.queryByText(legalTexts.expiredBadge)).toBeNull();
  });
});
