import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalCall } from '../../../lib/api';
import { forgetDebtor, markSessionSeen } from '../../debts/api/debts';

// The identification calls of docs/api.md "Identification (issue 3)". The session is an HttpOnly cookie the
// browser sends by itself; personal data travels in bodies only, never in URLs.

export type NextStep = 'VerifyToken' | 'MyDebits' | 'AccordionTabs';

/** `dados` of passo_1 and validar_token when they succeed. */
export interface IdentifiedAnswer {
  proximaEtapa: NextStep;
  telefoneMascarado?: string;
  pesNome?: string;
  quantidadeDividas?: number;
}

export interface ConsultPersonBody {
  pesCpfCnpj: string;
  dataNascimento?: string;
  telefone?: string;
  captcha?: string;
  aceite: boolean;
  /** Spec 001 §2: origin channel and advisory codes of an entry by another system (kept on the session). */
  enumCanalOrigem?: string;
  codAssessoriaSenff?: string;
}

export function consultPerson(body: ConsultPersonBody) {
  return portalCall<IdentifiedAnswer | null>('negociacao_robo', 'passo_1', { ...body });
}

export function sendLoginToken() {
  return portalCall<{ telefoneMascarado?: string; reenviarEmSegundos?: number } | null>(
    'negociacao_robo',
    'enviar_token',
    {},
  );
}

export function checkLoginToken(token: string) {
  return portalCall<IdentifiedAnswer | null>('negociacao_robo', 'validar_token', { token_cliente: token });
}

export interface FirstAccessBody {
  cpfCnpj: string;
  dataNascimento: string;
  telefone: string;
  email: string;
  sexo: '' | 'M' | 'F' | 'O';
  nome: string;
  captcha?: string;
}

export function registerFirstAccess(body: FirstAccessBody) {
  return portalCall<null>('portal', 'atualizarCadastro', { ...body });
}

export function requestPhoneChange(body: { pesCpfCnpj: string; captcha?: string }) {
  return portalCall<null>('portal', 'solicitarTrocaTelefone', { ...body });
}

export function changePhone(body: { token: string; pef_fone: string; confirmacao: string }) {
  return portalCall<null>('portal', 'atualizarTelefone', body);
}

// ---- Mutations -----------------------------------------------------------------------------------------------

/** A login (passo_1, or the SMS token after it) may open a session for someone else: the debtor cache goes. */
function useIdentifying<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => forgetDebtor(queryClient) });
}

/**
 * The token screen's calls act on the pending session the login opened in this tab: when it has ended (30 minutes
 * idle, or another login in another tab), the session end says so instead of dropping the person on the landing
 * page without a word. Marked before each call: a wrong token's settling forgets the debtor data, the mark with it.
 */
function underPendingSession<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  return (input: Input) => {
    markSessionSeen();
    return call(input);
  };
}

export const useConsultPerson = () => useIdentifying(consultPerson);
export const useCheckLoginToken = () => useIdentifying(underPendingSession(checkLoginToken));
export const useSendLoginToken = () => useMutation({ mutationFn: underPendingSession(sendLoginToken) });
export const useRegisterFirstAccess = () => useMutation({ mutationFn: registerFirstAccess });
export const useRequestPhoneChange = () => useMutation({ mutationFn: requestPhoneChange });
export const useChangePhone = () => useMutation({ mutationFn: changePhone });
