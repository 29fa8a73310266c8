import type { SignatureDrawing } from '#domain/schemas/signature.ts';

/** A signature as signature_pad records it on a 320 × 160 pad: two strokes. */
export const DRAWING: SignatureDrawing = {
  largeur: 320,
  hauteur: 160,
  traits: [
    [
      [20, 120],
      [60, 40],
      [100, 120],
      [140, 40],
      [180, 110],
    ],
    [
      [200, 90],
      [300, 80],
    ],
  ],
};

/** A well-formed body for POST /api/devis/:id/signer (its PDF fingerprint made up unless given). */
export const signBody = (nomSignataire: string, pdfSha256 = 'a'.repeat(64)) => ({
  nomSignataire,
  consentement: true,
  cgvAcceptees: true,
  signature: DRAWING,
  pdfSha256,
});
