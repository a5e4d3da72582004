import type { WorkItem } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { requestSummary } from './work-item-text';

const item = (pedido: Partial<WorkItem['pedido']>, telefone: string | null = '31933334444'): WorkItem => ({
  fila: 'ligacoes',
  id: 1,
  parceiro: { id: 1, nome: 'Demo' },
  status: 'open',
  responsavel: null,
  recebido_em: '2026-11-29T12:00:00.000Z',
  prazo: null,
  pessoa: { nome: 'João', cpf_cnpj: null },
  divida: null,
  pedido: { motivo: null, proposta: null, texto: null, protocolo: null, tipo: null, telefone, ...pedido },
  resposta: null,
});

describe('requestSummary', () => {
  it.each([
    [{ tipo: 'Ligação' }, 'Ligação para (31) 93333-4444'],
    [{ tipo: 'WhatsApp' }, 'WhatsApp para (31) 93333-4444'],
    [{ tipo: 'Eliminação', texto: 'Apaguem meus dados' }, 'Eliminação: Apaguem meus dados'],
    [{ motivo: 'Desemprego' }, 'Desemprego'],
    [{}, 'Não reconhece a dívida'],
  ])('%o reads %s', (pedido, expected) => {
    expect(requestSummary(item(pedido))).toBe(expected);
  });

  it('a call request with no phone reads its type alone, never a dangling colon', () => {
    expect(requestSummary(item({ tipo: 'Ligação' }, null))).toBe('Ligação');
  });
});
