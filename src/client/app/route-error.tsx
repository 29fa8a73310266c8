import { Component, type ReactNode } from 'react';
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

type BoundaryProps = { pathname: string; children: ReactNode };

/** RouteError in place of the page and its layout when either throws; cleared by going to another address. */
export class RouteErrorBoundary extends Component<BoundaryProps, { hasError: boolean; pathname: string }> {
  override state = { hasError: false, pathname: this.props.pathname };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { hasError: false, pathname: props.pathname };
  }

  override render() {
    return this.state.hasError ? <RouteError /> : this.props.children;
  }
}
