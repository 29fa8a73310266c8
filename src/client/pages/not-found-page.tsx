import { Link } from 'react-router';
import { paths } from '../../domain/paths.ts';
import { texts } from '../../domain/texts.ts';

export function NotFoundPage() {
  return (
    <div className="container page">
      <title>{texts.notFoundTitle}</title>
      <h1>{texts.notFoundTitle}</h1>
      <p>{texts.notFoundBody}</p>
      <p>
        <Link to={paths.home}>{texts.backHome}</Link>
      </p>
    </div>
  );
}
