import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it('lower-cases and turns spaces into hyphens', () => {
    expect(slugify('Republic Portland Cement Type 1P 40kg')).toBe('republic-portland-cement-type-1p-40kg');
  });

  it('removes other symbols', () => {
    expect(slugify('Angle Bar 1-1/2 in x 1-1/2 in x 4.5mm')).toBe('angle-bar-1-12-in-x-1-12-in-x-45mm');
    expect(slugify('Boysen Permacoat Latex (Semi-Gloss) #701')).toBe('boysen-permacoat-latex-semi-gloss-701');
  });

  it('does not leave doubled or edge hyphens where a symbol stood alone', () => {
    expect(slugify('Cebu Steel & Builders Supply')).toBe('cebu-steel-builders-supply');
    expect(slugify('  -Sikaflex- 11FC  ')).toBe('sikaflex-11fc');
  });

  it('folds accents instead of dropping the letter', () => {
    expect(slugify('Dasmariñas Hardware Ñ')).toBe('dasmarinas-hardware-n');
  });

  it('keeps hyphens that are part of the name', () => {
    expect(slugify('Lapu-Lapu Tekscrew 12 x 3/4')).toBe('lapu-lapu-tekscrew-12-x-34');
  });

  it("gives 'item' for a name without letters or digits", () => {
    expect(slugify('&&& ---')).toBe('item');
    expect(slugify('')).toBe('item');
  });
});
