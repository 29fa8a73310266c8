import { internalErrorMessage, texts } from '#domain/texts/common.ts';

/** An API refusal, decoded from `{error, message}`. */
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

type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal };

export async function api<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
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
  return payload as T;
}
