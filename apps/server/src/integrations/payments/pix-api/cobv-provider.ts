import {
  CHARGE_DAYS_PAYABLE_AFTER_DUE,
  dynamicPixCopyPaste,
  normalizeDocument,
  normalizedPixKey,
  pixAmount,
  txidFromSeed,
} from '@portal/domain';
import type { Db } from '../../../db/client';
import { chargeEventKinds } from '../../../repositories/payment-repository';
import { findChargeById } from '../../../repositories/pix-charge-repository';
import type { ChargeRequest, IssuedCharge, PaymentProvider } from '../payment-provider';
import { type Cobv, type CobvRequest, type PixApiClient, PixApiError } from './client';

// A provider whose PIX is a charge with a due date (API Pix cobv) at the store's PSP, and whose boletos are issued
// by `issueBoleto` (the local bank numbering): the boleto híbrido's PIX is the cobv of the same instalment.

export interface PixGateway {
  client: PixApiClient;
  /** The store's PIX key as the DICT has it (storePixKey), as the store is now: every open cobv of it carries this. */
  key: string;
  /**
   * Registers the store's webhook at its PSP unless this process registered the same (key, PSP, URL) for it already;
   * called before each charge, so a store whose key, PSP or URL changed is registered again (decision 089).
   */
  registerWebhook(): Promise<void>;
}

export interface CobvProviderOptions {
  name: string;
  db: Db;
  /** The PSP a store's charges go to. */
  gatewayFor(storeId: number): Promise<PixGateway>;
  issueBoleto(request: ChargeRequest): Promise<Pick<IssuedCharge, 'ourNumber' | 'barcode' | 'digitableLine'>>;
}

/** API Pix devedor: cpf or cnpj (an alphanumeric CNPJ keeps its letters) and the name. */
function payer(request: ChargeRequest): CobvRequest['devedor'] {
  const document = normalizeDocument(request.payer.document);
  const nome = request.payer.name.slice(0, 200);
  return document.length === 11 ? { cpf: document, nome } : { cnpj: document, nome };
}

/** Whether a PSP's `chave` names the key `key` (the DICT's form of both, as normalizedPixKey writes it). */
export function sameKey(chave: string | undefined, key: string): boolean {
  return chave !== undefined && chave.trim() !== '' && normalizedPixKey(chave) === normalizedPixKey(key);
}

/**
 * The PSP's cobv under `key` (decision 102): as it is when it carries the key, else revised at the PSP (PATCH
 * `chave`, API Pix allows it while the cobv is ATIVA; its txid, location and BR Code stay the same, so a code already
 * shown now pays into the key). One the PSP cannot revise (paid or removed meanwhile) or that it answers under
 * another key throws: a cobv under a key that is no longer the store's is never handed to a debtor as its charge.
 */
export async function cobvUnderKey(client: PixApiClient, cobv: Cobv, key: string): Promise<Cobv> {
  if (sameKey(cobv.chave, key)) return cobv;
  if (cobv.status !== 'ATIVA')
    throw new Error(`PIX charge ${cobv.txid} is ${cobv.status} under another key; not revised`);
  const revised = await client.reviseCobv(cobv.txid, { chave: key });
  if (!sameKey(revised.chave, key) || revised.status !== 'ATIVA')
    throw new Error(`PIX charge ${cobv.txid} was not revised to the store's key`);
  return revised;
}

export function cobvPaymentProvider(options: CobvProviderOptions): PaymentProvider {
  const { db } = options;

  async function gateway(storeId: number): Promise<PixApiClient> {
    const found = await options.gatewayFor(storeId);
    await found.registerWebhook();
    return found.client;
  }

  /**
   * The charge at the PSP: created, or, when a retry finds the txid taken, the one created before, when its value is
   * the same, under the store's key as the request names it (revised when a save changed the key meanwhile).
   */
  async function cobvOf(request: ChargeRequest): Promise<Cobv> {
    const client = await gateway(request.storeId);
    const txid = txidFromSeed(request.reference);
    const body: CobvRequest = {
      calendario: {
        dataDeVencimento: request.dueDate,
        validadeAposVencimento: CHARGE_DAYS_PAYABLE_AFTER_DUE,
      },
      devedor: payer(request),
      valor: { original: pixAmount(request.amountCents) },
      chave: normalizedPixKey(request.beneficiary.pixKey),
    };
    try {
      return await client.putCobv(txid, body);
    } catch (error) {
      if (!(error instanceof PixApiError) || error.status !== 400) throw error;
      const existing = await client.getCobv(txid).catch(() => null);
      if (existing?.valor.original === body.valor.original && existing.status === 'ATIVA')
        return cobvUnderKey(client, existing, body.chave);
      throw error;
    }
  }

  async function issuePixPart(request: ChargeRequest) {
    const cobv = await cobvOf(request);
    const { beneficiary } = request;
    // The PSP's own code when it gives one; else the dynamic BR Code of the location it answered.
    const pixCode =
      cobv.pixCopiaECola ??
      dynamicPixCopyPaste({
        location: cobv.loc.location,
        merchantName: beneficiary.name,
        merchantCity: beneficiary.city,
        fallback: { merchantName: beneficiary.fallbackName, merchantCity: 'BRASIL' },
      });
    return { txid: cobv.txid, pixCode };
  }

  return {
    name: options.name,
    async issueBoleto(request) {
      const boleto = await options.issueBoleto(request);
      return { kind: 'boleto', provider: options.name, ...boleto, ...(await issuePixPart(request)) };
    },
    async issuePix(request) {
      return {
        kind: 'pix',
        provider: options.name,
        ourNumber: null,
        barcode: null,
        digitableLine: null,
        ...(await issuePixPart(request)),
      };
    },
    async cancel({ storeId, txid }) {
      const { client } = await options.gatewayFor(storeId);
      // A charge the PSP never had (a static code issued before the cobv path) has nothing to remove there.
      const cobv = await client.getCobv(txid).catch((error: unknown) => {
        if (error instanceof PixApiError && error.status === 404) return null;
        throw error;
      });
      // Paid meanwhile: the payment stands (reconciliation records it), nothing is cancelled.
      if (cobv?.status === 'CONCLUIDA') throw new Error(`PIX charge ${txid} was paid; not cancelled`);
      if (cobv?.status === 'ATIVA') await client.cancelCobv(txid);
    },
    async status({ chargeId, txid }) {
      const kinds = await chargeEventKinds(db, chargeId);
      if (kinds.includes('paid') || kinds.includes('settled')) return 'paid';
      if (kinds.includes('charge_cancelled')) return 'cancelled';
      const charge = await findChargeById(db, chargeId);
      if (!charge) throw new Error(`No charge ${chargeId}`);
      const { status } = await (await options.gatewayFor(charge.storeId)).client.getCobv(txid);
      return status === 'CONCLUIDA' ? 'paid' : status === 'ATIVA' ? 'open' : 'cancelled';
    },
  };
}
