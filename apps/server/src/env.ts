import { z } from 'zod';

// Typed environment, validated once at start-up so a bad setting fails fast with a clear message.
const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO: z.enum(['auto', 'off', 'force']).default('auto'),
  PARTNER_HOSTS: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Portal de Negociação <nao-responda@portal.localhost>'),
  REDIS_URL: z.string().url().optional(),
  TRUST_PROXY: booleanFlag,
  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(2000),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
  WEB_DIST_DIR: z.string().optional(),
});

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
