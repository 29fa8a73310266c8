import type { ComponentType } from 'react';

/**
 * The back office's page modules (src/client/pages/admin*-page.tsx), each its own chunk. Their
 * list is a lazily loaded module of its own, fetched on the first visit of the back office: the
 * home page's first bundle, which lists every page it can load with the chunks each needs, has
 * no room for the back office's (BENCHMARKS.md, « JavaScript before the home page is interactive »).
 */
export const adminPages = import.meta.glob<Record<string, ComponentType>>('./admin*-page.tsx', { base: '../pages' });
