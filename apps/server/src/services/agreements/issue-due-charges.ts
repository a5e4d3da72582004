import { isDocumentDue } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  type ChargeBeneficiary,
  type PaymentProvider,
  providerFor,
} from '../../integrations/payments/payment-provider';
import type { DebtScope } from '../../repositories/debt-snapshot';
import {
  type AgreementView,
  type ChargeKind,
  type ChargeRow,
  findLatestCharge,
  insertCharge,
  type StoreRow,
} from '../../repositories/payment-repository';

export type PaymentProviders = ReadonlyMap<string, PaymentProvider>;

/** The kind of document an agreement is paid with; card agreements have none here. */
export function chargeKindOf(view: AgreementView): ChargeKind | null {
  const method = view.agreement.paymentMethod;
  return method === 'cartao' ? null : method;
}

/** The store's account as a charge names it (issue 16 item 2): bank data, PIX key, beneficiary name and city. */
export function chargeBeneficiary(store: StoreRow, partnerName: string): ChargeBeneficiary {
  return {
    name: store.beneficiaryName ?? store.legalName,
    document: store.cpfCnpj,
    city: store.city ?? 'BRASIL',
    // The CNPJ as registered: an alphanumeric CNPJ keeps its letters (the domain normalises the key).
    pixKey: store.pixKey ?? store.cpfCnpj,
    bankCode: store.bankCode,
    branch: store.bankBranch,
    account: store.bankAccount,
    wallet: store.boletoWallet,
    agreement: store.boletoAgreement,
    fallbackName: partnerName,
  };
}

/**
 * Issues, through the store's provider, the documents spec 001 §4 says are due and not yet issued (the first open
 * instalment, one whose previous instalment is paid, one whose due date has come). Two requests issuing the same
 * instalment at once record one charge. A provider that fails leaves the instalment waiting ('boleto_vai_ser_gerado')
 * and is logged: the listing still answers.
 */
export async function issueDueCharges(
  db: Db,
  providers: PaymentProviders,
  scope: DebtScope,
  views: readonly AgreementView[],
  today: string,
  log: FastifyBaseLogger,
): Promise<AgreementView[]> {
  const result: AgreementView[] = [];
  for (const view of views) {
    const kind = chargeKindOf(view);
    if (!kind) {
      result.push(view);
      continue;
    }
    const instalments = [];
    for (const [index, instalment] of view.instalments.entries()) {
      if (instalment.charge || !isDocumentDue(view.instalments, index, today)) {
        instalments.push(instalment);
        continue;
      }
      const charge = await issueCharge(db, providers, scope, view, instalment, kind).catch(
        (error: unknown) => {
          log.error({ err: error, instalmentId: instalment.id }, 'payment provider could not issue a charge');
          return null;
        },
      );
      instalments.push({ ...instalment, charge });
    }
    result.push({ ...view, instalments });
  }
  return result;
}

async function issueCharge(
  db: Db,
  providers: PaymentProviders,
  scope: DebtScope,
  view: AgreementView,
  instalment: AgreementView['instalments'][number],
  kind: ChargeKind,
): Promise<ChargeRow> {
  const provider = providerFor(providers, view.store.paymentProvider);
  const request = {
    // The first issue of this instalment's document: a retry names the same charge.
    reference: `aci:${instalment.id}:${kind}:1`,
    storeId: view.store.id,
    dueDate: instalment.dueDate,
    amountCents: instalment.amountCents,
    beneficiary: chargeBeneficiary(view.store, scope.partner.name),
    payer: { name: scope.person.name, document: scope.person.cpfCnpj },
  };
  const issued = kind === 'pix' ? await provider.issuePix(request) : await provider.issueBoleto(request);
  const recorded = await insertCharge(db, {
    instalmentId: instalment.id,
    storeId: view.store.id,
    dueDate: instalment.dueDate,
    amountCents: instalment.amountCents,
    ...issued,
  });
  // Another request recorded this instalment's charge in between: that one is the charge.
  return recorded ?? (await findLatestCharge(db, instalment.id, kind))!;
}
