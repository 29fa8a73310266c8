let signUpCount = 0;

/** A valid body for POST /api/comptes/inscription, with an address of its own unless given. */
export function signUpBody(overrides: Record<string, unknown> = {}) {
  signUpCount += 1;
  return {
    nom: 'Camille Martin',
    telephone: '06 11 22 33 44',
    email: `camille${signUpCount}-${Date.now()}@exemple.fr`,
    adresse: '3 place Bellecour, 69002 Lyon',
    type: 'particulier',
    motDePasse: 'un-mot-de-passe',
    confirmation: 'un-mot-de-passe',
    resterConnecte: true,
    ...overrides,
  };
}
