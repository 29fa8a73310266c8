import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a component that reads the API, loaded from a module of the public pages'
 * first bundle (the layout, the home page): the component and the query cache
 * (./query-client.tsx) load together, in parallel, and the component gets the cache.
 */
export function lazyWithQueryClient<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    const [Component, { withQueryClient }] = await Promise.all([load(), import('./query-client.tsx')]);
    return { default: withQueryClient(Component) };
  });
}
