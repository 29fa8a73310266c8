import { z } from 'zod';
import { isValidPhone } from '../phone.ts';
import { isValidForeignPlate, isValidFrenchPlate, isValidVin, normalizeFrenchPlate } from '../plate.ts';
import { isValidSiret, normalizeSiret } from '../siret.ts';
import { completionMessages as m } from '../texts/quotes.ts';
import { parisToday } from '../format.ts';
import { isIsoDate, isTimeSlot, slotMinutes } from '../time-slots.ts';
import { CLIENT_TYPES, LAVAGES, MOTORISATIONS, TYPES_CONVOYAGE } from './devis.ts';
import { EMAIL_MAX_LENGTH, emailAddress, optionalEmailAddress, storableString, type TextKind } from './text.ts';

/**
 * The completion of a quote by its owner (spec section 2, /devis/{id}/completer): one schema
 * for the form (react-hook-form) and the API. Objects are strict, so a customer can never
 * slip in prix, statut, uid, numeroDevis or email; every string is bounded.
 */

export const LIMITS = {
  nom: 100,
  email: EMAIL_MAX_LENGTH,
  telephone: 30,
  marque: 60,
  modele: 60,
  immatriculation: 20,
  chassis: 17,
  commentaire: 2000,
  siret: 20,
} as const;

const strict = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? m.unknownField(issue.keys.join(', ')) : m.object),
  });

const text = (max: number, kind: TextKind = 'single-line') => storableString({ kind, error: m.text, trim: true }).max(max, m.tooLong(max));
const requiredText = (max: number) => text(max).min(1, m.required);
const bool = () => z.boolean({ error: m.boolean });

const email = () => emailAddress({ required: m.required, invalid: m.email });
const optionalEmail = () => optionalEmailAddress({ invalid: m.email, type: m.text });
const phone = () => requiredText(LIMITS.telephone).refine(isValidPhone, m.phone);
const isoDate = () =>
  storableString({ error: m.date })
    .max(10, m.date)
    .refine(isIsoDate, m.date)
    .refine((value) => !isIsoDate(value) || value >= parisToday(), m.dateInPast);
const slot = () => storableString({ error: m.slot }).max(5, m.slot).refine(isTimeSlot, m.slot);

/** End after start, checked where the customer sees it: on the end time. */
function checkRange(value: { debut: string; fin: string }, ctx: z.core.$RefinementCtx) {
  if (isTimeSlot(value.debut) && isTimeSlot(value.fin) && slotMinutes(value.fin) <= slotMinutes(value.debut)) {
    ctx.addIssue({ code: 'custom', path: ['fin'], message: m.endAfterStart });
  }
}

const completionClientDetailsSchema = strict({
  nom: requiredText(LIMITS.nom),
  email: email(),
  telephone: phone(),
  siret: text(LIMITS.siret).optional(),
});

const completionContactSchema = strict({
  nom: requiredText(LIMITS.nom),
  email: optionalEmail(),
  telephone: phone(),
});

const completionPriseInfoSchema = strict({
  datePriseEnCharge: isoDate(),
  debut: slot(),
  fin: slot(),
}).superRefine(checkRange);

const completionLivraisonInfoSchema = strict({
  dateLivraisonSouhaitee: isoDate(),
  debut: slot(),
  fin: slot(),
}).superRefine(checkRange);

const completionInfosVehiculeSchema = strict({
  immatriculation: requiredText(LIMITS.immatriculation),
  plaqueEtrangere: bool(),
  marque: requiredText(LIMITS.marque),
  modele: requiredText(LIMITS.modele),
  chassis: text(LIMITS.chassis)
    .refine((value) => value === '' || isValidVin(value), m.vin)
    .optional(),
  motorisation: z.enum(MOTORISATIONS, { error: m.motorisation }),
})
  .superRefine((value, ctx) => {
    const isValid = value.plaqueEtrangere ? isValidForeignPlate(value.immatriculation) : isValidFrenchPlate(value.immatriculation);
    if (value.immatriculation !== '' && !isValid) {
      ctx.addIssue({ code: 'custom', path: ['immatriculation'], message: value.plaqueEtrangere ? m.foreignPlate : m.plate });
    }
  })
  .overwrite((value) => ({
    ...value,
    immatriculation: value.plaqueEtrangere ? value.immatriculation.toUpperCase() : normalizeFrenchPlate(value.immatriculation),
    chassis: value.chassis ? value.chassis.toUpperCase() : undefined,
  }));

const completionOptionsSchema = strict({
  documentation: bool(),
  lavage: z.enum(LAVAGES, { error: m.lavage }),
  sansCarburant: bool(),
  wGarage: bool(),
});

export const completionSchema = strict({
  clientType: z.enum(CLIENT_TYPES, { error: m.clientType }),
  clientDetails: completionClientDetailsSchema,
  contactDepart: completionContactSchema,
  contactArrivee: completionContactSchema,
  priseInfo: completionPriseInfoSchema,
  livraisonInfo: completionLivraisonInfoSchema,
  infosVehicule: completionInfosVehiculeSchema,
  options: completionOptionsSchema,
  typeConvoyage: z.enum(TYPES_CONVOYAGE, { error: m.typeConvoyage }),
  commentaire: text(LIMITS.commentaire, 'multi-line').optional(),
})
  .superRefine((value, ctx) => {
    const siret = value.clientDetails.siret ?? '';
    if (value.clientType === 'entreprise') {
      if (siret === '') ctx.addIssue({ code: 'custom', path: ['clientDetails', 'siret'], message: m.siretRequired });
      else if (!isValidSiret(siret)) ctx.addIssue({ code: 'custom', path: ['clientDetails', 'siret'], message: m.siretInvalid });
    } else if (siret !== '') {
      ctx.addIssue({ code: 'custom', path: ['clientDetails', 'siret'], message: m.siretNotAllowed });
    }
    const pickup = value.priseInfo;
    const delivery = value.livraisonInfo;
    if (isIsoDate(pickup.datePriseEnCharge) && isIsoDate(delivery.dateLivraisonSouhaitee)) {
      const isBefore =
        delivery.dateLivraisonSouhaitee < pickup.datePriseEnCharge ||
        (delivery.dateLivraisonSouhaitee === pickup.datePriseEnCharge &&
          isTimeSlot(delivery.debut) &&
          isTimeSlot(pickup.debut) &&
          slotMinutes(delivery.debut) < slotMinutes(pickup.debut));
      if (isBefore) ctx.addIssue({ code: 'custom', path: ['livraisonInfo', 'dateLivraisonSouhaitee'], message: m.deliveryBeforePickup });
    }
  })
  .overwrite((value) => {
    const { siret, ...clientDetails } = value.clientDetails;
    return {
      ...value,
      clientDetails: value.clientType === 'entreprise' && siret ? { ...clientDetails, siret: normalizeSiret(siret) } : clientDetails,
      commentaire: value.commentaire || undefined,
    };
  });

/** What the form holds (before trimming and normalisation). */
export type CompletionInput = z.input<typeof completionSchema>;
/** What the server stores. */
export type Completion = z.output<typeof completionSchema>;
