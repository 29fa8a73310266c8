import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CgvText } from './cgv-text.tsx';

describe('the CGV as the page shows them', () => {
  it('reads a heading line as a heading even when its text follows on the next line, and never as HTML', () => {
    const { container } = render(
      <CgvText markdown={'# CGV\n\n## 1. Objet\nPremière ligne\nsuite <b>non</b>.\n\nAutre paragraphe.\n### 1.1 Détail\nTexte.'} />,
    );
    expect(screen.getByRole('heading', { level: 2, name: '1. Objet' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '1.1 Détail' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'CGV' })).toBeNull();
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Première ligne suite <b>non</b>.',
      'Autre paragraphe.',
      'Texte.',
    ]);
    expect(container.querySelector('b')).toBeNull();
  });
});
