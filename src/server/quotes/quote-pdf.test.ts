import { describe, expect, it } from 'vitest';
import type { Devis } from '#domain/schemas/devis.ts';
import { texts } from '#domain/texts/common.ts';
import { legalFacts, loadConfig } from '#server/config.ts';
import { readPdf } from '#server/test/pdf-text.ts';
import { renderQuotePdf } from './quote-pdf.ts';

const config = loadConfig({ DATA_DIR: '/tmp/convoyage-pdf-test' });

function quote(overrides: Partial<Devis> = {}): Devis {
  return {
    id: 'q1',
    uid: 'u1',
    email: 'helene@exemple.fr',
    numeroDevis: 4217,
    statut: 'confirmé',
    archive: false,
    dateSimulation: '2026-11-20T09:00:00.000Z',
    adresseDepart: 'Lyon (69000)',
    adresseArrivee: 'Saint-Étienne (42000)',
    typeVehicule: 'Utilitaire 6–12m³',
    distanceKm: 62,
    prix: 1234.5,
    typeConvoyage: 'Transfert',
    clientType: 'entreprise',
    clientDetails: { nom: 'Société Œuvre & Fils', email: 'helene@exemple.fr', telephone: '06 11 22 33 44', siret: '552 100 554 00013' },
    contactDepart: { nom: 'Garage du Rhône', email: 'g@exemple.fr', telephone: '04 78 00 00 00' },
    contactArrivee: { nom: 'Mme Müller', email: 'm@exemple.fr', telephone: '04 77 00 00 00' },
    priseInfo: { datePriseEnCharge: '2026-12-01', debut: '08:30', fin: '10:00' },
    livraisonInfo: { dateLivraisonSouhaitee: '2026-12-02', debut: '14:00', fin: '18:30' },
    datePriseEnCharge: null,
    dateLivraisonSouhaitee: null,
    options: { documentation: true, lavage: 'complet', sansCarburant: false, wGarage: true },
    infosVehicule: { immatriculation: 'AB-123-CD', marque: 'Renault', modele: 'Trafic', chassis: 'VF1ABC', motorisation: 'electrique' },
    commentaire: 'Clés à l’accueil, côté façade.',
    clauses: { km: true, longDistance: true },
    devisSigneURL: null,
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the quote PDF', () => {
  it('is a parsable A4 document whose text has the number, the price, the identity and both clauses', async () => {
    const pdf = await renderQuotePdf(quote(), { legal: legalFacts(config) });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await readPdf(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(1);
    for (const page of pages) {
      expect(page.width).toBeCloseTo(595.28, 1);
      expect(page.height).toBeCloseTo(841.89, 1);
    }
    const all = flat(text);
    expect(all).toContain('Devis n° 4217');
    expect(all).toContain('1 234,50 €');
    expect(all).toContain(texts.clauseKm);
    expect(all).toContain(texts.clauseLongDistance);
    expect(all).toContain(texts.vatNote);
    expect(all).toContain(config.seller.tradeName);
    expect(all).toContain(config.seller.legalName);
    expect(all).toContain(flat(config.seller.siret));
    expect(all).toContain('Bon pour accord');
    // French letters, the € sign and typographic characters survive.
    for (const fragment of [
      'Saint-Étienne',
      'Société Œuvre & Fils',
      'Mme Müller',
      'Utilitaire 6–12m³',
      'Clés à l’accueil, côté façade.',
      'Électrique',
      '552 100 554 00013',
    ]) {
      expect(all).toContain(fragment);
    }
    expect(all).toContain('01/12/2026, entre 08:30 et 10:00');
  });

  it('leaves out the clauses that were not chosen', async () => {
    const { text } = await readPdf(
      await renderQuotePdf(quote({ clauses: { km: true, longDistance: false } }), {
        legal: legalFacts(config),
      }),
    );
    expect(flat(text)).toContain(texts.clauseKm);
    expect(flat(text)).not.toContain(texts.clauseLongDistance);
  });

  it('draws HTML and script in names and comments as literal text', async () => {
    const payload = '<script>alert("x")</script><b>gras</b>';
    const devis = quote({
      clientDetails: { nom: payload, email: 'x@exemple.fr', telephone: '0600000000' },
      commentaire: `<img src=x onerror=alert(1)> ${payload}`,
    });
    const { text } = await readPdf(await renderQuotePdf(devis, { legal: legalFacts(config) }));
    expect(flat(text)).toContain(payload);
    expect(flat(text)).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('what the law asks the quote PDF to say (issue 28)', () => {
  const selling = loadConfig({
    DATA_DIR: '/tmp/convoyage-pdf-test',
    MEDIATEUR_NOM: 'CM2C',
    MEDIATEUR_URL: 'https://www.cm2c.net',
    BUSINESS_INSURER: 'Mutuelle Exemple, 1 rue de l’Assureur, 75001 Paris',
    BUSINESS_INSURANCE_AREA: 'France métropolitaine',
  });
  const render = (devis: Devis) => renderQuotePdf(devis, { legal: legalFacts(selling) }).then(readPdf);

  it('states the validity date, the mediator and the insurer, and to a consumer the withdrawal right', async () => {
    const { text } = await render(quote({ clientType: 'particulier', valableJusquAu: '2026-12-27' }));
    const all = flat(text);
    expect(all).toContain('Devis valable jusqu’au 27/12/2026');
    expect(all).toContain('Médiateur de la consommation : CM2C, https://www.cm2c.net');
    expect(all).toContain('Assurance responsabilité civile professionnelle : Mutuelle Exemple');
    expect(all).toContain('France métropolitaine');
    expect(all).toContain('Droit de rétractation : en tant que consommateur, vous disposez de 14 jours');
  });

  it('says nothing of a withdrawal right to a business', async () => {
    const { text } = await render(quote({ clientType: 'entreprise', valableJusquAu: '2026-12-27' }));
    expect(flat(text)).not.toContain('Droit de rétractation');
    expect(flat(text)).toContain('Médiateur de la consommation : CM2C');
  });
});

describe('the layout of the quote PDF', () => {
  const longEmail = 'jean-christophe.dupont-moretti@entreprise-de-demenagement-et-transports.fr';
  const seller = {
    ...config.seller,
    address: '123 avenue du Général de Gaulle, Bâtiment B, escalier 3, 92130 Issy-les-Moulineaux',
    email: 'contact.devis-convoyage@transports-martin-et-fils.fr',
  };
  const legal = { ...legalFacts(config), seller };
  const full = () =>
    quote({
      adresseDepart: '123 avenue du Général de Gaulle, Bâtiment B, 92130 Issy-les-Moulineaux',
      adresseArrivee: '45 boulevard de la Croisette, Résidence Les Palmiers, 06400 Cannes',
      clientDetails: { nom: 'Société Œuvre & Fils', email: longEmail, telephone: '06 11 22 33 44', siret: '552 100 554 00013' },
      contactDepart: { nom: 'Garage du Rhône – atelier', email: 'accueil.atelier@garage-du-rhone-lyon.fr', telephone: '04 78 00 00 00' },
      commentaire:
        'Clés à l’accueil, côté façade. Merci d’appeler 30 minutes avant l’arrivée ; le véhicule est garé au deuxième sous-sol, place 214.',
    });
  const lines = (text: string) => text.split('\n').map((line) => line.trim());

  it('holds a complete quote on one page, signature box and return address included', async () => {
    const { pages, text } = await readPdf(await renderQuotePdf(full(), { legal }));
    expect(pages).toHaveLength(1);
    expect(flat(text)).toContain('Bon pour accord');
    expect(flat(text)).toContain('Devis à retourner signé à');
  });

  it('never cuts an e-mail or a piece of an address across two lines', async () => {
    const { text } = await readPdf(await renderQuotePdf(full(), { legal }));
    const all = lines(text);
    for (const whole of [
      longEmail,
      `${seller.email}.`,
      'accueil.atelier@garage-du-rhone-lyon.fr',
      '92130 Issy-les-Moulineaux',
      '123 avenue du Général de Gaulle',
      'Résidence Les Palmiers',
      '06400 Cannes',
      'escalier 3',
    ]) {
      expect(
        all.some((line) => line.includes(whole)),
        `${whole} on one line of:\n${text}`,
      ).toBe(true);
    }
  });

  it('moves on to another page only when a comment is too long for one, keeping the signature box whole', async () => {
    const long = full();
    long.commentaire = Array.from({ length: 120 }, (_, i) => `Étape ${i + 1} : contrôler le véhicule.`)
      .join('\n')
      .slice(0, 2000);
    const pdf = await renderQuotePdf(long, { legal });
    const { pages } = await readPdf(pdf);
    expect(pages.length).toBeGreaterThan(1);
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
    const lastPage = await document.getPage(document.numPages);
    const lastText = (await lastPage.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    await document.destroy();
    for (const part of ['Bon pour accord', 'Date, nom et signature du client', 'Devis à retourner signé à', seller.email]) {
      expect(lastText).toContain(part);
    }
  });
});
