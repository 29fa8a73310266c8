import { GeoServiceError } from './errors.js';

export const DEFAULT_TIMEOUT_MS = 5000;

/**
 * fetch + JSON with a deadline, turning every transport failure into a GeoServiceError so that
 * adapters only deal with the shape of the answer.
 */
export async function fetchJson(
  service: string,
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<{ status: number; body: unknown }> {
  const { timeoutMs, ...requestInit } = init;
  let response: Response;
  try {
    response = await fetch(url, { ...requestInit, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw toServiceError(service, error, timeoutMs);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw toServiceError(service, error, timeoutMs);
  }
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch (error) {
    if (!response.ok) throw new GeoServiceError('unavailable', service, `HTTP ${response.status}`);
    throw new GeoServiceError('bad_response', service, 'response is not JSON', { cause: error });
  }
  return { status: response.status, body };
}

function toServiceError(service: string, error: unknown, timeoutMs: number): GeoServiceError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new GeoServiceError('timeout', service, `no answer within ${timeoutMs} ms`, { cause: error });
  }
  return new GeoServiceError('unavailable', service, 'request failed', { cause: error });
}

export function trimTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
