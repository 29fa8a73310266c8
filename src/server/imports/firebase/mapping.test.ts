import { describe, expect, it } from 'vitest';
import { STATUTS } from '#domain/statuses.ts';
import { importTexts } from '#domain/texts/import.ts';
import { mapAuthUser, mapDevis, mapUtilisateur, readNumber, type Mapped, type SourceQuote, type Unmapped } from './mapping.ts';

const { reasons, warnings } = importTexts;

/** The smallest quote the original app wrote: what the simulation saved. */
const minimal = { adresseDepart: 'Lyon (69000)', adresseArrivee: 'Paris (75000)', typeVehicule: 'Citadine', distanceKm: 465, prix: 140 };

function mapped(doc: Record<string, unknown>): Mapped<SourceQuote> {
  const result = mapDevis('devisTest', doc);
  if (!result.ok) throw new Error(`not mapped: ${result.reason}`);
  return result;
}
const refused = (doc: unknown) => (mapDevis('devisTest', doc) as Unmapped).reason;

describe('mapping a quote of the original app', () => {
  it('reads every status of the specification, whatever its case or accents, and an empty or missing one as « en attente »', () => {
    for (const statut of STATUTS) {
      expect(mapped({ ...minimal, statut }).value.statut).toBe(statut);
      expect(mapped({ ...minimal, statut: statut.toUpperCase() }).value.statut).toBe(statut);
      expect(mapped({ ...minimal, statut: ` ${statut.normalize('NFD').replace(/\p{M}/gu, '')} ` }).value.statut).toBe(statut);
    }
    expect(mapped({ ...minimal, statut: 'Confirmé' }).value.statut).toBe('confirmé');
    for (const empty of ['', '   ', null, undefined]) {
      const result = mapped({ ...minimal, statut: empty });
      expect(result.value.statut).toBe('en attente');
      expect(result.warnings).toEqual([]);
    }
  });

  it('reads an unknown status as « en attente » and says so in the report', () => {
    const result = mapped({ ...minimal, statut: 'payé' });
    expect(result.value.statut).toBe('en attente');
    expect(result.warnings).toEqual([warnings.unknownStatut('payé')]);
  });

  it('takes a missing archive as false, and reads the booleans the original stored as text', () => {
    expect(mapped(minimal).value.archive).toBe(false);
    expect(mapped({ ...minimal, archive: true }).value.archive).toBe(true);
    expect(mapped({ ...minimal, archive: 'true' }).value.archive).toBe(true);
    expect(mapped({ ...minimal, archive: 'Oui' }).value.archive).toBe(true);
    expect(mapped({ ...minimal, archive: 'false' }).value.archive).toBe(false);
    const odd = mapped({ ...minimal, archive: 'peut-être' });
    expect(odd.value.archive).toBe(false);
    expect(odd.warnings).toEqual([warnings.invalidValue('archive', 'peut-être')]);
  });

  it('reads prices as numbers or numeric strings, to the cent, and refuses a quote without a readable price', () => {
    expect(mapped({ ...minimal, prix: 140 }).value.prixCentimes).toBe(14000);
    expect(mapped({ ...minimal, prix: 612.4 }).value.prixCentimes).toBe(61240);
    expect(mapped({ ...minimal, prix: 0.29 }).value.prixCentimes).toBe(29);
    expect(mapped({ ...minimal, prix: '1234,50' }).value.prixCentimes).toBe(123450);
    expect(mapped({ ...minimal, prix: '1 234.5 €' }).value.prixCentimes).toBe(123450);
    expect(mapped({ ...minimal, prix: '1\u202f234,50\u00a0€' }).value.prixCentimes).toBe(123450);
    expect(refused({ ...minimal, prix: 'sur devis' })).toBe(reasons.invalidPrice('sur devis'));
    expect(refused({ ...minimal, prix: -5 })).toBe(reasons.invalidPrice(-5));
    expect(refused({ ...minimal, prix: undefined })).toBe(reasons.missingField('prix'));
    expect(readNumber('12km')).toBe(12);
    expect(readNumber('douze')).toBeNull();
    expect(readNumber(Number.NaN)).toBeNull();
  });

  it('refuses, with the field named, a quote without its addresses or vehicle, and a document that is not an object', () => {
    expect(refused({ ...minimal, adresseDepart: '  ' })).toBe(reasons.missingField('adresseDepart'));
    expect(refused({ ...minimal, adresseArrivee: undefined })).toBe(reasons.missingField('adresseArrivee'));
    expect(refused({ ...minimal, typeVehicule: null })).toBe(reasons.missingField('typeVehicule'));
    expect(refused('devis')).toBe(reasons.notAnObject);
    expect(refused([minimal])).toBe(reasons.notAnObject);
  });

  it('keeps dates as the original wrote them: an ISO text as is, a Firestore timestamp as its instant', () => {
    expect(mapped({ ...minimal, dateSimulation: '2024-03-02T09:15:00.000Z' }).value).toMatchObject({
      dateSimulation: '2024-03-02T09:15:00.000Z',
      createdAt: '2024-03-02T09:15:00.000Z',
    });
    // The export readers turn every timestamp form into a Date (sources.ts).
    expect(mapped({ ...minimal, dateSimulation: new Date('2024-04-10T14:00:00Z') }).value.dateSimulation).toBe('2024-04-10T14:00:00.000Z');
    const odd = mapped({ ...minimal, dateSimulation: 'mardi dernier' });
    expect(odd.value).toMatchObject({ dateSimulation: 'mardi dernier', createdAt: null });
    expect(odd.warnings).toEqual([warnings.invalidDate('dateSimulation', 'mardi dernier')]);
  });

  it('reads the legacy `client` as clientDetails, each field taken from clientDetails first', () => {
    const legacy = mapped({ ...minimal, client: { nom: 'Léa Fontaine', email: 'LEA@exemple.fr', telephone: '06 12 34 56 78' } });
    expect(legacy.value.clientDetails).toEqual({ nom: 'Léa Fontaine', email: 'lea@exemple.fr', telephone: '06 12 34 56 78' });
    expect(legacy.value.email).toBe('lea@exemple.fr');
    const both = mapped({
      ...minimal,
      email: 'contact@roux.fr',
      clientDetails: { nom: 'Transports Roux', email: '', siret: '12345678900012' },
      client: { nom: 'Marc Roux', email: 'marc@roux.fr', telephone: '04 91 00 00 00' },
    });
    expect(both.value.clientDetails).toEqual({
      nom: 'Transports Roux',
      email: 'marc@roux.fr',
      telephone: '04 91 00 00 00',
      siret: '12345678900012',
    });
    expect(both.value.email).toBe('contact@roux.fr');
    expect(mapped(minimal).value.clientDetails).toBeNull();
  });

  it('sees a signed PDF under either spelling of its link, and none when the link is empty', () => {
    expect(mapped({ ...minimal, devisSigneURL: 'https://firebasestorage.googleapis.com/x.pdf' }).value.hasSignedUrl).toBe(true);
    expect(mapped({ ...minimal, signedDevisUrl: 'https://firebasestorage.googleapis.com/x.pdf' }).value.hasSignedUrl).toBe(true);
    expect(mapped({ ...minimal, devisSigneURL: '' }).value.hasSignedUrl).toBe(false);
    const result = mapped(minimal);
    expect(result.value.hasSignedUrl).toBe(false);
    expect(result.unknownFields).toEqual([]);
  });

  it('keeps a number only when it is a whole number above 0, reporting the others', () => {
    expect(mapped({ ...minimal, numeroDevis: 12 }).value.numeroOriginal).toBe(12);
    expect(mapped({ ...minimal, numeroDevis: '12' }).value.numeroOriginal).toBe(12);
    expect(mapped(minimal).value.numeroOriginal).toBeNull();
    for (const numero of [0, 2.5, 'D-12', -3]) {
      const result = mapped({ ...minimal, numeroDevis: numero });
      expect(result.value.numeroOriginal).toBeNull();
      expect(result.warnings).toContain(warnings.invalidNumero(numero));
    }
  });

  it('reads the completion form: times as written, the detail view’s {start, end} as the day and hours in France', () => {
    const priseInfo = { datePriseEnCharge: '2024-05-02', debut: '08:30', fin: '10:00', nom: 'Garage Nord', telephone: '04 78 00 00 00' };
    const livraisonInfo = { dateLivraisonSouhaitee: '2024-05-03', debut: '14:00', fin: '18:00' };
    const form = mapped({ ...minimal, priseInfo: { ...priseInfo }, livraisonInfo: { ...livraisonInfo } });
    expect(form.value.priseInfo).toEqual(priseInfo);
    expect(form.value.livraisonInfo).toEqual(livraisonInfo);
    // Summer time: UTC+2.
    const range = mapped({
      ...minimal,
      dateLivraisonSouhaitee: { start: new Date('2024-07-01T06:00:00Z'), end: new Date('2024-07-01T08:30:00Z') },
    });
    expect(range.value.livraisonInfo).toEqual({ dateLivraisonSouhaitee: '2024-07-01', debut: '08:00', fin: '10:30' });
    expect(range.value.priseInfo).toBeNull();
  });

  it('reads options and vehicle values without case or accents, leaving out what it cannot read, with a remark', () => {
    const result = mapped({
      ...minimal,
      options: { documentation: 'oui', lavage: 'Complet', sansCarburant: 1, wGarage: false },
      infosVehicule: { immatriculation: 'AB-123-CD', marque: 'Renault', modele: 'Zoé', motorisation: 'Électricité', couleur: 'bleu' },
      clauses: { km: 'true', longDistance: 'non' },
      typeConvoyage: 'REPRISE',
      clientType: 'Entreprise',
    });
    expect(result.value).toMatchObject({
      options: { documentation: true, lavage: 'complet', sansCarburant: true, wGarage: false },
      infosVehicule: { immatriculation: 'AB-123-CD', marque: 'Renault', modele: 'Zoé', motorisation: 'electrique' },
      clauses: { km: true, longDistance: false },
      typeConvoyage: 'Reprise',
      clientType: 'entreprise',
    });
    expect(result.unknownFields).toEqual(['infosVehicule.couleur']);
    const odd = mapped({ ...minimal, options: { lavage: 'au jet' }, typeConvoyage: 'express' });
    expect(odd.value.options).toEqual({ documentation: false, lavage: '', sansCarburant: false, wGarage: false });
    expect(odd.value.typeConvoyage).toBeNull();
    expect(odd.warnings).toEqual(
      expect.arrayContaining([warnings.invalidValue('options.lavage', 'au jet'), warnings.invalidValue('typeConvoyage', 'express')]),
    );
  });

  it('replaces control characters our fields refuse, keeps the comment’s line breaks, and lists fields the specification does not have', () => {
    const result = mapped({
      ...minimal,
      adresseDepart: 'Lyon\u0000 (69000)',
      commentaire: 'Ligne 1\nLigne 2',
      codePromo: 'HIVER24',
      distanceKm: 'loin',
    });
    expect(result.value.adresseDepart).toBe('Lyon  (69000)');
    expect(result.value.commentaire).toBe('Ligne 1\nLigne 2');
    expect(result.value.distanceKm).toBe(0);
    expect(result.warnings).toEqual(
      expect.arrayContaining([warnings.controlCharacters('adresseDepart'), warnings.invalidDistance('loin')]),
    );
    expect(result.unknownFields).toEqual(['codePromo']);
  });

  it('reports sub-collections, which it does not import', () => {
    const result = mapped({ ...minimal, __collections__: { messages: { m1: {} } } });
    expect(result.warnings).toEqual([warnings.subcollections(['messages'])]);
  });
});

describe('mapping a profile and an account of the original app', () => {
  it('reads a profile, its e-mail in lower case, its type defaulting to « particulier »', () => {
    const result = mapUtilisateur('uid1', {
      nom: ' Léa ',
      email: 'Lea@Exemple.fr',
      telephone: '06',
      adresse: 'Lyon',
      dateInscription: '2023-11-14',
      extra: 1,
    });
    expect(result).toMatchObject({
      ok: true,
      value: { sourceUid: 'uid1', nom: 'Léa', email: 'lea@exemple.fr', type: 'particulier', dateInscription: '2023-11-14' },
      unknownFields: ['extra'],
    });
    expect(mapUtilisateur('uid2', { email: 'pas une adresse' })).toEqual({ ok: false, reason: reasons.invalidEmail('pas une adresse') });
  });

  it('reads an auth:export user: verified state kept, e-mail in lower case, creation date from its milliseconds', () => {
    const encode = (hash: { passwordHash: string; salt: string }) => `encoded:${hash.salt}:${hash.passwordHash}`;
    const result = mapAuthUser(
      {
        localId: 'u1',
        email: 'Lea@Exemple.fr',
        emailVerified: false,
        passwordHash: 'aGFzaA==',
        salt: 'c2FsdA==',
        createdAt: '1700000000000',
      },
      encode,
    );
    expect(result).toMatchObject({
      ok: true,
      value: {
        sourceUid: 'u1',
        email: 'lea@exemple.fr',
        emailVerified: false,
        passwordHash: 'encoded:c2FsdA==:aGFzaA==',
        createdAt: new Date(1_700_000_000_000),
      },
    });
    expect(mapAuthUser({ localId: 'u2', email: 'a@b.fr', emailVerified: true }, encode)).toMatchObject({
      ok: true,
      value: { emailVerified: true, passwordHash: null },
      warnings: [warnings.noPassword],
    });
    expect(mapAuthUser({ localId: 'u3', email: 'a@b.fr', passwordHash: 'pas du base64 !', salt: 'c2FsdA==' }, encode)).toMatchObject({
      ok: true,
      value: { passwordHash: null },
      warnings: [warnings.badPasswordHash],
    });
  });

  it('leaves out, with the reason, accounts without id or e-mail, with a bad e-mail, or disabled', () => {
    expect(mapAuthUser({ email: 'a@b.fr' }, null)).toEqual({ ok: false, reason: reasons.missingField('localId') });
    expect(mapAuthUser({ localId: 'u1', phoneNumber: '+33600000000' }, null)).toEqual({ ok: false, reason: reasons.noEmail });
    expect(mapAuthUser({ localId: 'u1', email: 'a@' }, null)).toEqual({ ok: false, reason: reasons.invalidEmail('a@') });
    expect(mapAuthUser({ localId: 'u1', email: 'a@b.fr', disabled: true }, null)).toEqual({ ok: false, reason: reasons.disabled });
  });
});
