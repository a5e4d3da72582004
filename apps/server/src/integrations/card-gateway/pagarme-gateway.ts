import type { CardReversalKind } from '@portal/domain';
import type { CardCharge, CardChargeRequest, CardChargeState, CardGateway } from './card-gateway';
import { CardGatewayRefused, CardGatewayUnavailable } from './card-gateway';

// Pagar.me Core API v5 (docs.pagar.me/reference): orders with a credit_card payment from a card_token made in the
// browser by POST /tokens?appId={public key}; the secret key authenticates by HTTP Basic (key as the user, empty
// password); an Idempotency-Key header makes a retried order the same order. Decision 023.

export interface PagarmeOptions {
  /** e.g. https://api.pagar.me/core/v5; a function when it is known only once the server listens (the sandbox). */
  baseUrl: string | (() => string);
  secretKey: string;
  publicKey: string;
  /** Where the browser tokenises: an absolute URL, or a path on the portal (the sandbox). */
  browserBaseUrl: string;
  timeoutMs: number;
}

interface PagarmeCharge {
  id: string;
  code?: string;
  status: string;
  /** Centavos charged. */
  amount?: number | null;
  /** Centavos given back (refunds); a charge refunded in part stays `paid` (decision 075). */
  canceled_amount?: number | null;
  /** ISO 8601; set once the charge is paid. */
  paid_at?: string | null;
  /** ISO 8601, UTC: the charge's last change (for a reversed charge, its refund or chargeback). */
  updated_at?: string | null;
  order?: { id?: string; code?: string };
  last_transaction?: {
    status?: string;
    acquirer_auth_code?: string | null;
    card?: { brand?: string; last_four_digits?: string };
  };
}

interface PagarmeOrder {
  id: string;
  code: string;
  charges?: PagarmeCharge[];
}

/** A charge's status (Pagar.me v5 charge statuses) as spec 001 §4's card return state. */
export function pagarmeChargeState(status: string): CardChargeState {
  if (status === 'paid' || status === 'overpaid') return 'PAID';
  if (status === 'failed') return 'REJECTED';
  if (status === 'canceled' || status === 'chargedback') return 'VOIDED';
  return 'PENDING';
}

/**
 * A paid charge taken back (Pagar.me v5): `chargedback` once the cardholder's dispute is lost, `canceled` with a
 * `paid_at` once refunded (a charge cancelled before it was paid has none), and still `paid` with a
 * `canceled_amount` once refunded in part (webhook `charge.partial_canceled`; decision 075).
 */
export function pagarmeReversal(
  charge: Pick<PagarmeCharge, 'status' | 'paid_at' | 'canceled_amount'>,
): CardReversalKind | null {
  if (charge.status === 'chargedback') return 'chargedback';
  if (charge.status === 'canceled') return charge.paid_at ? 'refunded' : null;
  return pagarmeChargeState(charge.status) === 'PAID' && (charge.canceled_amount ?? 0) > 0
    ? 'partially_refunded'
    : null;
}

const instant = (iso: string | null | undefined) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

function toCardCharge(charge: PagarmeCharge, order?: { id?: string; code?: string }): CardCharge {
  const transaction = charge.last_transaction;
  const reversal = pagarmeReversal(charge);
  return {
    state: pagarmeChargeState(charge.status),
    reference: order?.code ?? charge.order?.code ?? charge.code ?? '',
    orderId: order?.id ?? charge.order?.id ?? null,
    chargeId: charge.id,
    amountCents: typeof charge.amount === 'number' ? charge.amount : null,
    paidAt: instant(charge.paid_at),
    authorisationCode: transaction?.acquirer_auth_code ?? null,
    reversal,
    canceledCents: charge.canceled_amount ?? 0,
    reversedAt: reversal ? instant(charge.updated_at) : null,
    brand: transaction?.card?.brand ?? null,
    lastFour: transaction?.card?.last_four_digits ?? null,
  };
}

function orderCharge(order: PagarmeOrder): CardCharge {
  const charge = order.charges?.at(-1);
  if (!charge) throw new Error(`pagar.me order ${order.id} has no charge`);
  return toCardCharge(charge, order);
}

/** Charges asked for a page of a listing. */
const LIST_PAGE_SIZE = 30;
/**
 * Charge statuses of a paid charge given back (pagarmeReversal); the listing has no `canceled_amount` filter, so the
 * paid charges are listed and those refunded in part kept.
 */
const REVERSED_STATUSES = ['chargedback', 'canceled', 'paid'] as const;

/** The gateway answered 404: no such charge or order. */
class NotFound extends CardGatewayRefused {}

export function pagarmeGateway(options: PagarmeOptions): CardGateway {
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  const baseUrl = typeof options.baseUrl === 'string' ? () => options.baseUrl as string : options.baseUrl;
  const browserBase = options.browserBaseUrl;

  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl()}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new CardGatewayUnavailable(error);
    }
    if (response.status >= 500) throw new CardGatewayUnavailable(new Error(`pagar.me ${response.status}`));
    if (response.status === 404) throw new NotFound(404, path);
    if (!response.ok)
      throw new CardGatewayRefused(response.status, `pagar.me ${method} ${path}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  return {
    name: 'pagarme',
    tokenisation: {
      tokenUrl: `${browserBase}/tokens?appId=${encodeURIComponent(options.publicKey)}`,
    },
    async charge(request: CardChargeRequest) {
      const order = await call<PagarmeOrder>(
        'POST',
        '/orders',
        {
          code: request.reference,
          closed: true,
          items: [
            {
              code: request.reference,
              amount: request.amountCents,
              description: request.description,
              quantity: 1,
            },
          ],
          customer: {
            name: request.customer.name,
            email: request.customer.email ?? undefined,
            document: request.customer.document,
            type: request.customer.document.length > 11 ? 'company' : 'individual',
          },
          payments: [
            {
              payment_method: 'credit_card',
              amount: request.amountCents,
              credit_card: {
                installments: request.instalments,
                operation_type: 'auth_and_capture',
                card_token: request.cardToken,
              },
            },
          ],
        },
        { 'idempotency-key': request.reference },
      ).catch((error: unknown) => {
        // 409: the first request under this Idempotency-Key is still in process (decision 092), so whether the card
        // is charged is not known yet, as when no answer comes.
        throw error instanceof CardGatewayRefused && error.status === 409
          ? new CardGatewayUnavailable(error)
          : error;
      });
      return orderCharge(order);
    },
    async lookup(reference: string) {
      const page = await call<{ data: PagarmeOrder[] }>(
        'GET',
        `/orders?code=${encodeURIComponent(reference)}`,
      );
      const order = page.data.find((o) => o.code === reference);
      return order ? orderCharge(order) : null;
    },
    async getCharge(chargeId: string) {
      try {
        return toCardCharge(await call<PagarmeCharge>('GET', `/charges/${encodeURIComponent(chargeId)}`));
      } catch (error) {
        if (error instanceof NotFound) return null;
        throw error;
      }
    },
    async cancel(chargeId: string) {
      return toCardCharge(await call<PagarmeCharge>('DELETE', `/charges/${encodeURIComponent(chargeId)}`));
    },
    // GET /charges filters by status and creation date and pages by `page` and `size`; `paging.next` is null on the
    // last page (Pagar.me v5 "Paginação").
    async reversedSince(since: Date) {
      const reversed: CardCharge[] = [];
      for (const status of REVERSED_STATUSES) {
        for (let page = 1; ; page++) {
          const query = new URLSearchParams({
            status,
            payment_method: 'credit_card',
            created_since: since.toISOString(),
            page: String(page),
            size: String(LIST_PAGE_SIZE),
          });
          const { data, paging } = await call<{ data: PagarmeCharge[]; paging?: { next?: string | null } }>(
            'GET',
            `/charges?${query}`,
          );
          for (const charge of data) if (pagarmeReversal(charge)) reversed.push(toCardCharge(charge));
          if (!paging?.next || data.length === 0) break;
        }
      }
      return reversed;
    },
  };
}
