import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { publicTexts, texts } from '#domain/texts/common.ts';
import styles from './public-pages.module.css';

const nav = publicTexts.nav;

export function NotFoundPage() {
  return (
    <div className={`container page ${styles.notFound}`}>
      <title>{texts.notFoundTitle}</title>
      <meta name="robots" content="noindex" />
      <p className={styles.notFoundCode} aria-hidden="true">
        404
      </p>
      <h1>{texts.notFoundTitle}</h1>
      <p>{texts.notFoundBody}</p>
      <p>
        <Link className={styles.cta} to={paths.home}>
          {texts.backHome}
        </Link>
      </p>
      <p>{publicTexts.notFound.otherPages}</p>
      <ul className={styles.linkList}>
        <li>
          <Link to={{ pathname: paths.home, hash: '#simuler' }}>{nav.simuler}</Link>
        </li>
        <li>
          <Link to={paths.commentCaMarche}>{nav.commentCaMarche}</Link>
        </li>
        <li>
          <Link to={paths.faq}>{nav.faq}</Link>
        </li>
        <li>
          <Link to={{ pathname: paths.home, hash: '#contact' }}>{nav.contact}</Link>
        </li>
      </ul>
    </div>
  );
}
