import { fieldErrorsOf } from '@portal/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { isPageRequest } from '../contract/page-request';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { AppError, errorResponse } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a body over this route's bodyLimit means, said instead of BODY_TOO_LARGE (a CV, a form's images). */
    bodyTooLarge?: AppError;
    /**
     * A form a page posts without its script (decision 006): a body over the limit is answered as the route answers
     * other bad input (back to the page), not in the envelope, which that browser would show as raw JSON.
     */
    bodyTooLargeAnswer?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}

/** Said for a request Fastify itself refuses (a body that is no JSON, a content type no route takes, ...). */
const BAD_REQUEST = 'Requisição inválida.';

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  details: unknown,
) {
  // The admin API (spec 002 §7) reads `message`; the portal API reads the envelope. Both are present.
  const body = { retorno: false, dados: details ?? null, mensagem: message, message };
  return reply.code(status).send(request.url.startsWith('/api.php') ? { ...body, message: undefined } : body);
}

/**
 * Fastify's `frameworkErrors` option: a URL its router refuses before any route (a malformed escape, a path
 * parameter over the length limit) is answered in the envelope like every other refusal; a page's address (a link
 * cut inside an escape, or written in Latin-1) is an unknown path, so the landing page (spec 002 §2).
 */
export function refuseUrl(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isPageRequest(request)) return reply.redirect('/');
  return send(request, reply, error.statusCode ?? 400, BAD_REQUEST, null);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) return send(request, reply, error.status, error.message, error.details);
    if (error instanceof ZodError) {
      const invalid = errorResponse('INVALID_INPUT');
      return send(request, reply, invalid.status, invalid.message, fieldErrorsOf(error));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) return send(request, reply, 429, errorResponse('RATE_LIMITED').message, null);
    // Over the route's bodyLimit: announced by Content-Length, or counted while a chunked body was read.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const { bodyTooLargeAnswer } = request.routeOptions.config;
      if (bodyTooLargeAnswer) return bodyTooLargeAnswer(request, reply);
      const refusal = request.routeOptions.config.bodyTooLarge ?? new AppError('BODY_TOO_LARGE');
      return send(request, reply, refusal.status, refusal.message, refusal.details);
    }
    if (status >= 400 && status < 500) {
      return send(request, reply, status, BAD_REQUEST, null);
    }
    // The database is away (stopped, restarting, connections cut): the caller tries again soon; /readyz says so.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      const unavailable = errorResponse('DATABASE_UNAVAILABLE');
      return send(request, reply, unavailable.status, unavailable.message, null);
    }
    // 5xx: details go to the log only.
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 500, errorResponse('INTERNAL').message, null);
  });
}
