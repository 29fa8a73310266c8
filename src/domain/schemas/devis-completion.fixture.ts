import { parisToday } from '../format.ts';
import { addDays } from '../invoices.ts';
import type { CompletionInput } from './devis-completion.ts';

/** A date `days` after today in France, YYYY-MM-DD (what an <input type="date"> takes). Test-only. */
export const daysFromToday = (days: number) => addDays(parisToday(), days);

/** A complete, valid completion payload (test factory); override any part. */
export function validCompletion(overrides: Partial<CompletionInput> = {}): CompletionInput {
  return {
    clientType: 'entreprise',
    clientDetails: { nom: 'Garage Müller', email: 'contact@garage-muller.fr', telephone: '06 12 34 56 78', siret: '732 829 320 00074' },
    contactDepart: { nom: 'Élodie Martin', email: 'elodie@exemple.fr', telephone: '+33 6 11 22 33 44' },
    contactArrivee: { nom: 'Concession Lyon Sud', email: '', telephone: '04 78 00 00 00' },
    priseInfo: { datePriseEnCharge: daysFromToday(7), debut: '08:00', fin: '10:30' },
    livraisonInfo: { dateLivraisonSouhaitee: daysFromToday(8), debut: '14:00', fin: '18:00' },
    infosVehicule: {
      immatriculation: 'ab 123 cd',
      plaqueEtrangere: false,
      marque: 'Renault',
      modele: 'Clio V',
      chassis: 'vf1rfb00x56789012',
      motorisation: 'essence',
    },
    options: { documentation: true, lavage: 'exterieur', sansCarburant: false, wGarage: true },
    typeConvoyage: 'Livraison',
    commentaire: 'Clés à récupérer à l’accueil.',
    ...overrides,
  };
}
