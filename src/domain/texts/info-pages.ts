/**
 * Texts of the information pages (about, how it works, FAQ, legal notices): part of the
 * catalogue of src/domain/texts/common.ts, kept in their own module because those pages load
 * lazily and their long texts would otherwise weigh on the home page's first bundle.
 */
export const infoPageTexts = {
  about: {
    title: 'Qui sommes-nous',
    intro: (name: string, owner: string) =>
      `${name} est une entreprise de convoyage de véhicules tenue par ${owner}, convoyeur professionnel indépendant.`,
    missionTitle: 'Notre métier',
    mission:
      'Nous conduisons votre véhicule d’un point à un autre à votre place : achat ou vente entre particuliers, retour de location, livraison d’un véhicule neuf à un client, transfert d’une flotte d’entreprise. Voitures citadines, berlines, SUV et utilitaires jusqu’à 30 m³.',
    commitmentsTitle: 'Nos engagements',
    commitments: [
      'Un prix clair, calculé en ligne selon la distance et le type de véhicule.',
      'Un devis confirmé et signé avant tout départ.',
      'Un état des lieux avec photos à la prise en charge et à l’arrivée.',
      'Une assurance qui couvre votre véhicule pendant tout le trajet.',
    ],
    areaTitle: 'Où nous intervenons',
    area: 'Partout en France métropolitaine, et à l’étranger sur demande. Les trajets de plus de 1200 km font l’objet d’un devis personnalisé.',
  },
  howItWorks: {
    title: 'Comment ça marche',
    intro: 'Six étapes, de la simulation en ligne à la livraison de votre véhicule.',
    steps: [
      {
        title: 'Simulation',
        body: 'Indiquez l’adresse de départ, l’adresse d’arrivée et le type de véhicule : le prix estimé s’affiche immédiatement.',
      },
      {
        title: 'Création de compte',
        body: 'Créez votre compte client pour enregistrer le devis, puis complétez-le : dates souhaitées, contacts sur place, véhicule et options.',
      },
      {
        title: 'Confirmation',
        body: 'Nous confirmons le prix final et vous envoyons le devis par e-mail. Vous nous le retournez signé, au format PDF, par e-mail.',
      },
      {
        title: 'Prise en charge',
        body: 'Le chauffeur récupère le véhicule à l’adresse de départ et réalise un état des lieux avec photos.',
      },
      {
        title: 'Livraison',
        body: 'À l’arrivée, un second état des lieux est réalisé avant la remise du véhicule et des clés.',
      },
      {
        title: 'Finalisation',
        body: 'Vous recevez un e-mail de finalisation qui clôt la mission.',
      },
    ],
    cta: 'Simuler un prix maintenant',
  },
  faq: {
    title: 'Questions fréquentes',
    intro: 'Les réponses aux questions que nos clients posent le plus souvent.',
    items: [
      {
        question: 'L’assurance est-elle incluse ?',
        answer:
          'Oui. Votre véhicule est assuré pendant toute la durée du convoyage, de la prise en charge à la livraison, sans supplément.',
      },
      {
        question: 'Où intervenez-vous ?',
        answer: 'Partout en France. Les convoyages vers l’étranger sont possibles sur demande : contactez-nous pour un devis personnalisé.',
      },
      {
        question: 'Pouvez-vous nettoyer le véhicule ?',
        answer: 'Oui, en option : lavage extérieur ou lavage complet, à choisir lorsque vous complétez votre devis.',
      },
      {
        question: 'La remise du véhicule est-elle comprise ?',
        answer: 'Oui. La remise du véhicule et des clés à la personne que vous désignez, avec l’état des lieux, est incluse dans le prix.',
      },
      {
        question: 'Qui s’occupe des documents ?',
        answer:
          'Nous nous en chargeons : états des lieux au départ et à l’arrivée, et, avec l’option documentation, les papiers du véhicule à remettre au destinataire.',
      },
      {
        question: 'Le véhicule n’est pas immatriculé : pouvez-vous le convoyer ?',
        answer:
          'Oui. Une plaque W garage (immatriculation temporaire) est disponible sur demande pour déplacer un véhicule non immatriculé ou en cours d’immatriculation.',
      },
    ],
    more: 'Vous ne trouvez pas votre réponse ?',
    contactUs: 'Contactez-nous',
  },
  legal: {
    title: 'Mentions légales',
    publisherTitle: 'Éditeur du site',
    publisher: (name: string, owner: string) => `Le site ${name} est édité par ${owner}, micro-entrepreneur.`,
    status: 'Statut : entrepreneur individuel sous le régime de la micro-entreprise.',
    siret: 'SIRET',
    address: 'Adresse',
    email: 'E-mail',
    phone: 'Téléphone',
    director: 'Directeur de la publication',
    vatTitle: 'TVA',
    mediatorTitle: 'Médiation de la consommation',
    mediator: (m: { nom: string; url: string; adresse?: string }) =>
      `En cas de litige, le consommateur peut recourir gratuitement au médiateur de la consommation : ${m.nom}${m.adresse ? `, ${m.adresse}` : ''}, ${m.url} (articles L612-1 et L616-1 du Code de la consommation).`,
    hostTitle: 'Hébergement',
    ipTitle: 'Propriété intellectuelle',
    ip: 'Les textes, illustrations et logos de ce site ont été créés pour lui. Toute reproduction sans autorisation est interdite.',
    privacyTitle: 'Données personnelles (RGPD)',
    privacyController: (owner: string) => `Responsable du traitement : ${owner}.`,
    collectedTitle: 'Données collectées',
    collected: [
      'Compte client : nom, téléphone, adresse e-mail, adresse postale, type de client (particulier ou entreprise), numéro SIRET pour une entreprise, mot de passe (stocké chiffré, jamais en clair).',
      'Devis : adresses de départ et d’arrivée, type et informations du véhicule, dates souhaitées, contacts sur place, options et commentaires, devis signé au format PDF.',
      'Sécurité : adresse IP et date des connexions, pour protéger les comptes contre les abus.',
    ],
    purposesTitle: 'Pourquoi',
    purposes: [
      'Établir, confirmer et exécuter vos devis de convoyage (exécution du contrat).',
      'Tenir la comptabilité de l’entreprise (obligation légale).',
      'Sécuriser le site et les comptes (intérêt légitime).',
    ],
    retentionTitle: 'Combien de temps',
    retention: [
      'Compte client, profil et devis : tant que le compte existe ; à sa suppression, ils sont effacés et les devis anonymisés.',
      'Factures et avoirs : 10 ans (article L123-22 du Code de commerce).',
      'Devis signés et états des lieux d’une mission : 5 ans après la fin de la mission (article 2224 du Code civil).',
      'Sessions, liens et compteurs de sécurité, copies des e-mails envoyés : quelques jours (le détail est dans la politique de confidentialité).',
    ],
    policyLink: 'Tout savoir dans la politique de confidentialité',
    recipientsTitle: 'Qui y a accès',
    recipients:
      'Seul l’éditeur et ses prestataires techniques (hébergement, envoi des e-mails) y ont accès, pour les besoins du service. Vos données ne sont ni vendues ni cédées.',
    rightsTitle: 'Vos droits',
    rights:
      'Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de portabilité de vos données. Pour les exercer, écrivez à :',
    complaint: 'Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (cnil.fr).',
    cookiesTitle: 'Cookies',
    cookies:
      'Ce site ne dépose que des cookies strictement nécessaires : la session, lorsque vous vous connectez, et la reconnaissance d’un navigateur où vous vous êtes déjà connecté, pour la sécurité. Une simulation faite avant de vous connecter est gardée un jour dans votre navigateur, pour être enregistrée dans « Mes devis » une fois connecté. Le site n’utilise aucun cookie de mesure d’audience, de publicité ni de suivi : aucun consentement n’est donc demandé.',
  },
} as const;
