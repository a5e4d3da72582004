import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from './envelope';

/** One api.php action: parses its body, calls one use case, answers the envelope. */
export interface ActionDefinition {
  handler: (request: FastifyRequest, body: unknown, reply: FastifyReply) => Promise<Envelope>;
  /** Requests per minute per client address for this action (a coarse flood guard; use cases add finer limits). */
  perMinute: number;
}
