import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { PixApiStoreConfig } from '../../../db/schema';
import type { Env } from '../../../env';
import { findStore, type StoreRow } from '../../../repositories/debt-repository';
import { storePixKey } from '../../../repositories/pix-charge-repository';
import { pixWebhookToken } from '../../../services/payments/pix-webhook-token';
import type { PaymentsLog } from '../../../services/payments/record-pix-payments';
import { localBoletoIssuer } from '../local-provider';
import type { PaymentProvider } from '../payment-provider';
import { type PixApiClient, pixApiClient } from './client';
import { cobvPaymentProvider, type PixGateway } from './cobv-provider';
import { inProcessHttp, mutualTlsHttp } from './http';
import { buildLocalPsp } from './local-psp';

// The PIX side of the payment providers (decision 020): the 'local' provider's charges go to the local PSP this
// process hosts, a 'pix-api' store's to its own PSP through the API Pix adapter; both issue boletos locally.

/** Providers whose PIX charges are cobv at a PSP (reconciliation asks about theirs). */
export const COBV_PROVIDERS = ['local', 'pix-api'] as const;

/** Outside production a fixed secret keeps the demo's webhook paths valid across restarts; env.ts requires one in production. */
const DEVELOPMENT_WEBHOOK_SECRET = 'development-only-pix-webhook-secret';

export type PixEnv = Pick<
  Env,
  'PIX_WEBHOOK_SECRET' | 'PIX_WEBHOOK_BASE_URL' | 'LOCAL_PSP_PUBLIC_URL' | 'PIX_RECONCILE_AFTER_MINUTES'
>;

export interface PixServices {
  providers: Map<string, PaymentProvider>;
  gatewayFor(storeId: number): Promise<PixGateway>;
  localPsp: FastifyInstance;
  webhookSecret: string;
  close(): Promise<void>;
}

/** The client secret a store's configuration names: an environment variable or a file, never the value itself. */
function clientSecret(config: PixApiStoreConfig, env: NodeJS.ProcessEnv): string {
  const secret = config.clientSecretEnv
    ? env[config.clientSecretEnv]
    : config.clientSecretFile
      ? readFileSync(config.clientSecretFile, 'utf8').trim()
      : undefined;
  if (!secret) throw new Error('API Pix client secret not found (clientSecretEnv or clientSecretFile)');
  return secret;
}

/** One value per store, made again when what it is made of (`of`) changes: a PSP client, a webhook registration. */
function perStore<T>() {
  const made = new Map<number, { of: string; value: T }>();
  return {
    get(storeId: number, of: string, make: () => T): T {
      const found = made.get(storeId);
      if (found?.of === of) return found.value;
      const value = make();
      made.set(storeId, { of, value });
      return value;
    },
    /** Forgets `value` unless something newer replaced it. */
    forget(storeId: number, value: T): void {
      if (made.get(storeId)?.value === value) made.delete(storeId);
    },
  };
}

export async function createPixServices(options: {
  db: Db;
  env: PixEnv;
  log: PaymentsLog;
  /** How the local PSP delivers webhooks (the portal in-process); defaults to HTTP. */
  deliver?: (url: string, body: unknown) => Promise<number>;
  processEnv?: NodeJS.ProcessEnv;
}): Promise<PixServices> {
  const { db, env } = options;
  const webhookSecret = env.PIX_WEBHOOK_SECRET ?? DEVELOPMENT_WEBHOOK_SECRET;

  // The in-process PSP and its one client share a secret that never leaves this process.
  const localSecret = randomBytes(24).toString('base64url');
  const localPsp = await buildLocalPsp({
    db,
    clients: { portal: localSecret },
    publicUrl: env.LOCAL_PSP_PUBLIC_URL!,
    deliver: options.deliver,
  });
  const localClient = pixApiClient({
    baseUrl: 'http://local-psp',
    clientId: 'portal',
    clientSecret: localSecret,
    http: inProcessHttp(localPsp),
  });
  const clients = perStore<PixApiClient>();
  const configuredClient = (store: StoreRow): PixApiClient => {
    const config = store.pixApi;
    if (!config) throw new Error(`Store ${store.id} uses 'pix-api' without its pix_api configuration`);
    return clients.get(store.id, JSON.stringify(config), () =>
      pixApiClient({
        baseUrl: config.baseUrl,
        clientId: config.clientId,
        clientSecret: clientSecret(config, options.processEnv ?? process.env),
        http: mutualTlsHttp(config),
      }),
    );
  };

  // What this process registered at the PSPs, by store (decision 089).
  const webhooks = perStore<Promise<void>>();
  const gatewayFor = async (storeId: number): Promise<PixGateway> => {
    const store = await findStore(db, storeId);
    if (!store) throw new Error(`No store ${storeId}`);
    const pixApi = store.paymentProvider === 'pix-api';
    const client = pixApi ? configuredClient(store) : localClient;
    const webhookUrl = `${env.PIX_WEBHOOK_BASE_URL!.replace(/\/+$/, '')}/webhooks/pix/${pixWebhookToken(webhookSecret, store.id)}`;
    const key = storePixKey(store);
    return {
      client,
      key,
      registerWebhook: () => {
        // Registered again when the store's key, PSP access or path differs from what this process registered.
        const registration = JSON.stringify([pixApi ? store.pixApi : 'local', key, webhookUrl]);
        return webhooks.get(store.id, registration, () => {
          const registered = client.putWebhook(key, webhookUrl);
          // A failed registration is tried again with the next charge (reconciliation covers the charges in between).
          registered.catch(() => webhooks.forget(store.id, registered));
          return registered;
        });
      },
    };
  };

  const issueBoleto = localBoletoIssuer(db);
  const providers = new Map<string, PaymentProvider>(
    COBV_PROVIDERS.map((name) => [name, cobvPaymentProvider({ name, db, gatewayFor, issueBoleto })]),
  );
  return { providers, gatewayFor, localPsp, webhookSecret, close: () => localPsp.close() };
}
