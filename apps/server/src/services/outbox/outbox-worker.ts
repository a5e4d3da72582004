import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { MailTransport } from '../../integrations/mail/mail-transport';
import { type DeliveryPolicy, deliverDueEmails } from './deliver-due-messages';

export interface OutboxWorker {
  /** Runs one delivery round now (tests and shutdown use it). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Polls the outbox while the server runs. Without a transport, messages stay in the outbox (dev mailbox). */
export function startOutboxWorker(
  db: Db,
  transport: MailTransport | null,
  policy: DeliveryPolicy & { pollMs: number },
  log: FastifyBaseLogger,
): OutboxWorker {
  let running: Promise<number> | null = null;
  const runOnce = (): Promise<number> => {
    if (!transport) return Promise.resolve(0);
    running ??= deliverDueEmails(db, transport, policy)
      .catch((error: unknown) => {
        log.error({ err: error }, 'outbox delivery round failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = transport ? setInterval(() => void runOnce(), policy.pollMs) : null;
  timer?.unref();
  return {
    runOnce,
    async stop() {
      if (timer) clearInterval(timer);
      await running;
      transport?.close();
    },
  };
}
