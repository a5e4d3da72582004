// Valid bodies of the public forms, shared by the tests of each form and the fuzz test (which changes one field at
// a time). Each test overrides what it checks.

/** cadastrarLead: a complete "Envie sua proposta" form. */
export function validLead(overrides: Record<string, unknown> = {}) {
  return {
    nome: 'Ana Souza',
    cpf_cnpj: '52998224725',
    email: 'ana@example.com',
    cidade: 'Curitiba',
    celular: '41987654321',
    fone: '4133334444',
    loja: 'Alfa Eletro',
    valor: '1.500,00',
    valor_pode_pagar: '300,50',
    forma_pagamento: 'A',
    obs: 'Prefiro <pagar> no dia 10.',
    ...overrides,
  };
}

/** POST /api/trabalhe-conosco: a complete application, without a CV. */
export function validJobApplication(overrides: Record<string, unknown> = {}) {
  return {
    nome: 'Ana Souza',
    telefone: '(11) 98765-4321',
    email: 'ana@example.com',
    tipoDeAtuacao: 'pleno',
    interesse: 'desenvolvedor front-end',
    mensagem: 'Trabalho com React há 4 anos.',
    consentimento: true,
    ...overrides,
  };
}

/** enviarSolicitacaoPrivacidade: a complete LGPD rights request. */
export function validRightsRequest(overrides: Record<string, unknown> = {}) {
  return {
    nome: 'Ana Souza',
    telefone: '(41) 98765-4321',
    email: 'ana@example.com',
    tipoRequisicao: 'Acesso aos dados',
    solicitacao: 'Quero uma cópia dos meus <dados>.',
    ...overrides,
  };
}
