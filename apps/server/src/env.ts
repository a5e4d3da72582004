import { isIP } from 'node:net';
import { z } from 'zod';

// Typed environment, validated once at start-up so a bad setting fails fast with a clear message.
const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** A comma-separated list, empty by default. */
const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** An IPv4 or IPv6 address, or a CIDR block of them (10.0.0.0/8, fd00::/8). */
function isAddressOrCidr(item: string): boolean {
  const [address = '', prefix, ...rest] = item.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * Whose X-Forwarded-For / -Proto to believe (Fastify's trustProxy): true, any peer's (the server reachable by the
 * proxy alone); false, none; or a comma-separated list of the proxies' addresses and CIDR blocks.
 */
const trustedProxies = z
  .string()
  .optional()
  .transform((value, ctx): boolean | string[] => {
    const text = (value ?? '').trim();
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0' || text === '') return false;
    const items = text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const wrong = items.filter((item) => !isAddressOrCidr(item));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `true, false or a comma-separated list of addresses and CIDR blocks; not: ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    return items;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Listen address; unset: every interface in production, only this machine otherwise (the dev mailbox). */
    HOST: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default('./data'),
    SEED_DEMO: z.enum(['auto', 'off', 'force']).default('auto'),
    PARTNER_HOSTS: z.string().optional(),
    /** Seconds a server process keeps a partner's row and configuration in memory; 0 reads them on every call. */
    PARTNER_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Portal de Negociação <nao-responda@portal.localhost>'),
    REDIS_URL: z.string().url().optional(),
    TRUST_PROXY: trustedProxies,
    OUTBOX_POLL_MS: z.coerce.number().int().positive().default(2000),
    OUTBOX_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
    /** How often each server process looks for due scheduled jobs (overdue, settlements, broken agreements); 0: never. */
    SCHEDULER_POLL_MS: z.coerce.number().int().min(0).default(60_000),
    WEB_DIST_DIR: z.string().optional(),
    /** Address of a partner's portal in links sent by e-mail; {partner} is replaced by the identifier. */
    PUBLIC_URL_TEMPLATE: z.string().optional(),
    /** Cookies get the Secure flag (set when the portal is served over HTTPS). */
    COOKIE_SECURE: booleanFlag,
    /** Secret that signs robot-check challenges; random per process when unset (fine for one process). */
    CAPTCHA_HMAC_SECRET: z.string().min(16).optional(),
    /** ALTCHA difficulty: the solution is a counter below this number (higher is slower for the phone). */
    CAPTCHA_MAX_NUMBER: z.coerce.number().int().positive().default(50_000),
    TURNSTILE_SECRET_KEY: z.string().optional(),
    RECAPTCHA_SECRET_KEY: z.string().optional(),
    HCAPTCHA_SECRET_KEY: z.string().optional(),
    /** Verify endpoints of the hosted robot checks (overridable for tests against a local server). */
    TURNSTILE_VERIFY_URL: z
      .string()
      .url()
      .default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
    RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
    HCAPTCHA_VERIFY_URL: z.string().url().default('https://api.hcaptcha.com/siteverify'),
    /** Zenvia SMS API token; without it SMS stay in the outbox (development mailbox). */
    ZENVIA_API_TOKEN: z.string().optional(),
    ZENVIA_SMS_FROM: z.string().default('portal'),
    ZENVIA_API_URL: z.string().url().default('https://api.zenvia.com/v2/channels/sms/messages'),
    /** Client addresses never rate limited by the HTTP layer (a load generator of our own); comma-separated. */
    RATE_LIMIT_ALLOWLIST: commaList,
    /** Stage mode (flgPortalUsaStage): host of the external calculation service; unset uses the local calculator. */
    STAGE_CALCULATION_HOST: z.string().url().optional(),
    STAGE_CALCULATION_TOKEN: z.string().optional(),
    /** CEP lookup service (ViaCEP's format, e.g. https://viacep.com.br); unset answers from a small built-in table. */
    CEP_SERVICE_URL: z.string().url().optional(),
    /** Milliseconds a CEP lookup may take before the form is cleared for the person to type the address. */
    CEP_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    /** Minutes a computed plan (pre_acordo) stays valid for its session. */
    PLAN_TTL_MINUTES: z.coerce.number().int().positive().default(30),
    /** Anti-automation limits (GUIDE security principles), per window of LIMIT_WINDOW_MINUTES. */
    LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(10),
    LIMIT_LOGIN_PER_IP: z.coerce.number().int().positive().default(30),
    LIMIT_LOGIN_PER_DOCUMENT: z.coerce.number().int().positive().default(10),
    LIMIT_FIRST_ACCESS_PER_IP: z.coerce.number().int().positive().default(10),
    LIMIT_SMS_PER_PHONE: z.coerce.number().int().positive().default(3),
    LIMIT_PHONE_CHANGE_PER_DOCUMENT: z.coerce.number().int().positive().default(3),
    TOKEN_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
    /** Meus Acordos: sends of boletos or the confession term a person may make per channel (e-mail, SMS) a day. */
    LIMIT_AGREEMENT_SENDS_PER_DAY: z.coerce.number().int().positive().default(10),
    /** Back office: hours a staff access token lives; login attempts per client address and per user name a window. */
    STAFF_TOKEN_HOURS: z.coerce.number().positive().max(720).default(8),
    LIMIT_STAFF_LOGIN_PER_IP: z.coerce.number().int().positive().default(20),
    LIMIT_STAFF_LOGIN_PER_USER: z.coerce.number().int().positive().default(5),
    /**
     * Card gateway (decision 023): Pagar.me Core API v5 base URL (https://api.pagar.me/core/v5) and its keys. Unset
     * outside production: the portal serves a local sandbox gateway at /sandbox-gateway; in production, no card.
     */
    CARD_GATEWAY_URL: z.string().url().optional(),
    CARD_GATEWAY_SECRET_KEY: z.string().optional(),
    CARD_GATEWAY_PUBLIC_KEY: z.string().optional(),
    /** Milliseconds a charge may take before the person is told it is pending (a lookup or webhook settles it). */
    CARD_GATEWAY_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
    /** HTTP Basic credentials the gateway's webhook URL is configured with; the webhook route exists only with them. */
    CARD_WEBHOOK_USER: z.string().optional(),
    CARD_WEBHOOK_PASSWORD: z.string().min(16).optional(),
    /** Hosts (https://...) the partners' device fingerprint scripts may come from (CSP script-src); comma-separated. */
    CARD_FINGERPRINT_SCRIPT_HOSTS: commaList,
    /** Sandbox gateway: how long its slow test card's answer takes (longer than CARD_GATEWAY_TIMEOUT_MS to show a timeout). */
    SANDBOX_GATEWAY_SLOW_MS: z.coerce.number().int().positive().default(30_000),
    /** Server processes sharing the port (node:cluster); more than 1 needs DATABASE_URL and REDIS_URL. */
    SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
    /** Signs the per-store PIX webhook paths (/webhooks/pix/{token}/pix); required in production; see .env.example. */
    PIX_WEBHOOK_SECRET: z.string().min(16).optional(),
    /** The portal's address as PSPs reach it, for the webhook URLs registered with them. */
    PIX_WEBHOOK_BASE_URL: z.string().url().optional(),
    /** The address of the server's own local PSP (/psp-local) in the BR Codes of the default provider. */
    LOCAL_PSP_PUBLIC_URL: z.string().url().optional(),
    /** Reconciliation asks the PSP about a PIX charge still open this many minutes after issuing it. */
    PIX_RECONCILE_AFTER_MINUTES: z.coerce.number().int().positive().default(30),
  })
  .refine((env) => !env.CARD_GATEWAY_URL || (env.CARD_GATEWAY_SECRET_KEY && env.CARD_GATEWAY_PUBLIC_KEY), {
    path: ['CARD_GATEWAY_URL'],
    message: 'a card gateway needs CARD_GATEWAY_SECRET_KEY and CARD_GATEWAY_PUBLIC_KEY',
  })
  // Every process (each server, the payments command) must sign the same webhook paths the PSPs were given.
  .refine((env) => env.NODE_ENV !== 'production' || env.PIX_WEBHOOK_SECRET, {
    path: ['PIX_WEBHOOK_SECRET'],
    message: 'production needs PIX_WEBHOOK_SECRET (16+ characters), the same in every process',
  })
  // PGlite is one process's database; rate limits counted in each process's memory would multiply by the count.
  .refine((env) => env.SERVER_PROCESSES === 1 || (env.DATABASE_URL && env.REDIS_URL), {
    path: ['SERVER_PROCESSES'],
    message: 'more than one server process needs DATABASE_URL (PostgreSQL) and REDIS_URL',
  })
  .transform((env) => ({
    ...env,
    // Outside production nothing but this machine reaches the server unless HOST says otherwise: the development
    // mailbox shows other people's login codes and links.
    HOST: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    // E-mailed links reach the port the server really listens on.
    PUBLIC_URL_TEMPLATE: env.PUBLIC_URL_TEMPLATE ?? `http://{partner}.portal.localhost:${env.PORT}`,
    PIX_WEBHOOK_BASE_URL: env.PIX_WEBHOOK_BASE_URL ?? `http://localhost:${env.PORT}`,
    LOCAL_PSP_PUBLIC_URL: env.LOCAL_PSP_PUBLIC_URL ?? `http://localhost:${env.PORT}/psp-local`,
  }));

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty value (as in a copied .env.example) means "use the default".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
