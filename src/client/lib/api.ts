import type { z } from 'zod';
import { apiPath, type ApiQuery, type ApiRoute, type PathParamNames, type PathParams } from '#domain/api-paths.ts';
import { internalErrorMessage, texts } from '#domain/texts/common.ts';

/** An API refusal, decoded from `{error, message}`; status 0 when the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** The French message of a failure: the API's own, or "Erreur inconnue". */
export const messageOf = (error: unknown): string => (error instanceof ApiError ? error.message : texts.unknownError);

/** An answer typed from the shared schemas but taken as it comes, where parsing it would bring zod into a public page. */
export type Trusted<T> = { readonly isTrusted: true; readonly type?: T };
const TRUSTED = { isTrusted: true } as const;
export const trusted = <T>(): Trusted<T> => TRUSTED;

/** The route's `:name` parameters, required exactly when its path has some. */
type ParamsOf<P extends string> = [PathParamNames<P>] extends [never] ? { params?: undefined } : { params: PathParams<P> };

export type ApiCall<R extends ApiRoute, T> = ParamsOf<R['path']> & {
  query?: ApiQuery;
  /** JSON, or a file's bytes sent as they are (with the blob's type). */
  body?: unknown;
  signal?: AbortSignal;
  /** The answer's shape: a shared zod schema checks it; `trusted<T>()` only types it; none for an empty answer. */
  answer?: z.ZodType<T> | Trusted<T>;
};

/** The address of a call: the route's path with its parameters and query. */
export const urlOf = <R extends ApiRoute>(route: R, { params, query }: { params?: PathParams<R['path']>; query?: ApiQuery } = {}) =>
  (apiPath as (route: ApiRoute, params?: object, query?: ApiQuery) => string)(route, params ?? {}, query);

/** A file's bytes; also a Blob of another realm (the tests' IndexedDB gives back Node's own). */
const isBlob = (body: unknown): body is Blob => body instanceof Blob || Object.prototype.toString.call(body) === '[object Blob]';

/**
 * Calls one route of the API table (src/domain/api-paths.ts) with its method. A refusal comes
 * back as an ApiError with the server's French message; an answer that does not have the
 * shape of its schema is refused too, rather than shown half-read.
 */
export async function api<R extends ApiRoute, T = null>(route: R, call: ApiCall<R, T> = {} as ApiCall<R, T>): Promise<T> {
  const { body, signal, answer } = call;
  const file = isBlob(body) ? body : null;
  let response: Response;
  try {
    response = await fetch(urlOf(route, call), {
      method: route.method,
      signal,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'content-type': file ? file.type || 'application/octet-stream' : 'application/json' },
      body: body === undefined ? undefined : (file ?? JSON.stringify(body)),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network', texts.networkError);
  }
  const payload = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const code = typeof payload?.error === 'string' ? payload.error : typeof payload?.code === 'string' ? payload.code : 'internal';
    const message = typeof payload?.message === 'string' ? payload.message : internalErrorMessage;
    throw new ApiError(response.status, code, message, payload?.details);
  }
  if (!answer || 'isTrusted' in answer) return payload as T;
  const parsed = answer.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, 'invalid_answer', texts.invalidAnswer);
  return parsed.data;
}
