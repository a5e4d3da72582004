import type { FastifyRequest } from 'fastify';

const LOOPBACK_ADDRESS = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const LOCAL_HOST_NAME = /^(localhost|127\.0\.0\.1|\[::1\]|([a-z0-9-]+\.)+localhost)(:\d{1,5})?$/i;

/**
 * What shows other people's data outside production (the mailbox: login codes and links; the sandbox gateway's card
 * orders) answers only a person or a process at this machine: a direct connection from a loopback address (the
 * socket's, never a forwarded header: through a reverse proxy on the same machine the socket is loopback too, hence
 * no forwarded request at all), to a local host name (a page of another site that resolves its own name to
 * 127.0.0.1 — DNS rebinding — sends its own Host).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    LOOPBACK_ADDRESS.test(request.raw.socket.remoteAddress ?? '') &&
    LOCAL_HOST_NAME.test(headers.host ?? '') &&
    headers['x-forwarded-for'] === undefined &&
    headers.forwarded === undefined
  );
}
