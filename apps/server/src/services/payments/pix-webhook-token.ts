import { createHmac, timingSafeEqual } from 'node:crypto';

// The secret in a store's webhook path (POST /webhooks/pix/{token}/pix). PSPs authenticate to the receiver with
// mutual TLS, which ends at the edge (load balancer, proxy) in practice, so the path also carries a per-store secret:
// the store id and an HMAC of it under PIX_WEBHOOK_SECRET. Nothing is stored, and a new secret revokes every path.

const mac = (secret: string, storeId: number) =>
  createHmac('sha256', secret).update(`pix-webhook:${storeId}`).digest('base64url');

export function pixWebhookToken(secret: string, storeId: number): string {
  return `${storeId}.${mac(secret, storeId)}`;
}

/** The store a webhook token names, or null for a token this secret did not make. */
export function storeOfPixWebhookToken(secret: string, token: string): number | null {
  const match = /^(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const storeId = Number(match[1]);
  const expected = Buffer.from(mac(secret, storeId));
  return timingSafeEqual(expected, Buffer.from(match[2]!)) ? storeId : null;
}
