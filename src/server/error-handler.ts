import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiErrorMessages, type ApiErrorCode } from '#domain/texts/errors.ts';
import { isInputDataError } from './db/errors.ts';
import { AppError } from './errors.ts';

/** Fastify's own client errors, by code, as our stable codes. */
const fastifyCodes: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation',
  FST_ERR_VALIDATION: 'validation',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
  FST_FILES_LIMIT: 'payload_too_large',
  FST_PARTS_LIMIT: 'payload_too_large',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
};

/** One place turns every error into `{error, message}`; a 5xx never reveals internals. */
export function errorHandler(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    return reply.status(error.statusCode).send({
      error: error.code,
      message: error.message,
      ...(error.details !== undefined ? { details: error.details } : {}),
    });
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: issue.message,
    }));
    return reply.status(400).send({ error: 'validation', message: apiErrorMessages.validation, details });
  }

  if (isInputDataError(error)) {
    request.log.warn({ err: error }, 'refused: the database could not store the data sent');
    return reply.status(400).send({ error: 'validation', message: apiErrorMessages.validation });
  }

  const fastifyError = error as FastifyError;
  const mapped = fastifyError.code ? fastifyCodes[fastifyError.code] : undefined;
  const status = fastifyError.statusCode ?? 500;
  if (mapped || (status >= 400 && status < 500)) {
    const code: ApiErrorCode = mapped ?? (status === 429 ? 'rate_limited' : status === 404 ? 'not_found' : 'validation');
    const httpStatus = status >= 400 && status < 500 ? status : 400;
    return reply.status(httpStatus).send({ error: code, message: apiErrorMessages[code] });
  }

  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ error: 'internal', message: apiErrorMessages.internal });
}

export function notFoundApi(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ error: 'route_not_found', message: apiErrorMessages.route_not_found });
}
