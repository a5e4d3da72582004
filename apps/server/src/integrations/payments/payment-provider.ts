import type { ChargeKind } from '../../db/schema';

// One integration for every bank and PSP (GUIDE "payments"): the use cases issue, cancel and look up charges
// through this interface; which provider serves a store is the store's `provedor_pagamento`.

/** The account a charge pays into: the store's bank data and PIX key (issue 16 item 2). */
export interface ChargeBeneficiary {
  name: string;
  /** CPF/CNPJ as registered (an alphanumeric CNPJ keeps its letters). */
  document: string;
  city: string;
  pixKey: string;
  bankCode: string;
  branch: string | null;
  account: string | null;
  wallet: string;
  /** Bank convênio the boletos are registered under. */
  agreement: string | null;
  /** Used in PIX codes where the beneficiary's name or city has nothing printable left. */
  fallbackName: string;
}

export interface ChargeRequest {
  /** The store the charge pays; its configuration picks the PSP. */
  storeId: number;
  /** Names the charge at the provider: the same reference gives the same txid, so a retried issue is one charge. */
  reference: string;
  dueDate: string;
  amountCents: number;
  beneficiary: ChargeBeneficiary;
  payer: { name: string; document: string };
}

export interface IssuedCharge {
  kind: ChargeKind;
  provider: string;
  /** Boletos: the bank's nosso número, barcode and linha digitável. */
  ourNumber: string | null;
  barcode: string | null;
  digitableLine: string | null;
  /** PIX: the charge's txid and its BR Code (copia e cola). A boleto carries one too (boleto híbrido). */
  txid: string;
  pixCode: string;
}

export type ChargeStatus = 'open' | 'paid' | 'cancelled';

export interface PaymentProvider {
  readonly name: string;
  /** A registered bank boleto, with the PIX code of the same charge. */
  issueBoleto(request: ChargeRequest): Promise<IssuedCharge>;
  /** A PIX charge with a due date (API Pix `cobv`). */
  issuePix(request: ChargeRequest): Promise<IssuedCharge>;
  /**
   * Removes a PIX charge at the store's PSP (a boleto's too: its PIX). One the PSP never had or already removed is
   * left as it is; a paid one throws (the payment stands). The caller records the cancellation with its cause.
   */
  cancel(charge: { storeId: number; txid: string }): Promise<void>;
  status(charge: { chargeId: number; txid: string }): Promise<ChargeStatus>;
}

/** The configured providers, by name (a store's `provedor_pagamento`). */
export type PaymentProviders = ReadonlyMap<string, PaymentProvider>;

/** The store's provider, by name; an unknown name is a configuration error, never a silent fallback. */
export function providerFor(providers: ReadonlyMap<string, PaymentProvider>, name: string): PaymentProvider {
  const provider = providers.get(name);
  if (!provider) throw new Error(`No payment provider '${name}' is configured`);
  return provider;
}
