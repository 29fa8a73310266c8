import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '#server/config.ts';

/**
 * A client of an approved platform (« plateforme agréée ») through the interface every one of
 * them offers, AFNOR XP Z12-013, as open-source clients implement it (docs/decisions/ lists the
 * sections and sources): OAuth2 client credentials, the Flow Service (`POST /v1/flows` multipart
 * with `flowInfo` and `file`, `POST /v1/flows/search`, `GET /v1/flows/{flowId}?docType=…`) and the
 * Directory Service (`POST /v1/directory-line/search` by SIREN).
 *
 * Liberal in what it accepts where the standard's details are uncertain: 200, 201 or 202 on a
 * submission, 204 for an empty search, extra fields, `{errorCode, errorMessage}` or any other
 * error body. Every failure is a PlatformError that says whether trying again may help.
 */

export const FLOW_SYNTAXES = ['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR'] as const;
export const PROCESSING_RULES = ['B2B', 'B2BInt', 'B2C', 'OutOfScope', 'ArchiveOnly', 'NotApplicable'] as const;
export type FlowSyntax = (typeof FLOW_SYNTAXES)[number];
export type ProcessingRule = (typeof PROCESSING_RULES)[number];

/** What the sender says of a flow (`flowInfo`); the platform computes the flow's type and direction. */
export type FlowInfo = {
  trackingId: string;
  name: string;
  flowSyntax: FlowSyntax;
  processingRule?: ProcessingRule;
  flowProfile?: 'Basic' | 'CIUS' | 'Extended-CTC-FR';
  sha256?: string;
};

/** A text the platform may leave out or send as null (its schemas make most fields optional). */
const optionalText = z.string().nullish();

const ackDetailSchema = z
  .object({
    level: z.string().optional(),
    item: optionalText,
    reasonCode: optionalText,
    reasonMessage: optionalText,
  })
  .passthrough();

/** A flow as the platform describes it (metadata, search results, a webhook's body). */
export const flowSchema = z
  .object({
    flowId: z.string().min(1),
    trackingId: optionalText,
    name: optionalText,
    flowType: optionalText,
    flowDirection: optionalText,
    flowSyntax: optionalText,
    processingRule: optionalText,
    submittedAt: optionalText,
    updatedAt: optionalText,
    acknowledgement: z
      .object({ status: z.string(), details: z.array(ackDetailSchema).nullish() })
      .passthrough()
      .nullish(),
  })
  .passthrough();
export type Flow = z.infer<typeof flowSchema>;

const searchAnswerSchema = z.object({ results: z.array(flowSchema).default([]), total: z.number().optional() }).passthrough();

const directoryLineSchema = z
  .object({
    addressingIdentifier: optionalText,
    siren: optionalText,
    siret: optionalText,
    directoryLineStatus: optionalText,
    platformType: optionalText,
    platform: z.object({ platformType: optionalText, platformStatus: optionalText }).passthrough().nullish(),
    legalUnit: z.object({ businessName: optionalText }).passthrough().nullish(),
  })
  .passthrough();
export type DirectoryLine = z.infer<typeof directoryLineSchema>;
const directoryAnswerSchema = z.object({ results: z.array(directoryLineSchema).default([]) }).passthrough();

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().optional() }).passthrough();

export type SearchWhere = {
  updatedAfter?: string;
  updatedBefore?: string;
  trackingId?: string;
  flowType?: string[];
  flowDirection?: ('In' | 'Out')[];
  processingRule?: ProcessingRule[];
  ackStatus?: 'Pending' | 'Ok' | 'Error';
};

export type DocType = 'Metadata' | 'Original' | 'Converted' | 'ReadableView';

/** The platform's section of the configuration (`organizationId` is sent as `Organization-Id` by the platforms that ask for it). */
export type PlatformSettings = NonNullable<Config['einvoicing']['platform']>;

/** A failed call: `retryable` when the same call may succeed later (network, timeout, 5xx, 429, an unreadable answer). */
export class PlatformError extends Error {
  readonly retryable: boolean;
  readonly status: number | null;
  readonly code: string | null;
  constructor(
    message: string,
    { retryable, status = null, code = null }: { retryable: boolean; status?: number | null; code?: string | null },
  ) {
    super(message);
    this.name = 'PlatformError';
    this.retryable = retryable;
    this.status = status;
    this.code = code;
  }
}

export type Platform = {
  /** `POST /v1/flows`: the file and its `flowInfo`; the platform's flow (its `flowId`). */
  submitFlow(input: { info: FlowInfo; file: Buffer; filename: string; contentType: string }): Promise<Flow>;
  /** `POST /v1/flows/search`, every page: flows sorted by `updatedAt`, each once. */
  searchFlows(where: SearchWhere): Promise<Flow[]>;
  /** `GET /v1/flows/{flowId}?docType=Metadata`. */
  getFlow(flowId: string): Promise<Flow>;
  /** `GET /v1/flows/{flowId}?docType=…`: the file. */
  getFlowFile(flowId: string, docType: Exclude<DocType, 'Metadata'>): Promise<{ content: Buffer; contentType: string }>;
  /** `POST /v1/directory-line/search` by SIREN; none when the platform knows no line (404 or empty). */
  findDirectoryLines(siren: string): Promise<DirectoryLine[]>;
};

/** `https://pa.example/afnor-flow`, `…/afnor-flow/` and `…/afnor-flow/v1` all mean the same base. */
const baseOf = (url: string) => url.replace(/\/+$/, '').replace(/\/v1$/, '');

const PAGE_LIMIT = 100;
const MAX_PAGES = 50;

export function createPlatform(
  settings: PlatformSettings,
  { fetch = globalThis.fetch }: { fetch?: typeof globalThis.fetch } = {},
): Platform {
  let token: { value: string; until: number } | null = null;

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (error) {
      const isTimeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PlatformError(
        isTimeout ? `no answer within ${settings.timeoutMs} ms from ${url}` : `cannot reach ${url}: ${describe(error)}`,
        {
          retryable: true,
        },
      );
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
    });
    if (settings.scope) form.set('scope', settings.scope);
    const response = await call(settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    if (!response.ok) throw await failure(response, 'token');
    const parsed = tokenSchema.safeParse(await readJson(response, 'token'));
    if (!parsed.success) throw new PlatformError('the token answer has no access_token', { retryable: true, status: response.status });
    // A minute's margin, so that a token never expires on its way.
    const lifetimeMs = Math.max(0, (parsed.data.expires_in ?? 300) - 60) * 1000;
    token = { value: parsed.data.access_token, until: Date.now() + lifetimeMs };
    return token.value;
  }

  /** A call with the bearer token; on 401 the token is fetched again and the call made once more. */
  async function authorised(url: string, init: RequestInit, what: string): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${await accessToken()}`);
      headers.set('request-id', randomUUID());
      if (settings.organizationId) headers.set('organization-id', settings.organizationId);
      const response = await call(url, { ...init, headers });
      if (response.status === 401 && attempt === 0) {
        token = null;
        await response.body?.cancel();
        continue;
      }
      if (!response.ok) throw await failure(response, what);
      return response;
    }
  }

  const flowUrl = (path: string) => `${baseOf(settings.flowUrl)}${path}`;
  const directoryUrl = (path: string) => `${baseOf(settings.directoryUrl)}${path}`;

  async function searchPage(where: SearchWhere): Promise<{ flows: Flow[]; total?: number }> {
    const response = await authorised(
      flowUrl('/v1/flows/search'),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ limit: PAGE_LIMIT, where }),
      },
      'search',
    );
    if (response.status === 204) return { flows: [] };
    const parsed = searchAnswerSchema.safeParse(await readJson(response, 'search'));
    if (!parsed.success) throw new PlatformError('the search answer is not a list of flows', { retryable: true, status: response.status });
    return { flows: parsed.data.results, total: parsed.data.total };
  }

  return {
    async submitFlow({ info, file, filename, contentType }) {
      const boundary = `----convoyage${randomUUID().replace(/-/g, '')}`;
      const body = multipart(boundary, [
        { name: 'flowInfo', contentType: 'application/json', content: Buffer.from(JSON.stringify(info)) },
        { name: 'file', filename, contentType, content: file },
      ]);
      const response = await authorised(
        flowUrl('/v1/flows'),
        {
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json' },
          body: new Uint8Array(body),
        },
        'submit',
      );
      const parsed = flowSchema.safeParse(await readJson(response, 'submit'));
      // Accepted but not understood: the flow may exist; the caller looks it up by its tracking id before sending again.
      if (!parsed.success) throw new PlatformError('the submission answer has no flowId', { retryable: true, status: response.status });
      return parsed.data;
    },

    async searchFlows(where) {
      const seen = new Map<string, Flow>();
      let cursor = where.updatedAfter;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const { flows } = await searchPage({ ...where, ...(cursor ? { updatedAfter: cursor } : {}) });
        for (const flow of flows) seen.set(flow.flowId, flow);
        if (flows.length < PAGE_LIMIT) break;
        // A full page: go on after the last-but-one moment of it (several flows may share the last one, `updatedAfter` is strict).
        const moments = [...new Set(flows.map((flow) => flow.updatedAt).filter((at): at is string => Boolean(at)))].sort();
        const next = moments.length > 1 ? moments[moments.length - 2] : undefined;
        if (!next || next === cursor) break;
        cursor = next;
      }
      return [...seen.values()].sort((a, b) => (a.updatedAt ?? '').localeCompare(b.updatedAt ?? ''));
    },

    async getFlow(flowId) {
      const response = await authorised(
        flowUrl(`/v1/flows/${encodeURIComponent(flowId)}?docType=Metadata`),
        { method: 'GET', headers: { accept: 'application/json' } },
        'flow',
      );
      const parsed = flowSchema.safeParse(await readJson(response, 'flow'));
      if (!parsed.success) throw new PlatformError('the flow answer is not a flow', { retryable: true, status: response.status });
      return parsed.data;
    },

    async getFlowFile(flowId, docType) {
      const response = await authorised(flowUrl(`/v1/flows/${encodeURIComponent(flowId)}?docType=${docType}`), { method: 'GET' }, 'file');
      return {
        content: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      };
    },

    async findDirectoryLines(siren) {
      let response: Response;
      try {
        response = await authorised(
          directoryUrl('/v1/directory-line/search'),
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({ filters: { siren: { op: 'strict', value: siren } }, limit: 50, ignore: 0 }),
          },
          'directory',
        );
      } catch (error) {
        if (error instanceof PlatformError && error.status === 404) return [];
        throw error;
      }
      if (response.status === 204) return [];
      const parsed = directoryAnswerSchema.safeParse(await readJson(response, 'directory'));
      if (!parsed.success)
        throw new PlatformError('the directory answer is not a list of lines', { retryable: true, status: response.status });
      return parsed.data.results;
    },
  };
}

async function readJson(response: Response, what: string): Promise<unknown> {
  const body = await response.text();
  if (response.status === 204 || body.trim() === '') return {};
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new PlatformError(`the ${what} answer is not JSON`, { retryable: true, status: response.status });
  }
}

/** A refusal: its status and the platform's own words (`{errorCode, errorMessage}` or another shape). */
async function failure(response: Response, what: string): Promise<PlatformError> {
  const body = await response.text().catch(() => '');
  let code: string | null = null;
  let message = body.slice(0, 300);
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const pick = (...keys: string[]) => keys.map((key) => parsed[key]).find((value): value is string => typeof value === 'string');
    code = pick('errorCode', 'code', 'error') ?? null;
    message = pick('errorMessage', 'message', 'error_description', 'detail', 'title') ?? message;
  } catch {
    // Not JSON: the text itself.
  }
  const retryable = response.status >= 500 || response.status === 429 || response.status === 408 || response.status === 401;
  return new PlatformError(`${what}: HTTP ${response.status}${code ? ` ${code}` : ''}${message ? ` – ${message}` : ''}`, {
    retryable,
    status: response.status,
    code,
  });
}

type Part = { name: string; filename?: string; contentType: string; content: Buffer };

/** A multipart/form-data body (RFC 7578), each part with its own type: `flowInfo` as JSON, `file` with its name. */
function multipart(boundary: string, parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename.replace(/["\r\n]/g, '_')}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${part.contentType}\r\n\r\n`));
    chunks.push(part.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const describe = (error: unknown) =>
  error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
