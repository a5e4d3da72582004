import type { Db } from '../../db/client';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { loadPersonData } from '../../repositories/person-data-repository';

// LGPD art. 18 II and V (access, portability): everything the portal holds about the session's person on the
// session's partner, as one document the JSON download serves as is and the PDF lays out. Money in centavos, dates
// ISO (timestamps in UTC); no token hash, no message body (a login code is a secret even after use).

type Timestamp = string;
const iso = (date: Date | null): Timestamp | null => date?.toISOString() ?? null;

export const DEBTOR_REQUEST_KINDS = {
  cannot_pay: 'Não consigo pagar',
  proposal: 'Contraproposta',
  dispute: 'Não reconheço a dívida',
  call: 'Pedido de ligação',
  whatsapp: 'Pedido de contato pelo WhatsApp',
} as const;

export interface PersonDataExport {
  geradoEm: Timestamp;
  parceiro: { nome: string; identificador: string };
  titular: {
    nome: string;
    cpfCnpj: string;
    dataNascimento: string | null;
    telefone: string | null;
    email: string | null;
    sexo: string | null;
    endereco: {
      cep: string | null;
      logradouro: string | null;
      numero: string | null;
      bairro: string | null;
      cidade: string | null;
      estado: string | null;
    };
    cadastradoEm: Timestamp;
    atualizadoEm: Timestamp;
    /** When the person registered through this portal's first access; null when the partner's portfolio brought them. */
    primeiroAcessoNestePortal: Timestamp | null;
  };
  contratos: {
    loja: string;
    contrato: string;
    observacao: string | null;
    origem: string | null;
    referencia: string | null;
    registradoEm: Timestamp;
    parcelas: {
      parcela: number;
      vencimento: string;
      valorCentavos: number;
      saldoCentavos: number;
      pago: boolean;
      lancamentoFuturo: boolean;
    }[];
  }[];
  simulacoes: {
    loja: string;
    formaPagamento: string;
    modalidade: 'à vista' | 'parcelado';
    parcelas: number;
    entradaCentavos: number;
    valorParcelaCentavos: number;
    totalCentavos: number;
    primeiroVencimento: string;
    criadaEm: Timestamp;
    usadaEm: Timestamp | null;
  }[];
  acordos: {
    codigo: number;
    loja: string;
    situacao: string;
    formaPagamento: string;
    parcelas: number;
    entradaCentavos: number;
    valorParcelaCentavos: number;
    totalCentavos: number;
    primeiroVencimento: string;
    telefone: string | null;
    email: string | null;
    criadoEm: Timestamp;
  }[];
  solicitacoes: {
    tipo: (typeof DEBTOR_REQUEST_KINDS)[keyof typeof DEBTOR_REQUEST_KINDS];
    loja: string;
    motivo: string | null;
    entradaCentavos: number | null;
    parcelas: number | null;
    valorParcelaCentavos: number | null;
    /** The phone a call or WhatsApp request asked to be reached at. */
    telefone: string | null;
    /** The partner's counter-offer in answer to a proposal. */
    contraproposta: { entradaCentavos: number; parcelas: number; valorParcelaCentavos: number } | null;
    situacao: string;
    criadaEm: Timestamp;
    /** The answer the partner wrote to the person (decision 030), and when. */
    resposta: string | null;
    respondidaEm: Timestamp | null;
  }[];
  segundasVias: {
    loja: string;
    contrato: string;
    parcela: number;
    vencimento: string;
    valorCentavos: number;
    nossoNumero: string;
    linhaDigitavel: string;
    emitidaEm: Timestamp;
    /** Money received for the copy: its PIX or its boleto. */
    pagamentos: { valorCentavos: number; data: string; meio: 'PIX' | 'boleto' }[];
  }[];
  registrosDeNavegacao: { etapa: number; erro: boolean; data: Timestamp }[];
  mensagens: {
    canal: string;
    modelo: string;
    destinatario: string;
    situacao: string;
    criadaEm: Timestamp;
    enviadaEm: Timestamp | null;
  }[];
  solicitacoesDePrivacidade: {
    protocolo: string;
    tipo: string;
    solicitacao: string;
    situacao: string;
    prazo: string;
    criadaEm: Timestamp;
    /** The answer the partner wrote to the person, when it was written in the LGPD queue. */
    resposta: string | null;
    respondidaEm: Timestamp | null;
  }[];
  mensagensDeContato: {
    nome: string;
    email: string;
    texto: string;
    enviadaEm: Timestamp;
    resposta: string | null;
    respondidaEm: Timestamp | null;
  }[];
  /** Proposals sent through the portal's proposal form (cadastrarLead) with the person's CPF/CNPJ. */
  propostasPeloFormulario: {
    nome: string;
    email: string;
    celular: string;
    telefone: string;
    loja: string;
    cidade: string;
    valorCentavos: number;
    valorPodePagarCentavos: number;
    formaPagamento: 'boleto' | 'cartão de crédito';
    observacao: string;
    enviadaEm: Timestamp;
  }[];
  sessoes: {
    situacao: string;
    inicio: Timestamp;
    ultimoUso: Timestamp;
    expiraEm: Timestamp;
    encerradaEm: Timestamp | null;
    canalOrigem: string | null;
    /** When the portal first listed the person's debts in that session. */
    dividasListadasEm: Timestamp | null;
  }[];
}

const AGREEMENT_STATUS = { active: 'ativo', settled: 'quitado', cancelled: 'cancelado' } as const;
// Debtor requests and privacy requests move through the same statuses (decision 030).
const PRIVACY_STATUS = { open: 'aberta', in_progress: 'em atendimento', answered: 'respondida' } as const;
const MESSAGE_STATUS = {
  pending: 'pendente',
  sending: 'enviando',
  sent: 'enviada',
  failed: 'falhou',
} as const;
const PAYMENT_METHOD = { boleto: 'boleto', pix: 'PIX', cartao: 'cartão de crédito' } as const;

export async function exportPersonData(db: Db, scope: DebtScope): Promise<PersonDataExport> {
  const { partner } = scope;
  const {
    person,
    registration,
    contractRows,
    simulationRows,
    agreementRows,
    requestRows,
    secondCopyRows,
    stepRows,
    messageRows,
    privacyRows,
    contactRows,
    leadRows,
    sessionRows,
  } = await loadPersonData(db, scope);

  const contractsById = new Map<number, PersonDataExport['contratos'][number]>();
  for (const { contract, store, instalment, owed } of contractRows) {
    let entry = contractsById.get(contract.id);
    if (!entry) {
      entry = {
        loja: store,
        contrato: contract.number,
        observacao: contract.note,
        origem: contract.origin,
        referencia: contract.reference,
        registradoEm: contract.createdAt.toISOString(),
        parcelas: [],
      };
      contractsById.set(contract.id, entry);
    }
    if (instalment)
      entry.parcelas.push({
        parcela: instalment.number,
        vencimento: instalment.dueDate,
        valorCentavos: instalment.amountCents,
        saldoCentavos: instalment.balanceCents,
        // Paid in the portfolio or by its second copy here (instalmentOwed).
        pago: owed === false,
        lancamentoFuturo: instalment.futureEntry,
      });
  }

  return {
    geradoEm: new Date().toISOString(),
    parceiro: { nome: partner.name, identificador: partner.identifier },
    titular: {
      nome: person.name,
      cpfCnpj: person.cpfCnpj,
      dataNascimento: person.birthDate,
      telefone: person.phone,
      email: person.email,
      sexo: person.gender,
      endereco: {
        cep: person.cep,
        logradouro: person.street,
        numero: person.streetNumber,
        bairro: person.district,
        cidade: person.city,
        estado: person.state,
      },
      cadastradoEm: person.createdAt.toISOString(),
      atualizadoEm: person.updatedAt.toISOString(),
      primeiroAcessoNestePortal: iso(registration[0]?.createdAt ?? null),
    },
    contratos: [...contractsById.values()],
    // One entry per plan a search offered (decision 076 keeps a search's plans in one row).
    simulacoes: simulationRows.flatMap(({ row, store }) =>
      row.plans.map(([instalmentCount, entryCents, instalmentCents, totalCents], place) => ({
        loja: store,
        formaPagamento: PAYMENT_METHOD[row.paymentMethod],
        modalidade: row.paymentMode === 'A' ? 'à vista' : 'parcelado',
        parcelas: instalmentCount,
        entradaCentavos: entryCents,
        valorParcelaCentavos: instalmentCents,
        totalCentavos: totalCents,
        primeiroVencimento: row.firstDueDate,
        criadaEm: row.createdAt.toISOString(),
        usadaEm: row.usedPlan === place ? iso(row.usedAt) : null,
      })),
    ),
    acordos: agreementRows.map(({ row, store }) => ({
      codigo: row.id,
      loja: store,
      situacao: AGREEMENT_STATUS[row.status],
      formaPagamento: PAYMENT_METHOD[row.paymentMethod],
      parcelas: row.instalmentCount,
      entradaCentavos: row.entryCents,
      valorParcelaCentavos: row.instalmentCents,
      totalCentavos: row.totalCents,
      primeiroVencimento: row.firstDueDate,
      telefone: row.phone,
      email: row.email,
      criadoEm: row.createdAt.toISOString(),
    })),
    solicitacoes: requestRows.map(({ row, store }) => ({
      tipo: DEBTOR_REQUEST_KINDS[row.kind],
      loja: store,
      motivo: row.reason,
      entradaCentavos: row.entryCents,
      parcelas: row.instalmentCount,
      valorParcelaCentavos: row.instalmentCents,
      telefone: row.phone,
      contraproposta:
        row.counterInstalmentCount === null
          ? null
          : {
              entradaCentavos: row.counterEntryCents ?? 0,
              parcelas: row.counterInstalmentCount,
              valorParcelaCentavos: row.counterInstalmentCents ?? 0,
            },
      situacao: PRIVACY_STATUS[row.status],
      criadaEm: row.createdAt.toISOString(),
      resposta: row.answerText,
      respondidaEm: iso(row.answeredAt),
    })),
    segundasVias: secondCopyRows.map(({ row, store, contract, instalment, payments }) => ({
      loja: store,
      contrato: contract,
      parcela: instalment,
      vencimento: row.dueDate,
      valorCentavos: row.amountCents,
      nossoNumero: row.ourNumber,
      linhaDigitavel: row.digitableLine,
      emitidaEm: row.createdAt.toISOString(),
      pagamentos: payments.map((p) => ({
        valorCentavos: Number(p.amountCents),
        data: p.occurredOn,
        meio: p.cause.startsWith('pix:') ? ('PIX' as const) : ('boleto' as const),
      })),
    })),
    registrosDeNavegacao: stepRows.map((row) => ({
      etapa: row.step,
      erro: row.isError,
      data: row.createdAt.toISOString(),
    })),
    mensagens: messageRows.map((row) => ({
      canal: row.channel === 'sms' ? 'SMS' : 'e-mail',
      modelo: row.template,
      destinatario: row.recipient,
      situacao: MESSAGE_STATUS[row.status],
      criadaEm: row.createdAt.toISOString(),
      enviadaEm: iso(row.sentAt),
    })),
    solicitacoesDePrivacidade: privacyRows.map((row) => ({
      protocolo: row.protocol,
      tipo: row.requestType,
      solicitacao: row.message,
      situacao: PRIVACY_STATUS[row.status],
      prazo: row.dueOn,
      criadaEm: row.createdAt.toISOString(),
      resposta: row.answerText,
      respondidaEm: iso(row.answeredAt),
    })),
    mensagensDeContato: contactRows.map((row) => ({
      nome: row.name,
      email: row.email,
      texto: row.text,
      enviadaEm: row.createdAt.toISOString(),
      resposta: row.answerText,
      respondidaEm: iso(row.answeredAt),
    })),
    propostasPeloFormulario: leadRows.map((row) => ({
      nome: row.name,
      email: row.email,
      celular: row.mobile,
      telefone: row.phone,
      loja: row.store,
      cidade: row.city,
      valorCentavos: row.amountCents,
      valorPodePagarCentavos: row.affordableCents,
      formaPagamento: row.paymentForm === 'P' ? 'cartão de crédito' : 'boleto',
      observacao: row.notes,
      enviadaEm: row.createdAt.toISOString(),
    })),
    sessoes: sessionRows.map((row) => ({
      situacao: row.revokedAt ? 'encerrada' : row.status === 'open' ? 'identificada' : 'aguardando código',
      inicio: row.createdAt.toISOString(),
      ultimoUso: row.lastSeenAt.toISOString(),
      expiraEm: row.expiresAt.toISOString(),
      encerradaEm: iso(row.revokedAt),
      canalOrigem: row.originChannel,
      dividasListadasEm: iso(row.debtsListedAt),
    })),
  };
}
