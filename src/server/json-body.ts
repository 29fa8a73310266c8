import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from './errors.ts';
import { serverMessages } from '#domain/texts/server.ts';

/** No payload of ours nests deeper than a few levels; a hostile one could exhaust the stack. */
const MAX_JSON_DEPTH = 32;

/** The nesting depth of a JSON text, counted in one pass without parsing it. */
function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) max = depth;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return max;
}

/**
 * Replaces Fastify's JSON parser with the same secure parsing (no __proto__ or constructor
 * keys) plus a nesting limit, so every route, better-auth's included, is safe from it.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      return done(new AppError('validation', serverMessages.tooDeep), undefined);
    }
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new AppError('invalid_json'), undefined);
    }
  });
}
