import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { texts } from '#domain/texts.ts';

/** Shown when a page fails to load or render (for instance a chunk lost after a deployment). */
export function RouteError() {
  return (
    <div className="container page" role="alert">
      <title>Erreur</title>
      <h1>Une erreur est survenue</h1>
      <p>La page n'a pas pu s'afficher. Rechargez-la ; si le problème persiste, contactez-nous.</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Recharger la page
        </button>{' '}
        <Link to={paths.home}>{texts.backHome}</Link>
      </p>
    </div>
  );
}
