import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { PrivacyFacts, PublicConfig } from '#domain/public-config.ts';
import { placeholderPublicConfig as placeholder, type Seller } from '#domain/public-config.ts';
import { DEFAULT_LATE_PENALTY_RATE } from '#domain/texts/invoices.ts';
import { DEFAULT_QUOTE_VALIDITY_DAYS } from '#domain/legal.ts';
import type { LegalFacts } from '#domain/texts/legal.ts';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanText = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const compactIban = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** ISO 13616: the number read with letters as 10–35, moved key first, is 1 modulo 97. */
function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** The environment, as the README and .env.example document it. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, 'must start with postgres://, sqlite: or file:')
      .optional(),
  ),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default('admin@convoyage.local'),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Convoyage Pro <no-reply@convoyage.local>'),
  GEOCODER: z.enum(['offline', 'geoplateforme']).default('offline'),
  GEOPLATEFORME_URL: optionalText.pipe(z.url().optional()),
  ROUTER: z.enum(['offline', 'geoplateforme', 'osrm', 'google']).default('offline'),
  GEOPLATEFORME_ROUTING_URL: optionalText.pipe(z.url().optional()),
  OSRM_URL: optionalText.pipe(z.url().optional()),
  GOOGLE_MAPS_API_KEY: optionalText,
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanText,
  CONTACT_EMAIL: z.string().trim().pipe(z.email()).default(placeholder.contact.email),
  CONTACT_PHONE: z.string().trim().min(4).default(placeholder.contact.phone),
  BUSINESS_NAME: z.string().trim().min(1).default(placeholder.business.name),
  BUSINESS_OWNER: z.string().trim().min(1).default(placeholder.business.owner),
  BUSINESS_SIRET: z
    .string()
    .trim()
    .regex(/^\d{3} ?\d{3} ?\d{3} ?\d{5}$/, 'must be 14 digits')
    .default(placeholder.business.siret),
  BUSINESS_ADDRESS: z.string().trim().min(1).default(placeholder.business.address),
  BUSINESS_HOST: z.string().trim().min(1).default(placeholder.business.host),
  BUSINESS_LEGAL_NAME: z
    .string()
    .trim()
    .regex(/(^|\s)EI$|^EI\s|entrepreneur individuel/i, 'must carry "EI" or "entrepreneur individuel" (the seller\'s name on invoices)')
    .default(placeholder.business.legalName),
  BUSINESS_VAT_ID: optionalText.pipe(
    z
      .string()
      .regex(/^FR[0-9A-Z]{2}\d{9}$/, 'must be a French VAT number, FR then 11 characters')
      .optional(),
  ),
  BUSINESS_IBAN: optionalText.pipe(z.string().transform(compactIban).refine(isValidIban, 'must be a valid IBAN').optional()),
  BUSINESS_BIC: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a BIC of 8 or 11 characters')
      .optional(),
  ),
  INVOICE_PAYMENT_DAYS: z.coerce.number().int().min(0).max(60).default(30),
  PAYMENT_PROVIDER: z.enum(['', 'none', 'stripe']).default(''),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_… key)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_\w+$/, "must be the endpoint's signing secret, whsec_…")
      .optional(),
  ),
  STRIPE_API_BASE: optionalText.pipe(
    z
      .url()
      .refine(
        (value) => /^https?:$/.test(new URL(value).protocol) && ['', '/'].includes(new URL(value).pathname),
        'must be an http(s) origin without a path, e.g. https://api.stripe.com',
      )
      .optional(),
  ),
  DEPOSIT_PERCENT: z.coerce.number().int().min(0).max(100).default(0),
  REMINDER_BEFORE_DAYS: z.coerce.number().int().min(0).max(30).default(3),
  REMINDER_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(60),
  INVOICE_LATE_PENALTY_RATE: z.string().trim().min(3).default(DEFAULT_LATE_PENALTY_RATE),
  REVENUE_CEILING_EUR: z.coerce.number().int().min(1).default(83_600),
  /** The operator's own CGV (Markdown); unset: the catalogue's default (legal/). */
  CGV_PATH: optionalText,
  QUOTE_VALIDITY_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_QUOTE_VALIDITY_DAYS),
  MEDIATEUR_NOM: optionalText,
  MEDIATEUR_URL: optionalText.pipe(z.url().optional()),
  MEDIATEUR_ADRESSE: optionalText,
  BUSINESS_INSURER: optionalText,
  BUSINESS_INSURANCE_AREA: optionalText,
  RETURN_COST_PER_KM_CENTS: z.coerce.number().int().min(0).max(1000).default(12),
  FUEL_COST_PER_KM_CENTS: z.coerce.number().int().min(0).max(1000).default(11),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('loopback')
    .transform((value): boolean | string | number => {
      if (value === 'true') return true;
      if (value === 'false' || value === '') return false;
      if (/^\d+$/.test(value)) return Number(value);
      return value;
    }),
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(0).default(60),
  DAILY_QUOTE_LIMIT: z.coerce.number().int().min(0).default(100),
  OUTBOX_POLL_MS: z.coerce.number().int().min(0).default(1000),
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).default(120_000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(0).default(30_000),
  RETENTION_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
  RETENTION_SENT_MAIL_DAYS: z.coerce.number().int().min(1).default(30),
  RETENTION_EXPIRED_SESSION_DAYS: z.coerce.number().int().min(0).default(7),
  RETENTION_VERIFICATION_DAYS: z.coerce.number().int().min(0).default(1),
  RETENTION_THROTTLE_HOURS: z.coerce.number().int().min(1).default(24),
  SIGNING_P12_PATH: optionalText,
  SIGNING_P12_PASSWORD: z.string().optional(),
  /** How long the audit journal keeps an entry (audit/): `purgeAuditLog` deletes older ones. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
  ADMIN_IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  REAUTH_MAX_AGE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(5),
  SMS_PROVIDER: z.enum(['files', 'brevo']).default('files'),
  SMS_SENDER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,11}$|^\d{12,15}$/, 'must be 1 to 11 letters or digits, or a number of 12 to 15 digits')
    .default('Convoyage'),
  BREVO_API_KEY: optionalText,
  BREVO_API_URL: z.url().default('https://api.brevo.com/v3'),
  TRACKING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The approved e-invoicing platform (einvoicing/): off unless its five addresses and credentials are set.
  PA_FLOW_URL: optionalText.pipe(z.url().optional()),
  PA_DIRECTORY_URL: optionalText.pipe(z.url().optional()),
  PA_TOKEN_URL: optionalText.pipe(z.url().optional()),
  PA_CLIENT_ID: optionalText,
  PA_CLIENT_SECRET: optionalText,
  PA_SCOPE: optionalText,
  PA_ORGANIZATION_ID: optionalText,
  PA_POLL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  PA_RETRY_BASE_MS: z.coerce.number().int().min(0).default(30_000),
  PA_LEASE_MS: z.coerce.number().int().min(1000).default(120_000),
  PA_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  PA_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  PA_WEBHOOK_SECRET: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  PA_SEND_CASHED_STATUS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => value !== 'false' && value !== '0'),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  publicUrl: string;
  /** Whether PUBLIC_URL was given (else the links of the e-mails point to localhost; « À faire » says so in production). */
  publicUrlSet: boolean;
  adminEmail: string;
  authSecret: string;
  mail: { smtpUrl?: string; from: string };
  /** Text messages: files in DATA_DIR/sms/ by default, or Brevo's API (outbox/sms.ts). */
  sms: SmsConfig;
  /** Live tracking (tracking/): positions are deleted this many days after the delivery. */
  tracking: { retentionDays: number };
  /** The e-mail outbox's worker (outbox/worker.ts). */
  outbox: { pollMs: number; leaseMs: number; maxAttempts: number; retryBaseMs: number };
  /** How long data that serves no one any more is kept before the pruning task removes it (privacy/retention.ts). */
  retention: RetentionPeriods;
  geo: {
    geocoder: 'offline' | 'geoplateforme';
    geoplateformeUrl?: string;
    router: 'offline' | 'geoplateforme' | 'osrm' | 'google';
    geoplateformeRoutingUrl?: string;
    osrmUrl?: string;
    googleMapsApiKey?: string;
  };
  storage:
    | { kind: 'disk'; root: string }
    | {
        kind: 's3';
        bucket: string;
        endpoint?: string;
        region: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
      };
  /** Who sells: the one section every page, PDF, e-mail and Factur-X names the seller from. */
  seller: Seller;
  /** What invoices say of payment (invoices/). */
  invoicing: {
    paymentDays: number;
    latePenaltyRate: string;
    /** The micro-entrepreneur's annual ceiling for services, in cents. */
    revenueCeilingCents: number;
    /** The return trip's cost per km the expected margin assumes until past missions' return expenses tell (expenses/). */
    returnCostPerKmCents: number;
    /** The fuel's cost per km the expected margin assumes when the customer does not pay it at cost (expenses/). */
    fuelCostPerKmCents: number;
  };
  /** Getting paid (payments/): the online provider (none: no « Payer en ligne »), the deposit, the reminders. */
  payments: {
    provider: { kind: 'stripe'; secretKey: string; webhookSecret: string; apiBase: string } | null;
    /** The deposit prefilled at confirmation, in whole per cent (0: none). */
    depositPercent: number;
    /** Days before the due date of the first reminder (0: none before it). */
    reminderBeforeDays: number;
    /** Minutes between two runs of the reminder task (0: never run by the server). */
    reminderIntervalMinutes: number;
  };
  /** Selling within the law (legal/): the CGV, the quote's validity, the consumer mediator, the insurer. */
  legal: {
    cgvPath?: string;
    quoteValidityDays: number;
    mediator: { nom: string; url: string; adresse?: string } | null;
    insurance: { insurer: string; area: string } | null;
  };
  trustProxy: boolean | string | number;
  /** Simulations and distance requests per minute and client (0: no limit). */
  publicRateLimit: number;
  /** Quotes a customer's simulations may save in 24 hours (0: no limit). */
  dailyQuoteLimit: number;
  /** The certificate that seals signed documents (signatures/seal.ts); none: one generated into DATA_DIR. */
  signing: { p12Path?: string; p12Password?: string };
  logLevel: string;
  /** The administrator's idle timeout, and how recent a password or code must be for a sensitive action. */
  sessions: { adminIdleTimeoutMs: number; reauthMaxAgeMs: number };
  /** The approved e-invoicing platform (einvoicing/); `platform` absent: invoices leave by e-mail only and nothing polls. */
  einvoicing: {
    platform?: {
      flowUrl: string;
      directoryUrl: string;
      tokenUrl: string;
      clientId: string;
      clientSecret: string;
      scope?: string;
      organizationId?: string;
      timeoutMs: number;
    };
    /** Seconds between two pollings of lifecycles and incoming flows (0: none, the webhook only). */
    pollSeconds: number;
    retryBaseMs: number;
    leaseMs: number;
    maxAttempts: number;
    /** Checks the signature of the platform's webhook calls; unset: the webhook route answers 404. */
    webhookSecret?: string;
    /** Sends « Encaissée » (212) when a payment settles an invoice (docs/decisions/ says why it is on by default). */
    sendCashedStatus: boolean;
  };
};

export type RetentionPeriods = {
  /** Minutes between two runs of the pruning task; 0: never run by the server. */
  intervalMinutes: number;
  /** Sent or cancelled e-mails, counted from when they were sent (cancelled: created). */
  sentMailDays: number;
  /** Sessions, counted from when they expired. */
  expiredSessionDays: number;
  /** Verification and reset links, counted from when they expired. */
  verificationDays: number;
  /** Sign-in and sign-up counters, counted from the start of their window. */
  throttleHours: number;
  /** Entries of the audit journal (audit/), counted from the event (AUDIT_RETENTION_DAYS). */
  auditDays: number;
};

/** SMS_PROVIDER and its variables (outbox/sms.ts). */
export type SmsConfig =
  { provider: 'files'; dir: string; sender: string } | { provider: 'brevo'; apiKey: string; baseUrl: string; sender: string };

export class ConfigError extends Error {}

/**
 * Parses the environment once at boot. A bad value throws a ConfigError whose message
 * names the variable, e.g. "PORT: Invalid input: expected number, received NaN".
 * `readOnly` (a dry run of a command) creates nothing: neither DATA_DIR nor the session
 * secret, which is then empty unless it exists already.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, { readOnly = false } = {}): Config {
  // In English whatever the app's locale for requests (http/zod-french.ts): the README and these messages are.
  const parsed = envSchema.safeParse(env, { error: z.locales.en().localeError });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (!readOnly) mkdirSync(dataDir, { recursive: true });

  const platformVariables = ['PA_FLOW_URL', 'PA_DIRECTORY_URL', 'PA_TOKEN_URL', 'PA_CLIENT_ID', 'PA_CLIENT_SECRET'] as const;
  const platformSet = platformVariables.filter((name) => e[name] !== undefined);
  if (platformSet.length > 0 && platformSet.length < platformVariables.length) {
    const missing = platformVariables.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid configuration: ${missing.join(', ')}: required with ${platformSet.join(', ')} (the approved platform needs all five)`,
    );
  }

  if (e.ROUTER === 'osrm' && !e.OSRM_URL) {
    throw new ConfigError('Invalid configuration: OSRM_URL: required when ROUTER=osrm');
  }
  if (e.SMS_PROVIDER === 'brevo' && !e.BREVO_API_KEY) {
    throw new ConfigError('Invalid configuration: BREVO_API_KEY: required when SMS_PROVIDER=brevo');
  }
  if (e.CGV_PATH && !existsSync(e.CGV_PATH)) {
    throw new ConfigError(`Invalid configuration: CGV_PATH: no file at ${path.resolve(e.CGV_PATH)}`);
  }
  if (!e.MEDIATEUR_NOM !== !e.MEDIATEUR_URL) {
    throw new ConfigError('Invalid configuration: MEDIATEUR_NOM, MEDIATEUR_URL: set both or neither');
  }
  if (!e.BUSINESS_INSURER !== !e.BUSINESS_INSURANCE_AREA) {
    throw new ConfigError('Invalid configuration: BUSINESS_INSURER, BUSINESS_INSURANCE_AREA: set both or neither');
  }
  if (e.ROUTER === 'google' && !e.GOOGLE_MAPS_API_KEY) {
    throw new ConfigError('Invalid configuration: GOOGLE_MAPS_API_KEY: required when ROUTER=google');
  }

  const wantsStripe = e.PAYMENT_PROVIDER === 'stripe';
  if (wantsStripe && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe');
  }
  if (wantsStripe && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration: STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe');
  }

  const database: Config['database'] = e.DATABASE_URL?.startsWith('postgres')
    ? { kind: 'postgres', url: e.DATABASE_URL }
    : {
        kind: 'sqlite',
        file: e.DATABASE_URL ? path.resolve(e.DATABASE_URL.replace(/^(sqlite|file):(\/\/)?/, '')) : path.join(dataDir, 'convoyage.sqlite'),
      };

  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    adminEmail: e.ADMIN_EMAIL,
    authSecret: e.AUTH_SECRET ?? (readOnly ? readSecret(dataDir) : readOrCreateSecret(dataDir)),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sms:
      e.SMS_PROVIDER === 'brevo'
        ? { provider: 'brevo', apiKey: e.BREVO_API_KEY ?? '', baseUrl: e.BREVO_API_URL, sender: e.SMS_SENDER }
        : { provider: 'files', dir: path.join(dataDir, 'sms'), sender: e.SMS_SENDER },
    tracking: { retentionDays: e.TRACKING_RETENTION_DAYS },
    outbox: {
      pollMs: e.OUTBOX_POLL_MS,
      leaseMs: e.OUTBOX_LEASE_MS,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      retryBaseMs: e.OUTBOX_RETRY_BASE_MS,
    },
    retention: {
      intervalMinutes: e.RETENTION_INTERVAL_MINUTES,
      sentMailDays: e.RETENTION_SENT_MAIL_DAYS,
      expiredSessionDays: e.RETENTION_EXPIRED_SESSION_DAYS,
      verificationDays: e.RETENTION_VERIFICATION_DAYS,
      throttleHours: e.RETENTION_THROTTLE_HOURS,
      auditDays: e.AUDIT_RETENTION_DAYS,
    },
    geo: {
      geocoder: e.GEOCODER,
      geoplateformeUrl: e.GEOPLATEFORME_URL,
      router: e.ROUTER,
      geoplateformeRoutingUrl: e.GEOPLATEFORME_ROUTING_URL,
      osrmUrl: e.OSRM_URL,
      googleMapsApiKey: e.GOOGLE_MAPS_API_KEY,
    },
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'disk', root: path.join(dataDir, 'files') },
    seller: {
      legalName: e.BUSINESS_LEGAL_NAME,
      tradeName: e.BUSINESS_NAME,
      owner: e.BUSINESS_OWNER,
      siret: e.BUSINESS_SIRET,
      siren: e.BUSINESS_SIRET.replace(/\s/g, '').slice(0, 9),
      address: e.BUSINESS_ADDRESS,
      host: e.BUSINESS_HOST,
      email: e.CONTACT_EMAIL,
      phone: e.CONTACT_PHONE,
      vatId: e.BUSINESS_VAT_ID,
      iban: e.BUSINESS_IBAN,
      bic: e.BUSINESS_BIC,
    },
    invoicing: {
      paymentDays: e.INVOICE_PAYMENT_DAYS,
      latePenaltyRate: e.INVOICE_LATE_PENALTY_RATE,
      revenueCeilingCents: e.REVENUE_CEILING_EUR * 100,
      returnCostPerKmCents: e.RETURN_COST_PER_KM_CENTS,
      fuelCostPerKmCents: e.FUEL_COST_PER_KM_CENTS,
    },
    payments: {
      provider: wantsStripe
        ? {
            kind: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            apiBase: (e.STRIPE_API_BASE ?? 'https://api.stripe.com').replace(/\/$/, ''),
          }
        : null,
      depositPercent: e.DEPOSIT_PERCENT,
      reminderBeforeDays: e.REMINDER_BEFORE_DAYS,
      reminderIntervalMinutes: e.REMINDER_INTERVAL_MINUTES,
    },
    legal: {
      cgvPath: e.CGV_PATH ? path.resolve(e.CGV_PATH) : undefined,
      quoteValidityDays: e.QUOTE_VALIDITY_DAYS,
      mediator: e.MEDIATEUR_NOM && e.MEDIATEUR_URL ? { nom: e.MEDIATEUR_NOM, url: e.MEDIATEUR_URL, adresse: e.MEDIATEUR_ADRESSE } : null,
      insurance: e.BUSINESS_INSURER && e.BUSINESS_INSURANCE_AREA ? { insurer: e.BUSINESS_INSURER, area: e.BUSINESS_INSURANCE_AREA } : null,
    },
    trustProxy: e.TRUST_PROXY,
    publicRateLimit: e.PUBLIC_RATE_LIMIT,
    dailyQuoteLimit: e.DAILY_QUOTE_LIMIT,
    signing: { p12Path: e.SIGNING_P12_PATH ? path.resolve(e.SIGNING_P12_PATH) : undefined, p12Password: e.SIGNING_P12_PASSWORD },
    logLevel: e.LOG_LEVEL,
    sessions: { adminIdleTimeoutMs: e.ADMIN_IDLE_TIMEOUT_MINUTES * 60_000, reauthMaxAgeMs: e.REAUTH_MAX_AGE_MINUTES * 60_000 },
    einvoicing: {
      platform:
        e.PA_FLOW_URL && e.PA_DIRECTORY_URL && e.PA_TOKEN_URL && e.PA_CLIENT_ID && e.PA_CLIENT_SECRET
          ? {
              flowUrl: e.PA_FLOW_URL,
              directoryUrl: e.PA_DIRECTORY_URL,
              tokenUrl: e.PA_TOKEN_URL,
              clientId: e.PA_CLIENT_ID,
              clientSecret: e.PA_CLIENT_SECRET,
              scope: e.PA_SCOPE,
              organizationId: e.PA_ORGANIZATION_ID,
              timeoutMs: e.PA_TIMEOUT_MS,
            }
          : undefined,
      pollSeconds: e.PA_POLL_SECONDS,
      retryBaseMs: e.PA_RETRY_BASE_MS,
      leaseMs: e.PA_LEASE_MS,
      maxAttempts: e.PA_MAX_ATTEMPTS,
      webhookSecret: e.PA_WEBHOOK_SECRET,
      sendCashedStatus: e.PA_SEND_CASHED_STATUS,
    },
  };
}

function readSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
}

/** Several instances share one secret: it lives in DATA_DIR unless AUTH_SECRET is set. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another instance starting at the same moment wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}

/**
 * The seller (config.seller) with his mediator, insurer and terms, as the CGV, the quote PDF
 * and the withdrawal form state them (docs/decisions/0060, 0070).
 */
export function legalFacts(config: Config): LegalFacts {
  return {
    seller: config.seller,
    mediator: config.legal.mediator,
    insurance: config.legal.insurance,
    quoteValidityDays: config.legal.quoteValidityDays,
    paymentDays: config.invoicing.paymentDays,
    latePenaltyRate: config.invoicing.latePenaltyRate,
    trackingRetentionDays: config.tracking.retentionDays,
  };
}

/** What the browser may know of the configuration. */
export function publicConfig(config: Config): PublicConfig & { privacy: PrivacyFacts; mediator: Config['legal']['mediator'] } {
  const { seller } = config;
  return {
    contact: { email: seller.email, phone: seller.phone },
    business: {
      name: seller.tradeName,
      legalName: seller.legalName,
      owner: seller.owner,
      siret: seller.siret,
      address: seller.address,
      host: seller.host,
    },
    privacy: privacyFacts(config),
    mediator: config.legal.mediator,
  };
}

/** The host of a URL, never its credentials or path (SMTP_URL holds a password). */
const hostOf = (url: string | undefined, fallback: string) => {
  if (!url) return fallback;
  try {
    return new URL(url).hostname || fallback;
  } catch {
    return fallback;
  }
};

/**
 * The outside services that receive personal data under this configuration, by host name
 * (the privacy page names them), and the retention periods.
 */
export function privacyFacts(config: Config): PrivacyFacts {
  const { geo, mail, storage, retention, sms, tracking } = config;
  const router = {
    offline: null,
    geoplateforme: hostOf(geo.geoplateformeRoutingUrl, 'data.geopf.fr'),
    osrm: hostOf(geo.osrmUrl, 'osrm'),
    google: 'routes.googleapis.com',
  }[geo.router];
  return {
    processors: {
      geocoder: geo.geocoder === 'geoplateforme' ? hostOf(geo.geoplateformeUrl, 'data.geopf.fr') : null,
      router,
      smtp: mail.smtpUrl ? hostOf(mail.smtpUrl, 'smtp') : null,
      s3: storage.kind === 's3' ? hostOf(storage.endpoint, `s3.${storage.region}.amazonaws.com`) : null,
      sms: sms.provider === 'brevo' ? hostOf(sms.baseUrl, 'api.brevo.com') : null,
    },
    retention: {
      sentMailDays: retention.sentMailDays,
      expiredSessionDays: retention.expiredSessionDays,
      verificationDays: retention.verificationDays,
      throttleHours: retention.throttleHours,
      auditDays: retention.auditDays,
      trackingDays: tracking.retentionDays,
    },
  };
}

/** Whether an address is the administrator's (`ADMIN_EMAIL`), however it is written. */
export function isAdminEmail(config: Pick<Config, 'adminEmail'>, email: string | null | undefined): boolean {
  return !!email && email.trim().toLowerCase() === config.adminEmail;
}
