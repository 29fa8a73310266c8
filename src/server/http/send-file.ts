import type { FastifyReply } from 'fastify';

/** A file the server answers with: its bytes (or text), its media type, and the name it is saved under. */
export type SentFile = { content: Buffer | string; type: string; filename: string };

/**
 * Answers a file: saved under its name (`attachment`) or shown by the browser (`inline`), never
 * sniffed for another type than the one declared. Anything in the name but ASCII letters,
 * digits, `.`, `_` and `-` becomes `_`, so that no name can break out of its header.
 */
export function sendFile(reply: FastifyReply, { content, type, filename }: SentFile, disposition: 'attachment' | 'inline' = 'attachment') {
  return reply
    .header('content-type', type)
    .header('content-disposition', `${disposition}; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('x-content-type-options', 'nosniff')
    .send(content);
}
