import { createHash } from 'node:crypto';
import {
  BANCO_DO_BRASIL,
  bancoDoBrasilAgreementField,
  type CnabBeneficiary,
  normalizeDocument,
} from '@portal/domain';
import { AppError } from '../../errors';
import type { CnabFileKind } from '../../repositories/cnab-repository';
import type { StoreRow } from '../../repositories/debt-repository';

// What remessa and retorno files share: the store's account as the files name it, their names and content hash.

/** Banco do Brasil carteira 17, variação 019: the cobrança simples registered wallet the demo convênios use. */
const BANCO_DO_BRASIL_WALLET_VARIATION = '019';

/** 'NNNN-D' (or digits alone) as the number and its check digit, as the store's agency and account are kept. */
function withDigit(value: string): { number: string; digit: string } | null {
  const match = /^(\d{1,12})(?:-([\dXx]))?$/.exec(value.trim());
  return match ? { number: match[1]!, digit: (match[2] ?? ' ').toUpperCase() } : null;
}

/** The store's account at its bank as a CNAB 240 file names it; the store must have agency, account and convênio. */
export function cnabBeneficiary(store: StoreRow): CnabBeneficiary & { agreement: string } {
  const agency = withDigit(store.bankBranch ?? '');
  const account = withDigit(store.bankAccount ?? '');
  if (!agency || !account || !store.boletoAgreement)
    throw new AppError('CNAB_STORE_BANK_DATA_MISSING', { loja: store.id });
  const isBancoDoBrasil = store.bankCode === BANCO_DO_BRASIL.code;
  return {
    bankCode: store.bankCode,
    bankName: isBancoDoBrasil ? BANCO_DO_BRASIL.name : `BANCO ${store.bankCode}`,
    document: normalizeDocument(store.cpfCnpj),
    name: store.beneficiaryName ?? store.legalName,
    agency: agency.number,
    agencyDigit: agency.digit,
    account: account.number,
    accountDigit: account.digit,
    agreement: store.boletoAgreement,
    agreementField: isBancoDoBrasil
      ? bancoDoBrasilAgreementField(
          store.boletoAgreement,
          store.boletoWallet,
          BANCO_DO_BRASIL_WALLET_VARIATION,
        )
      : store.boletoAgreement,
  };
}

/** Identifies a file's content: the same retorno loaded twice is found by it. */
export const contentSha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** CBR_<bank>_<convênio>_<YYYYMMDD>_<NSA>.rem for a remessa, .ret for a retorno. */
export function cnabFileName(
  kind: CnabFileKind,
  file: { bankCode: string; agreement: string; businessDate: string; sequence: number },
): string {
  const day = file.businessDate.replaceAll('-', '');
  const extension = kind === 'remessa' ? 'rem' : 'ret';
  return `CBR_${file.bankCode}_${file.agreement}_${day}_${String(file.sequence).padStart(6, '0')}.${extension}`;
}
