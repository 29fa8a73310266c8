import { isAPIError } from 'better-auth/api';
import { apiErrorMessages, type ApiErrorCode } from '#domain/texts/errors.ts';
import { securityErrorMessages, securityErrorStatus, type SecurityErrorCode } from '#domain/texts/security.ts';
import { AppError } from '#server/errors.ts';

/** better-auth's error codes (BASE_ERROR_CODES) as our stable codes with French messages. */
const byAuthCode: Record<string, ApiErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalid_credentials',
  INVALID_PASSWORD: 'invalid_credentials',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'invalid_credentials',
  EMAIL_NOT_VERIFIED: 'email_not_verified',
  USER_ALREADY_EXISTS: 'user_already_exists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'user_already_exists',
  PASSWORD_TOO_SHORT: 'password_too_short',
  PASSWORD_TOO_LONG: 'password_too_long',
  INVALID_TOKEN: 'invalid_token',
  TOKEN_EXPIRED: 'token_expired',
  INVALID_EMAIL: 'validation',
  VALIDATION_ERROR: 'validation',
  ACCOUNT_LOCKED: 'account_locked',
  SESSION_EXPIRED: 'unauthenticated',
  FAILED_TO_GET_SESSION: 'unauthenticated',
};

/** The two-factor plugin's codes (better-auth/plugins/two-factor error-code). */
const byTwoFactorCode: Record<string, SecurityErrorCode> = {
  INVALID_CODE: 'invalid_two_factor_code',
  INVALID_BACKUP_CODE: 'invalid_backup_code',
  INVALID_TWO_FACTOR_COOKIE: 'two_factor_expired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'two_factor_too_many_attempts',
  TWO_FACTOR_LOCKED: 'two_factor_locked',
  TOTP_NOT_ENABLED: 'two_factor_not_enabled',
  TWO_FACTOR_NOT_ENABLED: 'two_factor_not_enabled',
  BACKUP_CODES_NOT_ENABLED: 'two_factor_not_enabled',
};

const byStatus: Record<number, ApiErrorCode> = {
  400: 'validation',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation',
  429: 'rate_limited',
};

export type ErrorBody = { error: ApiErrorCode | SecurityErrorCode; message: string };

/** Our `{error, message}` for a better-auth error answer (status and its JSON body). */
export function translateAuthError(status: number, body: unknown): { status: number; body: ErrorBody } {
  const authCode = typeof body === 'object' && body && 'code' in body && typeof body.code === 'string' ? body.code : undefined;
  const twoFactor = authCode ? byTwoFactorCode[authCode] : undefined;
  if (twoFactor) {
    const twoFactorStatus = securityErrorStatus[twoFactor];
    return { status: twoFactorStatus, body: { error: twoFactor, message: securityErrorMessages[twoFactor] } };
  }
  const fromCode = authCode ? byAuthCode[authCode] : undefined;
  const code: ApiErrorCode = fromCode ?? byStatus[status] ?? (status >= 500 ? 'internal' : 'validation');
  const httpStatus = status >= 500 ? 500 : status;
  return { status: httpStatus, body: { error: code, message: apiErrorMessages[code] } };
}

/** An error thrown by `auth.api.*` as an AppError; anything else is rethrown unchanged. */
export function toAppError(error: unknown): unknown {
  if (!isAPIError(error)) return error;
  const { status, body } = translateAuthError(error.statusCode, error.body);
  return new AppError(body.error, body.message, { statusCode: status, cause: error });
}
