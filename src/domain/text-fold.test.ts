import { describe, expect, it } from 'vitest';
import { foldAccents } from './text-fold.ts';

describe('foldAccents', () => {
  it('folds case, accents and ligatures, and leaves everything else as it was', () => {
    expect(foldAccents('Hélène ŒUVRAY, Çà et là')).toBe('helene oeuvray, ca et la');
    expect(foldAccents('Évry-Courcouronnes 91000')).toBe('evry-courcouronnes 91000');
    expect(foldAccents('Saint-Étienne')).toBe(foldAccents('SAINT-ETIENNE'));
    expect(foldAccents('  deux   espaces ')).toBe('  deux   espaces ');
  });
});
