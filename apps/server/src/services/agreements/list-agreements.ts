import {
  customization,
  formatBrDate,
  instalmentLabel,
  instalmentStatus,
  isPaidStatus,
  maskCnpj,
  maskEmailForDisplay,
  permitsNegotiation,
  remainingCents,
  todayInBrasilia,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PaymentProviders } from '../../integrations/payments/payment-provider';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { loadPartnerConfig } from '../../repositories/partner-repository';
import {
  type AgreementView,
  countAgreements,
  type InstalmentView,
  loadAgreementContracts,
  loadAgreements,
} from '../../repositories/payment-repository';
import {
  type CardReceiptItem,
  cardPaymentsByAgreement,
  cardReceiptItem,
  type PaidCard,
  withCardReversal,
} from '../card/card-receipt';
import { dischargeLetterPath } from '../lifecycle/discharge-letter';
import { confessionTermPath } from './confession-term-pdf';
import { chargeKindOf, issueDueCharges, payableCharge } from './issue-due-charges';
import { listStoreBoletos } from './list-store-boletos';

/** Spec 001 §9: agreement page size. */
export const AGREEMENTS_PAGE_SIZE = 5;

/** Spec 001 §7 step 5 `pagina`: first, previous, next, last. */
export type PageMove = 'PRI' | 'ANT' | 'PRO' | 'ULT';

/** Spec 001 §4: the markers `pdf` holds while an instalment's document is not issued yet. */
export const NOT_ISSUED = { boleto: 'boleto_vai_ser_gerado', pix: 'pix_vai_ser_gerado' } as const;

/** The path of the PDF with these instalments' boletos (docs/api.md "Meus Acordos"). */
export const boletosPdfPath = (ids: readonly number[]) =>
  `/api/acordos/boletos.pdf?parcelas=${ids.join(',')}`;

function pageNumber(move: PageMove | undefined, current: number, pages: number): number {
  const wanted =
    move === 'PRI'
      ? 1
      : move === 'ULT'
        ? pages
        : move === 'ANT'
          ? current - 1
          : move === 'PRO'
            ? current + 1
            : current;
  return Math.min(Math.max(wanted, 1), Math.max(pages, 1));
}

/** Spec 001 §3 "Agreement instalment". */
function instalmentItem(
  view: AgreementView,
  instalment: InstalmentView,
  today: string,
  card: PaidCard | undefined,
  payerCpfCnpj: string,
) {
  const status = instalmentStatus(instalment, today);
  const kind = chargeKindOf(view);
  const charge = payableCharge(view, instalment, today);
  // Only an active agreement's open instalments are paid: a settled or cancelled one's show no document.
  const payable = view.agreement.status === 'active' && !isPaidStatus(status);
  let pdf: string | null = null;
  if (payable && kind)
    pdf = charge ? (kind === 'pix' ? charge.pixCode : boletosPdfPath([instalment.id])) : NOT_ISSUED[kind];
  return {
    aci_codigo: instalment.id,
    campo_parcela: instalmentLabel(instalment.number, view.agreement.instalmentCount),
    status,
    vencimento: instalment.dueDate,
    vencimento_formatado: formatBrDate(instalment.dueDate),
    valor: instalment.amountCents,
    // Agreement instalments carry no late charges of their own: the value is the agreed one.
    encargos: 0,
    valor_atualizado: instalment.amountCents,
    pdf,
    linha_digitavel: charge?.digitableLine ?? null,
    pix_copia_cola: charge?.pixCode ?? null,
    emp_codigo: null as number | null,
    // Spec 001 §4: a card-settled (B) instalment offers its receipt.
    comprovante_cartao:
      status === 'B' && card
        ? cardReceiptItem(instalment.id, { company: view.store.tradeName, payerCpfCnpj }, card)
        : (null as CardReceiptItem | null),
  };
}

export type AgreementInstalmentItem = ReturnType<typeof instalmentItem>;

/**
 * passo_5 (spec 001 §7 step 5, §2 "My agreements"): the session person's agreements made through this partner,
 * newest first, a page at a time where the partner paginates, with every instalment's status and document. Issues
 * the documents that have come due first ('Estamos emitindo seu boleto...').
 */
export async function listAgreements(
  db: Db,
  providers: PaymentProviders,
  scope: DebtScope,
  input: { storeId?: number; currentPage?: number; move?: PageMove },
  log: FastifyBaseLogger,
) {
  const config = await loadPartnerConfig(db, scope.partner);
  const email = scope.person.email ? maskEmailForDisplay(scope.person.email) : '';
  const pessoa = { email_cadastrado: email || null };
  if (!permitsNegotiation(config))
    return { acordos: await listStoreBoletos(db, providers, scope, log), pessoa, paginacao: null };
  const settings = customization(config).myAgreements;
  const filter = { storeId: input.storeId, includeHistory: settings?.flgIncluirHistorico === true };
  const paginate = settings?.flgPaginar === true;
  let page = { offset: 0, limit: 1_000 };
  let paging: { quantidade_de_paginas: number; pagina_atual: number } | null = null;
  if (paginate) {
    const pages = Math.ceil((await countAgreements(db, scope, filter)) / AGREEMENTS_PAGE_SIZE);
    const current = pageNumber(input.move, input.currentPage ?? 1, pages);
    page = { offset: (current - 1) * AGREEMENTS_PAGE_SIZE, limit: AGREEMENTS_PAGE_SIZE };
    paging = { quantidade_de_paginas: pages, pagina_atual: current };
  }
  const today = todayInBrasilia();
  const views = await issueDueCharges(
    db,
    providers,
    scope,
    await loadAgreements(db, scope, filter, page),
    today,
    log,
  );
  const cards = await cardPaymentsByAgreement(
    db,
    views.map((v) => v.agreement.id),
  );
  const details = await loadAgreementContracts(
    db,
    views.map((v) => v.agreement.id),
  );
  return {
    acordos: views.map((listed) => {
      const card = cards.get(listed.agreement.id);
      // Decision 093: a card given back whole paid nothing; its instalments are read without its settlement.
      const view = { ...listed, instalments: listed.instalments.map((i) => withCardReversal(i, card)) };
      const { agreement, store } = view;
      const contracts = new Map<
        string,
        {
          con_contrato: string;
          observacao_contrato: string | null;
          parcelas: { par_prestacao: number; par_vencimento: string; par_valor: number }[];
        }
      >();
      for (const row of details.filter((d) => d.agreementId === agreement.id)) {
        const contract = contracts.get(row.contractNumber) ?? {
          con_contrato: row.contractNumber,
          observacao_contrato: row.note,
          parcelas: [],
        };
        contract.parcelas.push({
          par_prestacao: row.number,
          par_vencimento: row.dueDate,
          par_valor: row.amountCents,
        });
        contracts.set(row.contractNumber, contract);
      }
      return {
        dadosAcordo: {
          aco_codigo: agreement.id as number | null,
          tipo: 'acordo' as 'acordo' | 'boletos',
          status: agreement.status,
          data_acordo: todayInBrasilia(agreement.createdAt),
          forma_pagamento: agreement.paymentMethod,
          valor_negociado: agreement.totalCents,
          valor_restante: remainingCents(view.instalments),
          con_nome_loja: store.tradeName,
          aco_termo_anexo: settings?.flgTermoCofissao === true ? confessionTermPath(agreement.id) : null,
          // Issue 17: a settled agreement's discharge letter (listed where the partner includes history).
          aco_carta_quitacao: agreement.status === 'settled' ? dischargeLetterPath(agreement.id) : null,
          parcelas: view.instalments.map((i) => instalmentItem(view, i, today, card, scope.person.cpfCnpj)),
        },
        loja: {
          loj_codigo: store.id,
          loj_fantasia: store.tradeName,
          loj_razao_social: store.legalName,
          loj_cpf_cnpj: maskCnpj(store.cpfCnpj),
          loj_caminho_logo: view.storeLogoUrl,
        },
        detalhes: [...contracts.values()],
      };
    }),
    pessoa,
    paginacao: paging,
  };
}
