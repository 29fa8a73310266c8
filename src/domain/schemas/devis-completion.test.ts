import { describe, expect, it } from 'vitest';
import { completionMessages as m } from '../texts/quotes.ts';
import { completionSchema } from './devis-completion.ts';
import { daysFromToday, validCompletion } from './devis-completion.fixture.ts';

function issuesOf(payload: unknown) {
  const result = completionSchema.safeParse(payload);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('the completion schema', () => {
  it('accepts a full payload and normalises plate, VIN and SIRET', () => {
    const result = completionSchema.parse(validCompletion());
    expect(result.infosVehicule.immatriculation).toBe('AB-123-CD');
    expect(result.infosVehicule.chassis).toBe('VF1RFB00X56789012');
    expect(result.clientDetails.siret).toBe('73282932000074');
  });

  it('drops the SIRET of a particulier only when empty, refuses one that is filled', () => {
    const base = validCompletion();
    const particulier = completionSchema.parse({ ...base, clientType: 'particulier', clientDetails: { ...base.clientDetails, siret: '' } });
    expect(particulier.clientDetails).not.toHaveProperty('siret');
    expect(issuesOf({ ...base, clientType: 'particulier' })).toEqual([{ path: 'clientDetails.siret', message: m.siretNotAllowed }]);
  });

  it('requires a valid SIRET for a company', () => {
    const base = validCompletion();
    expect(issuesOf({ ...base, clientDetails: { ...base.clientDetails, siret: '' } })).toEqual([
      { path: 'clientDetails.siret', message: m.siretRequired },
    ]);
    expect(issuesOf({ ...base, clientDetails: { ...base.clientDetails, siret: '73282932000075' } })).toEqual([
      { path: 'clientDetails.siret', message: m.siretInvalid },
    ]);
  });

  it('refuses fields a customer may not set, in French', () => {
    expect(issuesOf({ ...validCompletion(), prix: 1, statut: 'confirmé' })).toEqual([
      { path: '', message: m.unknownField('prix, statut') },
    ]);
    expect(issuesOf({ ...validCompletion(), options: { ...validCompletion().options, remise: true } })).toEqual([
      { path: 'options', message: m.unknownField('remise') },
    ]);
  });

  it('checks slots, their order, and delivery after pickup', () => {
    const base = validCompletion();
    expect(issuesOf({ ...base, priseInfo: { ...base.priseInfo, debut: '08:15' } })).toEqual([{ path: 'priseInfo.debut', message: m.slot }]);
    expect(issuesOf({ ...base, priseInfo: { ...base.priseInfo, debut: '10:00', fin: '09:00' } })).toEqual([
      { path: 'priseInfo.fin', message: m.endAfterStart },
    ]);
    expect(issuesOf({ ...base, priseInfo: { ...base.priseInfo, debut: '10:00', fin: '10:00' } })).toEqual([
      { path: 'priseInfo.fin', message: m.endAfterStart },
    ]);
    expect(issuesOf({ ...base, livraisonInfo: { ...base.livraisonInfo, dateLivraisonSouhaitee: daysFromToday(6) } })).toEqual([
      { path: 'livraisonInfo.dateLivraisonSouhaitee', message: m.deliveryBeforePickup },
    ]);
    // Same day: delivery may not start before pickup does.
    expect(
      issuesOf({ ...base, livraisonInfo: { dateLivraisonSouhaitee: base.priseInfo.datePriseEnCharge, debut: '07:00', fin: '12:00' } }),
    ).toEqual([{ path: 'livraisonInfo.dateLivraisonSouhaitee', message: m.deliveryBeforePickup }]);
    expect(
      issuesOf({ ...base, livraisonInfo: { dateLivraisonSouhaitee: base.priseInfo.datePriseEnCharge, debut: '11:00', fin: '12:00' } }),
    ).toEqual([]);
  });

  it('refuses dates in the past and non-dates, accepts today', () => {
    const base = validCompletion();
    expect(issuesOf({ ...base, priseInfo: { ...base.priseInfo, datePriseEnCharge: daysFromToday(-1) } })).toEqual([
      { path: 'priseInfo.datePriseEnCharge', message: m.dateInPast },
    ]);
    expect(issuesOf({ ...base, priseInfo: { ...base.priseInfo, datePriseEnCharge: '2027-02-30' } })).toContainEqual({
      path: 'priseInfo.datePriseEnCharge',
      message: m.date,
    });
    expect(issuesOf({ ...base, priseInfo: { ...base.priseInfo, datePriseEnCharge: daysFromToday(0) } })).toEqual([]);
  });

  it('explains a wrong or half-typed date in the form the person sees (jj/mm/aaaa)', () => {
    const base = validCompletion();
    const message = 'Indiquez une date valide au format jj/mm/aaaa.';
    expect(issuesOf({ ...base, priseInfo: { ...base.priseInfo, datePriseEnCharge: '2027-13-01' } })).toContainEqual({
      path: 'priseInfo.datePriseEnCharge',
      message,
    });
    // What a date field holds while its jj/mm/aaaa is not a whole, real date.
    expect(issuesOf({ ...base, livraisonInfo: { ...base.livraisonInfo, dateLivraisonSouhaitee: '' } })).toEqual([
      { path: 'livraisonInfo.dateLivraisonSouhaitee', message },
    ]);
  });

  it('checks the plate by its kind and the engine by its list', () => {
    const base = validCompletion();
    const vehicle = base.infosVehicule;
    expect(issuesOf({ ...base, infosVehicule: { ...vehicle, immatriculation: 'B-MW 1234' } })).toEqual([
      { path: 'infosVehicule.immatriculation', message: m.plate },
    ]);
    const foreign = completionSchema.parse({ ...base, infosVehicule: { ...vehicle, immatriculation: 'b-mw 1234', plaqueEtrangere: true } });
    expect(foreign.infosVehicule.immatriculation).toBe('B-MW 1234');
    expect(issuesOf({ ...base, infosVehicule: { ...vehicle, motorisation: 'vapeur' } })).toEqual([
      { path: 'infosVehicule.motorisation', message: m.motorisation },
    ]);
    expect(issuesOf({ ...base, infosVehicule: { ...vehicle, chassis: 'ABC' } })).toEqual([
      { path: 'infosVehicule.chassis', message: m.vin },
    ]);
    expect(completionSchema.parse({ ...base, infosVehicule: { ...vehicle, chassis: '' } }).infosVehicule.chassis).toBeUndefined();
  });

  it('bounds every string', () => {
    const base = validCompletion();
    expect(issuesOf({ ...base, commentaire: 'x'.repeat(2001) })).toEqual([{ path: 'commentaire', message: m.tooLong(2000) }]);
    expect(issuesOf({ ...base, clientDetails: { ...base.clientDetails, nom: 'x'.repeat(101) } })).toEqual([
      { path: 'clientDetails.nom', message: m.tooLong(100) },
    ]);
    expect(issuesOf({ ...base, infosVehicule: { ...base.infosVehicule, marque: 'x'.repeat(61) } })).toEqual([
      { path: 'infosVehicule.marque', message: m.tooLong(60) },
    ]);
  });

  it('speaks French about wrong types and missing fields', () => {
    const base = validCompletion();
    expect(issuesOf({ ...base, clientDetails: { ...base.clientDetails, nom: 42 } })).toEqual([
      { path: 'clientDetails.nom', message: m.text },
    ]);
    expect(issuesOf({ ...base, clientDetails: { ...base.clientDetails, nom: '  ' } })).toEqual([
      { path: 'clientDetails.nom', message: m.required },
    ]);
    expect(issuesOf({ ...base, contactDepart: { ...base.contactDepart, telephone: '12' } })).toEqual([
      { path: 'contactDepart.telephone', message: m.phone },
    ]);
    expect(issuesOf({ ...base, contactDepart: undefined })).toEqual([{ path: 'contactDepart', message: m.object }]);
  });
});
