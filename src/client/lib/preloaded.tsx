import { use, type ComponentType } from 'react';

/**
 * Marks a promise the way React's `use` marks those it has seen settle, so that `use` reads it
 * at once instead of suspending for a turn.
 */
export function readableByUse<T>(promise: Promise<T>): Promise<T> {
  // Block bodies: returning the promise itself would make the derived promise reject with it, unhandled.
  promise.then(
    (value) => {
      Object.assign(promise, { status: 'fulfilled', value });
    },
    (reason: unknown) => {
      Object.assign(promise, { status: 'rejected', reason });
    },
  );
  return promise;
}

/**
 * A component of another chunk whose loading starts with the module that declares it, not at its
 * first render, for a part every visit of that page shows (a page's form). Loaded by the time it
 * renders, it renders without suspending: React.lazy suspends at least once, its boundary commits
 * the fallback, and React then holds the next reveal for up to 300 ms (docs/decisions/0080). A
 * failed load is thrown to the error boundary, as React.lazy does.
 */
export function preloaded<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  // A failure is handled by readableByUse's marking, and thrown at render by `use`.
  const loading = readableByUse(load());
  function Preloaded(props: Props) {
    const Loaded = use(loading);
    return <Loaded {...props} />;
  }
  return Preloaded;
}
