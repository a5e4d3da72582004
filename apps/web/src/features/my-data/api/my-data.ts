import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type Envelope, portalCall } from '../../../lib/api';
import { debtorKeys, envelopeData, forgetDebtor, isSessionExpired } from '../../debts/api/debts';

// "Meus dados" (docs/api.md "My data"): the export of what the portal holds about the identified person on this
// partner, and the erasure call. The session is the HttpOnly cookie identification opened.

export const MY_DATA_JSON_URL = '/api/meus-dados.json';
export const MY_DATA_PDF_URL = '/api/meus-dados.pdf';

/** The parts of the export (GET /api/meus-dados.json) the screen summarises; the download has everything. */
export interface MyDataExport {
  parceiro: { nome: string };
  titular: {
    nome: string;
    cpfCnpj: string;
    dataNascimento: string | null;
    telefone: string | null;
    email: string | null;
  };
  contratos: { parcelas: unknown[] }[];
  simulacoes: unknown[];
  acordos: unknown[];
  solicitacoes: unknown[];
  segundasVias: unknown[];
  mensagens: unknown[];
  solicitacoesDePrivacidade: unknown[];
  mensagensDeContato: unknown[];
  propostasPeloFormulario: unknown[];
  sessoes: unknown[];
  registrosDeNavegacao: unknown[];
}

/** The export; an ApiError with status 401 when nobody is identified on this partner. */
export async function fetchMyData(signal?: AbortSignal): Promise<MyDataExport> {
  let response: Response;
  try {
    response = await fetch(MY_DATA_JSON_URL, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal,
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Falha de rede');
  }
  const json = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) {
    const envelope = json as Envelope | undefined;
    throw new ApiError(response.status, envelope?.mensagem ?? response.statusText, envelope);
  }
  return json as MyDataExport;
}

export interface ErasureAnswer {
  protocolo: string;
  cadastroEliminado: boolean;
  emailEnviado: boolean;
}

/** portal/solicitarEliminacaoDados: executed at once; the session ends with it. */
export function requestErasure() {
  return portalCall<ErasureAnswer>('portal', 'solicitarEliminacaoDados', {});
}

export const myDataKeys = { export: [...debtorKeys.all, 'my-data'] as const };

/** The export, or null when nobody is identified on this partner. */
export function useMyDataQuery() {
  return useQuery({
    queryKey: myDataKeys.export,
    queryFn: ({ signal }) =>
      fetchMyData(signal).catch((error: unknown) => {
        if (isSessionExpired(error)) return null;
        throw error;
      }),
  });
}

/** The erasure; it ends the session, so everything read under it is forgotten. */
export function useErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => envelopeData(await requestErasure()),
    onSuccess: () => forgetDebtor(queryClient),
  });
}
