import { z } from 'zod';
import { isoDaySchema } from './dates.ts';
import { storableString } from './text.ts';
import { clausesSchema } from './devis.ts';

/**
 * A signature drawn on the signing page: its strokes as points in the pad's pixels (origin top
 * left), as signature_pad records them, with the pad's size. The server draws them as vector
 * lines in the « Bon pour accord » box and on the certificate page.
 */
export const signatureDrawingSchema = z.object({
  largeur: z.number().positive().max(4000),
  hauteur: z.number().positive().max(4000),
  traits: z.array(z.array(z.tuple([z.number().min(-10).max(4010), z.number().min(-10).max(4010)])).max(2000)).max(200),
});
export type SignatureDrawing = z.infer<typeof signatureDrawingSchema>;

/** At most this many points in all: a signature, not a drawing. */
export const MAX_SIGNATURE_POINTS = 20_000;

/** A SHA-256 as hexadecimal (64 digits), in either case as sent. */
const sha256HexSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/);

/**
 * POST /api/devis/{id}/signer. Consent and drawing are optional in the schema so that their
 * absence gets its own French message (400) from the service rather than a generic one.
 */
export const signBodySchema = z.object({
  nomSignataire: storableString({ trim: true }).max(120),
  consentement: z.boolean().optional(),
  /** « J’ai lu et j’accepte les conditions générales de vente » (legal/); optional so that its absence gets its own 400. */
  cgvAcceptees: z.boolean().optional(),
  /** SHA-256 of the CGV the page linked to: if they changed meanwhile, 409. */
  cgvSha256: sha256HexSchema.optional(),
  /** The consumer's express request to start within the withdrawal period (L221-25); unticked by default. */
  debutAnticipe: z.boolean().optional(),
  signature: signatureDrawingSchema.nullable().optional(),
  /** SHA-256 (hex) of the PDF the page showed: it must be the one sent. */
  pdfSha256: sha256HexSchema,
});
export type SignBody = z.infer<typeof signBodySchema>;

/** True when the drawing has ink worth calling a signature: a few points spread over the pad. */
export function hasInk(drawing: SignatureDrawing | null | undefined): drawing is SignatureDrawing {
  if (!drawing) return false;
  const points = drawing.traits.flat();
  if (points.length < 3) return false;
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const spread = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  return spread >= Math.min(drawing.largeur, drawing.hauteur) * 0.05;
}

/** GET /api/devis/{id}/signature: what the signing page shows. */
export const signingViewSchema = z.object({
  id: z.string(),
  numeroDevis: z.number().int(),
  statut: z.string(),
  prix: z.number(),
  adresseDepart: z.string(),
  adresseArrivee: z.string(),
  typeVehicule: z.string(),
  clauses: clausesSchema.nullable(),
  /** The deposit asked at signature, whole per cent (payments/); null or 0: none. */
  acomptePourcent: z.number().int().nullable(),
  /** True while the quote is envoyé: the form is shown. */
  peutSigner: z.boolean(),
  /** The signer's name as prefilled (the client details' name, else the account's). */
  nomSignataire: z.string(),
  emailSignataire: z.string(),
  /** The PDF sent for signature (authorised route) and its SHA-256 recorded when it was sent. */
  pdf: z.object({ url: z.string(), sha256: z.string() }).nullable(),
  /** The signed PDF, once there is one. */
  devisSigneURL: z.string().nullable(),
  /** When and by whom it was signed online, if it was. */
  signature: z.object({ nom: z.string(), date: z.string() }).nullable(),
  /** The last day it may be signed ("YYYY-MM-DD", France), and whether that day is past. */
  valableJusquAu: isoDaySchema.nullable(),
  expire: z.boolean(),
  /** A consumer (not an entreprise): the page states the withdrawal right. */
  consommateur: z.boolean(),
  /**
   * Signing now, the last day of the withdrawal period, and the day a mission may start without
   * an early-start request; `questionDebutAnticipe` when the wished pickup falls before it.
   */
  finRetractation: z.string(),
  /** The CGV in force, whose acceptance the form asks for (the page links to /cgv). */
  cgv: z.object({ version: z.number().int(), sha256: z.string() }),
  debutAuPlusTot: z.string(),
  questionDebutAnticipe: z.boolean(),
});
export type SigningView = z.infer<typeof signingViewSchema>;
