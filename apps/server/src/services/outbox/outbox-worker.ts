import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type DeliveryPolicy, deliverDueMessages, type Transports } from './deliver-due-messages';

export interface OutboxWorker {
  /** Runs one delivery round now (tests and shutdown use it). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Polls the outbox while the server runs. A channel without a transport keeps its messages in the outbox. */
export function startOutboxWorker(
  db: Db,
  transports: Transports,
  policy: DeliveryPolicy & { pollMs: number },
  log: FastifyBaseLogger,
): OutboxWorker {
  let running: Promise<number> | null = null;
  const runOnce = (): Promise<number> => {
    if (running) return running;
    const round = deliverDueMessages(db, transports, policy)
      .catch((error: unknown) => {
        log.error({ err: error }, 'outbox delivery round failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    running = round;
    return round;
  };
  const timer = transports.email || transports.sms ? setInterval(() => void runOnce(), policy.pollMs) : null;
  timer?.unref();
  return {
    runOnce,
    async stop() {
      if (timer) clearInterval(timer);
      await running;
      transports.email?.close();
    },
  };
}
