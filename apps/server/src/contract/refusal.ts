import type { FastifyReply } from 'fastify';

/**
 * A refusal in the portal's envelope from a route that answers a machine, not a person (a PSP's or the card
 * gateway's webhook): they read only the status, but every refusal the server makes has the same shape.
 */
export const refuse = (reply: FastifyReply, status: number, mensagem: string) =>
  reply.code(status).send({ retorno: false, dados: null, mensagem });
