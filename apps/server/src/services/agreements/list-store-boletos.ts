import { formatBrDate, maskCnpj, todayInBrasilia } from '@portal/domain';
import type { Db } from '../../db/client';
import type { PaymentProviders } from '../../integrations/payments/payment-provider';
import { type DebtScope, loadDebtSnapshot } from '../../repositories/debt-snapshot';
import type { PaymentsLog } from '../payments/record-pix-payments';
import { issueSecondCopies, secondCopyStatus } from '../second-copy/issue-second-copies';

/**
 * Meus Boletos (spec 001 §1, §2: "My agreements: named My boletos if negotiation is not permitted"): for a partner
 * whose stores only issue boletos, one card per store with a boleto for each of the person's open instalments
 * there (an overdue one due today for its updated value, like a second copy), in the shape of passo_5's agreements.
 */
export async function listStoreBoletos(
  db: Db,
  providers: PaymentProviders,
  scope: DebtScope,
  log: PaymentsLog,
) {
  const snapshot = await loadDebtSnapshot(db, scope, scope.version);
  const today = todayInBrasilia();
  const cards = [];
  for (const { store, logoUrl, contracts } of snapshot.stores) {
    if (contracts.length === 0) continue;
    const issued = await issueSecondCopies(db, providers, scope, { storeId: store.id }, log);
    if (issued.length === 0) continue;
    const total = issued.reduce((sum, i) => sum + i.copy.amountCents, 0);
    const remaining = issued.reduce((sum, i) => (i.paid ? sum : sum + i.copy.amountCents), 0);
    cards.push({
      dadosAcordo: {
        aco_codigo: null,
        tipo: 'boletos' as const,
        status: 'active' as const,
        data_acordo: null,
        forma_pagamento: 'boleto' as const,
        valor_negociado: total,
        valor_restante: remaining,
        con_nome_loja: store.tradeName,
        aco_termo_anexo: null,
        aco_carta_quitacao: null,
        parcelas: issued.map((item) => {
          const { copy, contractNumber, instalmentNumber, originalDueDate, paid } = item;
          const status = secondCopyStatus(item, today);
          return {
            aci_codigo: null,
            // The second copy's code: what the PDF (segundas_vias) and the second-copy sending take.
            codigo: copy.id,
            // An overdue instalment's boleto falls due today: the row says when the instalment itself fell due.
            campo_parcela:
              `Contrato ${contractNumber} - parcela ${instalmentNumber}` +
              (status === 'AA' ? `, vencida em ${formatBrDate(originalDueDate)}` : ''),
            status,
            vencimento: copy.dueDate,
            vencimento_formatado: formatBrDate(copy.dueDate),
            valor: copy.amountCents,
            encargos: 0,
            valor_atualizado: copy.amountCents,
            // Like Meus Acordos, a paid (P) row offers no document to pay again.
            pdf: paid ? null : `/api/segunda-via/${copy.id}.pdf`,
            linha_digitavel: paid ? null : copy.digitableLine,
            pix_copia_cola: paid ? null : copy.pixCode,
            emp_codigo: null,
            comprovante_cartao: null,
          };
        }),
      },
      loja: {
        loj_codigo: store.id,
        loj_fantasia: store.tradeName,
        loj_razao_social: store.legalName,
        loj_cpf_cnpj: maskCnpj(store.cpfCnpj),
        loj_caminho_logo: logoUrl,
      },
      detalhes: [],
    });
  }
  return cards;
}
