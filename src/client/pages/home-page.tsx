import { texts } from '../../domain/texts.ts';
import { HomeLoginSection } from '../features/accounts/components/home-login-section.tsx';
import { SignUpForm } from '../features/accounts/components/sign-up-form.tsx';
import { Simulator } from '../features/simulator/components/simulator.tsx';
import { publicConfig } from '../lib/public-config.ts';

export function HomePage() {
  const { contact, business } = publicConfig;
  return (
    <>
      <title>{`${business.name} – convoyage de véhicules par chauffeur professionnel`}</title>
      <section id="accueil" className="container page" aria-labelledby="accueil-titre">
        <h1 id="accueil-titre">Convoyage de véhicules partout en France</h1>
        <p>Un chauffeur professionnel déplace votre voiture ou votre utilitaire de A à B. Obtenez votre prix en quelques secondes.</p>
      </section>
      <section id="simuler" className="container page" aria-labelledby="simuler-titre">
        <h2 id="simuler-titre">Simuler un prix</h2>
        <Simulator />
      </section>
      <section id="creer-compte" className="container page" aria-labelledby="creer-compte-titre">
        <h2 id="creer-compte-titre">Créer un compte</h2>
        <SignUpForm />
      </section>
      <section id="connexion" className="container page" aria-labelledby="connexion-titre">
        <h2 id="connexion-titre">Connexion</h2>
        <HomeLoginSection />
      </section>
      <section id="contact" className="container page" aria-labelledby="contact-titre">
        <h2 id="contact-titre">Contact</h2>
        <p>
          E-mail : <a href={`mailto:${contact.email}`}>{contact.email}</a>
          <br />
          Téléphone : <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a>
        </p>
        <p>{texts.vatNote}</p>
      </section>
    </>
  );
}
