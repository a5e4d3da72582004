import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { clientKey } from '@portal/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import { registerAdminRoutes } from './contract/admin-routes';
import { agreementActions } from './contract/agreement-actions';
import { agreementSendingActions } from './contract/agreement-sending-actions';
import { registerCardRoutes } from './contract/card-routes';
import { cepActions } from './contract/cep-actions';
import { companyActions } from './contract/company-actions';
import { creditorActions } from './contract/creditor-actions';
import { debtActions } from './contract/debt-actions';
import { registerDevMailbox } from './contract/dev-mailbox';
import { faqActions } from './contract/faq-actions';
import { registerFileRoutes } from './contract/file-routes';
import { identificationActions } from './contract/identification-actions';
import { registerJobRoutes } from './contract/job-routes';
import { leadActions } from './contract/lead-actions';
import { registerLifecycleRoutes } from './contract/lifecycle-routes';
import { myDataActions } from './contract/my-data-routes';
import { registerNoScriptFormRoutes } from './contract/no-script-form-routes';
import { registerPartnerRoutes } from './contract/partner-routes';
import { registerPixRoutes } from './contract/pix-routes';
import { registerPortalApi } from './contract/portal-api';
import { privacyActions } from './contract/privacy-actions';
import { secondCopyActions } from './contract/second-copy-actions';
import { installStaffAuth } from './contract/staff-auth';
import { registerWebRoutes } from './contract/web-routes';
import type { Database } from './db/client';
import type { Env } from './env';
import { localStageCalculator } from './integrations/calculation/local-stage-calculator';
import { httpStageCalculator } from './integrations/calculation/stage-calculator';
import { createAltchaChallenge } from './integrations/captcha/altcha';
import { configuredCardGateway } from './integrations/card-gateway/configured-gateway';
import { localCepLookup, viaCepLookup } from './integrations/cep/cep-lookup';
import { type MailTransport, smtpTransport } from './integrations/mail/mail-transport';
import { createPixServices } from './integrations/payments/pix-api/pix-services';
import {
  memoryRateLimiter,
  REDIS_LIMIT_OPTIONS,
  rateLimitStore,
  redisRateLimiter,
} from './integrations/rate-limiter';
import { type SmsSender, zenviaSmsSender } from './integrations/sms/sms-sender';
import { scrubLogLine } from './log-scrubbing';
import debtorSession from './plugins/debtor-session';
import { installErrorHandler, refuseUrl } from './plugins/error-handler';
import tenant from './plugins/tenant';
import { SCHEDULED_JOBS } from './scheduler/jobs';
import { type Scheduler, startScheduler } from './scheduler/scheduler';
import { cvDirOf } from './services/jobs/cv-files';
import { type OutboxWorker, startOutboxWorker } from './services/outbox/outbox-worker';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
    scheduler: Scheduler;
  }
}

export interface AppDependencies {
  env: Env;
  database: Database;
  /** Overrides the transport chosen from SMTP_URL (tests); null keeps messages in the outbox. */
  mailTransport?: MailTransport | null;
  /** Overrides the SMS sender chosen from ZENVIA_API_TOKEN (tests); null keeps SMS in the outbox. */
  smsSender?: SmsSender | null;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

// Third parties the partner's own analytics need, loaded only after cookie consent (spec 000 §4).
const ANALYTICS_SCRIPT_HOSTS = [
  'https://connect.facebook.net',
  'https://static.hotjar.com',
  'https://script.hotjar.com',
];
// Hosted robot checks a partner group may use instead of ALTCHA (Turnstile, reCAPTCHA, hCaptcha).
const CAPTCHA_HOSTS = [
  'https://challenges.cloudflare.com',
  'https://www.google.com',
  'https://www.gstatic.com',
  'https://js.hcaptcha.com',
  'https://*.hcaptcha.com',
];
const ANALYTICS_CONNECT_HOSTS = [
  'https://*.hotjar.com',
  'https://*.hotjar.io',
  'wss://*.hotjar.com',
  'https://www.facebook.com',
];

/**
 * The headers a middleware sets on a response, which must not depend on the request: helmet's with directives that
 * are all strings (no nonce function). It runs once here, on a response that only records them.
 */
function headersSetBy(
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void headers.push([name, value]),
    // X-Powered-By, which Node never sets.
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/** A readiness probe answers within a second: false when the dependency is down or too slow. */
function withinReadinessTimeout(check: Promise<boolean>): Promise<boolean> {
  const timeout = new Promise<boolean>((resolve) => setTimeout(resolve, 1000, false).unref());
  return Promise.race([check.catch(() => false), timeout]);
}

export async function buildApp({
  env,
  database,
  mailTransport,
  smsSender,
  logStream,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : { level: env.LOG_LEVEL, hooks: { streamWrite: scrubLogLine }, stream: logStream },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1_048_576,
    frameworkErrors: refuseUrl,
  });
  const { db } = database;

  // Helmet's middleware built once (decision 011: @fastify/helmet builds it again on every request).
  const helmetMiddleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          ...ANALYTICS_SCRIPT_HOSTS,
          ...CAPTCHA_HOSTS,
          ...env.CARD_FINGERPRINT_SCRIPT_HOSTS,
        ],
        // The card gateway's tokenisation endpoint, only when a real one is configured (the sandbox is 'self').
        connectSrc: [
          "'self'",
          ...ANALYTICS_CONNECT_HOSTS,
          'https://*.hcaptcha.com',
          ...(env.CARD_GATEWAY_URL ? [new URL(env.CARD_GATEWAY_URL).origin] : []),
        ],
        imgSrc: ["'self'", 'data:', 'https://www.facebook.com', 'https://*.hotjar.com'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://*.hcaptcha.com'],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ['https://*.hotjar.com', ...CAPTCHA_HOSTS],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Plain-HTTP development hosts (acme.portal.localhost) would break if every request were upgraded.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Its headers are the same on every answer: taken from it once and set as they are (decision 039).
  const securityHeaders = headersSetBy(helmetMiddleware);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });
  // Shared by the per-route flood guard and the identification limits, so several processes count together. A call
  // to an unreachable Redis fails at once (no offline queue) or after REDIS_LIMIT_OPTIONS.commandTimeout.
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, REDIS_LIMIT_OPTIONS) : null;
  if (redis) {
    // ioredis reconnects by itself; an outage is seen by the calls (503) and /readyz, not as an unhandled error.
    redis.on('error', (error: Error) => app.log.warn({ err: error.message }, 'redis unavailable'));
    await redis.connect().catch(() => undefined);
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  }
  const limiter = redis ? redisRateLimiter(redis) : memoryRateLimiter();
  await app.register(rateLimit, {
    global: false,
    // By client (an IPv4 address, an IPv6 /64: decision 096); route keys add the action to it.
    keyGenerator: (request) => clientKey(request.ip),
    allowList: (request) => env.RATE_LIMIT_ALLOWLIST.includes(request.ip),
    store: rateLimitStore(limiter),
  });
  // Pages and API answers; built assets are sent precompressed by @fastify/static. An answer up to 64 KB is compressed
  // in one call: the default limit on a 2-core host (8 KB) sent the debt listing (about 10 KB) through a zlib stream
  // of its own, which cost a browser's listing 0.65 ms of server CPU against 0.4 ms (docs/performance.md).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], syncThreshold: 65_536 });
  await app.register(formbody);
  await app.register(tenant, {
    db,
    partnerHosts: env.PARTNER_HOSTS,
    partnerCacheSeconds: env.PARTNER_CACHE_SECONDS,
  });
  // In production the session cookie is always Secure; elsewhere on HTTPS requests (TLS here or at a trusted proxy).
  await app.register(debtorSession, {
    db,
    secureCookies: env.COOKIE_SECURE || env.NODE_ENV === 'production',
  });
  installErrorHandler(app);

  // Answers that carry a person's data must not be kept by a browser or a proxy: every answer that sets no cache
  // policy of its own (API calls, files, errors) is no-store; pages and public assets set theirs.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // Before any route: the staff guard's audit hook must see every staff call, the api.php ones too.
  installStaffAuth(app, db);

  // Liveness: the process answers. Readiness: its database and, when configured, the limits' Redis answer too.
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const [databaseUp, redisUp] = await Promise.all([
      withinReadinessTimeout(database.ping().then(() => true)),
      redis ? withinReadinessTimeout(limiter.ping()) : Promise.resolve(null),
    ]);
    const ready = databaseUp && redisUp !== false;
    return reply.code(ready ? 200 : 503).send({
      status: ready ? 'ready' : 'unavailable',
      database: databaseUp ? database.kind : 'unreachable',
      redis: redisUp === null ? 'not-configured' : redisUp ? 'ok' : 'unreachable',
    });
  });

  // Without a configured secret each process signs its own challenges, which is right for a single process.
  const altchaSecret = env.CAPTCHA_HMAC_SECRET ?? randomBytes(32).toString('hex');
  app.get('/api/captcha/altcha', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return createAltchaChallenge({ secret: altchaSecret, maxNumber: env.CAPTCHA_MAX_NUMBER });
  });
  const stageCalculator = env.STAGE_CALCULATION_HOST
    ? httpStageCalculator({ host: env.STAGE_CALCULATION_HOST, token: env.STAGE_CALCULATION_TOKEN })
    : localStageCalculator(db);
  const cepLookup = env.CEP_SERVICE_URL
    ? viaCepLookup({ baseUrl: env.CEP_SERVICE_URL, timeoutMs: env.CEP_TIMEOUT_MS })
    : localCepLookup();
  // The store's `provedor_pagamento` picks one; the local provider is every store's default. Its PIX charges go to
  // the local PSP this process hosts, which notifies this app's webhook in-process (decision 020).
  const pix = await createPixServices({
    db,
    env,
    log: app.log,
    deliver: async (url, body) =>
      (await app.inject({ method: 'POST', url: new URL(url).pathname, payload: body as object })).statusCode,
  });
  app.addHook('onClose', pix.close);
  const paymentProviders = pix.providers;
  registerPixRoutes(app, {
    db,
    webhookSecret: pix.webhookSecret,
    localPsp: pix.localPsp,
    sandbox: env.NODE_ENV !== 'production',
  });
  const cardGateway = await configuredCardGateway(app, env);
  registerPortalApi(app, db, {
    ...identificationActions(app, { db, env, limiter, altchaSecret }),
    ...debtActions(app, {
      db,
      stageCalculator,
      planTtlMinutes: env.PLAN_TTL_MINUTES,
      cardGateway,
      providers: paymentProviders,
    }),
    ...secondCopyActions(app, { db, providers: paymentProviders }),
    ...agreementActions(app, { db, providers: paymentProviders, cardGateway }),
    ...agreementSendingActions(app, { db, limiter, sendsPerDay: env.LIMIT_AGREEMENT_SENDS_PER_DAY }),
    ...myDataActions(app, db),
    ...faqActions(app, db),
    ...leadActions(app, db),
    ...privacyActions(app, db),
    ...cepActions(cepLookup),
    ...companyActions(db),
    ...creditorActions(app, { db, publicUrlTemplate: env.PUBLIC_URL_TEMPLATE }),
  });
  registerPartnerRoutes(app, db);
  registerFileRoutes(app, db);
  registerCardRoutes(app, {
    db,
    gateway: cardGateway,
    webhookAuth:
      env.CARD_WEBHOOK_USER && env.CARD_WEBHOOK_PASSWORD
        ? { user: env.CARD_WEBHOOK_USER, password: env.CARD_WEBHOOK_PASSWORD }
        : null,
  });
  registerLifecycleRoutes(app, db);
  await registerAdminRoutes(
    app,
    { db, env, limiter, altchaSecret, providers: paymentProviders },
    { database, uploadDir: resolve(env.DATA_DIR, 'uploads', 'importacoes') },
  );
  // After the admin routes: the staff calls of the job form use the staff guard they install.
  await registerJobRoutes(app, { db, cvDir: cvDirOf(env.DATA_DIR) });
  if (env.NODE_ENV !== 'production') registerDevMailbox(app, db);
  registerNoScriptFormRoutes(app);
  await registerWebRoutes(app, db, env.WEB_DIST_DIR ?? defaultWebDist);

  const transport =
    mailTransport !== undefined ? mailTransport : env.SMTP_URL ? smtpTransport(env.SMTP_URL) : null;
  const sms =
    smsSender !== undefined
      ? smsSender
      : env.ZENVIA_API_TOKEN
        ? zenviaSmsSender({
            apiToken: env.ZENVIA_API_TOKEN,
            from: env.ZENVIA_SMS_FROM,
            url: env.ZENVIA_API_URL,
          })
        : null;
  app.decorate(
    'outbox',
    startOutboxWorker(
      db,
      { email: transport, sms },
      {
        from: env.MAIL_FROM,
        retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
        maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
        batchSize: 10,
        pollMs: env.OUTBOX_POLL_MS,
      },
      app.log,
    ),
  );
  app.decorate(
    'scheduler',
    startScheduler(
      {
        database,
        providers: paymentProviders,
        pix: { gatewayFor: pix.gatewayFor, afterMinutes: env.PIX_RECONCILE_AFTER_MINUTES },
        cardGateway,
        log: app.log,
        cvDir: cvDirOf(env.DATA_DIR),
      },
      SCHEDULED_JOBS,
      env.SCHEDULER_POLL_MS,
    ),
  );
  app.addHook('onClose', async () => {
    await app.scheduler.stop();
    await app.outbox.stop();
  });
  return app;
}
