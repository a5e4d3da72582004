import type { FaqInput, FaqItem } from '@portal/domain';
import { adminPortalCall } from './admin';

// The FAQ calls of spec 002 §7 (a=portal): getDuvidas reads `dados.duvidas`; the writes need the staff token.

export const listFaq = async () => (await adminPortalCall<{ duvidas: FaqItem[] }>('getDuvidas')).duvidas;

/** One entry by its codigo (UpdateQuestions); fails with 'Dados não encontrados' when there is none. */
export async function getFaq(codigo: number): Promise<FaqItem> {
  const { duvidas } = await adminPortalCall<{ duvidas: FaqItem[] }>('getDuvidas', { codigo });
  return duvidas[0]!;
}

export const createFaq = (input: FaqInput) => adminPortalCall<{ duvida: FaqItem }>('cadastrarDuvida', input);

export const updateFaq = (codigo: number, input: FaqInput) =>
  adminPortalCall<{ duvida: FaqItem }>('atualizarDuvida', { codigo, ...input });

export const deleteFaq = (codigo: number) => adminPortalCall<null>('deletarDuvida', { codigo });
