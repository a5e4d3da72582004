import { type StoreItem, storeFormValues } from '@portal/domain';

/** A store as GET /api/lojas answers it, for the stores screens' tests. */
export function storeItem(overrides: Partial<StoreItem> = {}): StoreItem {
  return {
    ...(storeFormValues() as unknown as StoreItem),
    id: 7,
    nome_fantasia: 'Bela Casa',
    razao_social: 'Móveis Bela Casa Ltda.',
    cpf_cnpj: '77888999000181',
    cidade: 'Recife',
    estado: 'PE',
    ativa: true,
    desativada_em: null,
    logo_url: null,
    parceiros: [],
    politica: null,
    ...overrides,
  };
}
