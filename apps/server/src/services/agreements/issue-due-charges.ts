import { documentDueDate, isChargePayable, isDocumentDue } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  type ChargeBeneficiary,
  type PaymentProviders,
  providerFor,
} from '../../integrations/payments/payment-provider';
import { BoletoIdentityChanged, keepBoletoIdentity } from '../../repositories/cnab-repository';
import type { DebtScope } from '../../repositories/debt-snapshot';
import {
  type AgreementView,
  type ChargeKind,
  type ChargeRow,
  type ChargeView,
  findLatestCharge,
  type InstalmentView,
  insertCharge,
  type StoreRow,
} from '../../repositories/payment-repository';
import { keepPixReceiver, PixReceiverChanged } from '../../repositories/pix-charge-repository';
import { withTransaction } from '../../repositories/transaction';
import { cancelCharge } from '../payments/cancel-charge';

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
 * The document an instalment offers today: its latest charge, while the agreement is active, the instalment unpaid
 * and the charge payable (not cancelled, within the cobv's days after its due date). Meus Acordos, the boletos PDF,
 * their sending and the QR code offer nothing else.
 */
export function payableCharge(
  view: AgreementView,
  instalment: InstalmentView,
  today: string,
): ChargeView | null {
  const { charge } = instalment;
  if (view.agreement.status !== 'active' || instalment.payment !== null || !charge) return null;
  return isChargePayable(charge, today) ? charge : null;
}

/**
 * Issues, through the store's provider, the documents of an active agreement that spec 001 §4 says are due and not
 * yet issued (the first open instalment, one whose previous instalment is paid, one whose due date has come), and
 * replaces a document that can no longer be paid (past the cobv's days after its due date, or cancelled without a
 * successor): the old one is cancelled (cause `expired:<date>`), and the next issue falls due today. Two requests
 * issuing the same instalment at once record one charge. A provider that fails leaves the instalment waiting
 * ('boleto_vai_ser_gerado') and is logged: the listing still answers. A settled or cancelled agreement gets nothing.
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
    if (!kind || view.agreement.status !== 'active') {
      result.push(view);
      continue;
    }
    const instalments = [];
    for (const [index, instalment] of view.instalments.entries()) {
      const latest = instalment.charge;
      const wanted = latest
        ? instalment.payment === null && !isChargePayable(latest, today)
        : isDocumentDue(view.instalments, index, today);
      if (!wanted) {
        instalments.push(instalment);
        continue;
      }
      const charge = await replaceOrIssue(db, providers, {
        stale: latest,
        today,
        target: {
          store: view.store,
          partnerName: scope.partner.name,
          payer: scope.person,
          instalmentId: instalment.id,
          dueDate: documentDueDate(instalment.dueDate, today, latest !== null),
          amountCents: instalment.amountCents,
          kind,
          issue: (latest?.issue ?? 0) + 1,
        },
      }).catch((error: unknown) => {
        log.error({ err: error, instalmentId: instalment.id }, 'payment provider could not issue a charge');
        return null;
      });
      instalments.push({ ...instalment, charge });
    }
    result.push({ ...view, instalments });
  }
  return result;
}

/** Cancels a document that can no longer be paid (unless an event already did), then issues its successor. */
async function replaceOrIssue(
  db: Db,
  providers: PaymentProviders,
  { stale, today, target }: { stale: ChargeView | null; today: string; target: ChargeTarget },
): Promise<ChargeView> {
  if (stale && !stale.cancelled) await cancelCharge(db, providers, stale, `expired:${today}`);
  return { ...(await issueInstalmentCharge(db, providers, target)), cancelled: false };
}

/** What an instalment's charge is issued for: the store it pays, whose partner names it, and who pays it. */
export interface ChargeTarget {
  store: StoreRow;
  partnerName: string;
  payer: { name: string; cpfCnpj: string };
  instalmentId: number;
  dueDate: string;
  amountCents: number;
  kind: ChargeKind;
  /** 1 for the instalment's first document of the kind; a re-issue (decision 021) takes the next. */
  issue: number;
}

/**
 * In the transaction that records a document built from `store`: holds the store's row and throws when a save
 * changed, since `store` was read, what the document was built under: a boleto's identity (decision 086), or the
 * PIX key or PSP of its cobv (decision 102), a boleto's PIX (boleto híbrido) as a PIX charge's.
 */
export async function keepIssuedUnder(tx: Db, store: StoreRow, kind: ChargeKind): Promise<void> {
  if (kind === 'boleto') await keepBoletoIdentity(tx, store);
  await keepPixReceiver(tx, store);
}

/**
 * Runs `issue` with the store as read, and once more with the store as it is now when a save changed what the
 * document is built under before it was recorded (keepIssuedUnder): a boleto is numbered again under the new
 * convênio, and the same reference names the same PIX, so the cobv already created at the PSP is taken again, under
 * the store's key as it is now (revised at the PSP when the save changed the key, decision 102).
 */
export async function underCurrentStore<T>(
  store: StoreRow,
  issue: (store: StoreRow) => Promise<T>,
): Promise<T> {
  try {
    return await issue(store);
  } catch (error) {
    if (!(error instanceof BoletoIdentityChanged || error instanceof PixReceiverChanged)) throw error;
    return issue(error.store);
  }
}

/**
 * Issues an instalment's charge through the store's provider and records it. The reference names the instalment,
 * kind and issue, so a retry names the same charge at the provider, and two requests issuing it at once record one.
 * A document is recorded only under the store's boleto identity, PIX key and PSP of the moment (underCurrentStore).
 */
export function issueInstalmentCharge(
  db: Db,
  providers: PaymentProviders,
  target: ChargeTarget,
): Promise<ChargeRow> {
  return underCurrentStore(target.store, (store) => issueAndRecord(db, providers, { ...target, store }));
}

async function issueAndRecord(db: Db, providers: PaymentProviders, target: ChargeTarget): Promise<ChargeRow> {
  const { store, instalmentId, kind, issue, dueDate, amountCents } = target;
  const provider = providerFor(providers, store.paymentProvider);
  const request = {
    reference: `aci:${instalmentId}:${kind}:${issue}`,
    storeId: store.id,
    dueDate,
    amountCents,
    beneficiary: chargeBeneficiary(store, target.partnerName),
    payer: { name: target.payer.name, document: target.payer.cpfCnpj },
  };
  const issued = kind === 'pix' ? await provider.issuePix(request) : await provider.issueBoleto(request);
  const recorded = await withTransaction(db, async (tx) => {
    await keepIssuedUnder(tx, store, kind);
    return insertCharge(tx, { instalmentId, storeId: store.id, dueDate, amountCents, issue, ...issued });
  });
  // Another request recorded this issue of the instalment's charge in between: that one is the charge.
  return recorded ?? (await findLatestCharge(db, instalmentId, kind))!;
}
