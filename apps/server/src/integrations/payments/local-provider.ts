import {
  BANCO_DO_BRASIL,
  bancoDoBrasilFreeField,
  boletoBarcode,
  digitableLine,
  ourNumber,
  pixCopyPaste,
  txidFromSeed,
} from '@portal/domain';
import type { Db } from '../../db/client';
import {
  chargeEventKinds,
  nextOurNumberSequence,
  recordChargeCancelled,
} from '../../repositories/payment-repository';
import type { ChargeRequest, IssuedCharge, PaymentProvider } from './payment-provider';

/** BR Code manual: a static payload's txid has at most 25 characters. */
const BR_CODE_TXID_LENGTH = 25;

/**
 * The default provider: behaves like a bank and a PSP that register every charge at once. Boletos are numbered
 * from the convênio's sequence (Banco do Brasil, convênio de 7 posições), PIX charges get a txid of the BCB's
 * alphabet derived from the charge's reference (a retried issue gives the same txid), and a charge's status is
 * what the payment events recorded for it.
 */
export function localPaymentProvider(db: Db): PaymentProvider {
  const pixCode = (request: ChargeRequest, txid: string) =>
    pixCopyPaste({
      key: request.beneficiary.pixKey,
      merchantName: request.beneficiary.name,
      merchantCity: request.beneficiary.city,
      fallback: { merchantName: request.beneficiary.fallbackName, merchantCity: 'BRASIL' },
      amountCents: request.amountCents,
      txid,
    });
  const txidOf = (request: ChargeRequest) => txidFromSeed(request.reference, BR_CODE_TXID_LENGTH);

  return {
    name: 'local',
    async issueBoleto(request) {
      const { beneficiary } = request;
      // The free field this provider knows is Banco do Brasil's; another bank needs its adapter.
      if (beneficiary.bankCode !== BANCO_DO_BRASIL.code || !beneficiary.agreement)
        throw new Error(
          `The local provider issues Banco do Brasil boletos with a convênio (bank ${beneficiary.bankCode})`,
        );
      const sequence = await nextOurNumberSequence(db, beneficiary.bankCode, beneficiary.agreement);
      const barcode = boletoBarcode({
        bankCode: beneficiary.bankCode,
        dueDate: request.dueDate,
        amountCents: request.amountCents,
        freeField: bancoDoBrasilFreeField(beneficiary.agreement, sequence, beneficiary.wallet),
      });
      const txid = txidOf(request);
      return {
        kind: 'boleto',
        provider: 'local',
        ourNumber: ourNumber(beneficiary.agreement, sequence),
        barcode,
        digitableLine: digitableLine(barcode),
        txid,
        pixCode: pixCode(request, txid),
      } satisfies IssuedCharge;
    },
    async issuePix(request) {
      const txid = txidOf(request);
      return {
        kind: 'pix',
        provider: 'local',
        ourNumber: null,
        barcode: null,
        digitableLine: null,
        txid,
        pixCode: pixCode(request, txid),
      } satisfies IssuedCharge;
    },
    async cancel({ chargeId }, reason) {
      await recordChargeCancelled(db, chargeId, reason);
    },
    async status({ chargeId }) {
      const kinds = await chargeEventKinds(db, chargeId);
      if (kinds.includes('paid') || kinds.includes('settled')) return 'paid';
      return kinds.includes('charge_cancelled') ? 'cancelled' : 'open';
    },
  };
}
