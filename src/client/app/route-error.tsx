import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { texts } from '#domain/texts/common.ts';

/** Shown when a page fails to load or render (for instance a chunk lost after a deployment). */
export function RouteError() {
  return (
    <div className="container page" role="alert">
      <title>{texts.routeErrorTitle}</title>
      <h1>{texts.routeErrorHeading}</h1>
      <p>{texts.routeErrorBody}</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          {texts.reloadPage}
        </button>{' '}
        <Link to={paths.home}>{texts.backHome}</Link>
      </p>
    </div>
  );
}
