import {
  BANCO_DO_BRASIL,
  bancoDoBrasilFreeField,
  boletoBarcode,
  digitableLine,
  ourNumber,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { nextOurNumberSequence } from '../../repositories/payment-repository';
import type { ChargeRequest } from './payment-provider';

/**
 * Boletos as a bank that registers every charge at once: numbered from the convênio's sequence (Banco do Brasil,
 * convênio de 7 posições). The default 'local' provider and the 'pix-api' provider issue their boletos here; their
 * PIX is a cobv at a PSP (pix-api/cobv-provider.ts, decision 020).
 */
export function localBoletoIssuer(db: Db) {
  return async (request: ChargeRequest) => {
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
    return {
      ourNumber: ourNumber(beneficiary.agreement, sequence),
      barcode,
      digitableLine: digitableLine(barcode),
    };
  };
}
