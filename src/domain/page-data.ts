/**
 * API answers a prerendered page carries in its first HTML, so that a phone shows them before
 * the JavaScript arrives and the browser's first render matches them (the CGV on /cgv). Each is
 * keyed by its API path, which is also the key of the client's query that reads it.
 */
export type PageData = Record<string, unknown>;

/** The id of the `<script type="application/json">` element that carries them. */
export const PAGE_DATA_ELEMENT = 'page-data';
