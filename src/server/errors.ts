import { apiErrorMessages, type ApiErrorCode } from '#domain/texts/errors.ts';
import { privacyTexts } from '#domain/texts/privacy.ts';
import { securityErrorMessages, securityErrorStatus, type SecurityErrorCode } from '#domain/texts/security.ts';

/**
 * Codes that only one capability's routes answer with: their default messages stay in that
 * capability's catalogue, out of the home page's first bundle (the browser shows the message
 * the API sends, and needs no default for them).
 */
const capabilityCodes: Record<string, { status: number; message: string }> = {
  wrong_password: { status: 403, message: privacyTexts.wrongPassword },
  active_quotes: { status: 409, message: privacyTexts.activeQuotesDefault },
  ...Object.fromEntries(
    Object.entries(securityErrorMessages).map(([code, message]) => [
      code,
      { status: securityErrorStatus[code as SecurityErrorCode], message },
    ]),
  ),
};

export type AppErrorCode = ApiErrorCode | SecurityErrorCode | 'wrong_password' | 'active_quotes';

const statusByCode: Record<ApiErrorCode, number> = {
  not_found: 404,
  route_not_found: 404,
  validation: 400,
  invalid_json: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unauthenticated: 401,
  forbidden: 403,
  conflict: 409,
  rate_limited: 429,
  invalid_credentials: 401,
  email_not_verified: 403,
  user_already_exists: 409,
  email_reserved: 403,
  password_too_short: 400,
  password_too_long: 400,
  invalid_token: 400,
  token_expired: 400,
  account_locked: 429,
  internal: 500,
  unavailable: 503,
};

/** The one application error: a stable code, its HTTP status and a French message. */
export class AppError extends Error {
  readonly code: string;
  readonly statusCode: number;
  readonly details?: unknown;

  constructor(code: AppErrorCode, message?: string, options?: { statusCode?: number; details?: unknown; cause?: unknown }) {
    const own = Object.hasOwn(capabilityCodes, code) ? capabilityCodes[code] : null;
    super(message ?? own?.message ?? apiErrorMessages[code as ApiErrorCode], { cause: options?.cause });
    this.code = code;
    this.statusCode = options?.statusCode ?? own?.status ?? statusByCode[code as ApiErrorCode];
    this.details = options?.details;
  }
}

export const notFound = (message?: string) => new AppError('not_found', message);
export const forbidden = (message?: string) => new AppError('forbidden', message);
export const unauthenticated = () => new AppError('unauthenticated');
export const conflict = (message?: string) => new AppError('conflict', message);
export const validationError = (message?: string, details?: unknown) => new AppError('validation', message, { details });
export const unprocessable = (message: string, details?: unknown) => new AppError('validation', message, { statusCode: 422, details });
