import {
  FATAL_ERROR,
  GENERIC_ERROR_TITLE,
  LOGIN_ERRORS,
  LOOKUP_NOT_FOUND,
  LOOKUP_WRONG_BIRTH_DATE,
  LOOKUP_WRONG_PHONE,
} from '@portal/domain';
import type { ModalStyle } from '../../../components/ui/Modal';
import { ApiError, type Envelope } from '../../../lib/api';
import type { IdentifiedAnswer } from '../api/identification';

// What the screen does with an answer of the identification calls (spec 000 §4 login outcomes, §8 catalogue).
// Pure, so the whole table is tested without a browser.

export type Outcome =
  | { kind: 'navigate'; to: string; state?: unknown; replace?: boolean }
  | { kind: 'modal'; title: string; text: string; style: ModalStyle };

/**
 * Where an identified person goes next (the server decides it: spec 000 §4). Null for an unknown answer. The
 * token screen gets the masked phone, and the CPF/CNPJ for its step records. Each target replaces the screen that
 * asked (the login, then the token): a finished login stays out of the history, so Back from the debtor area (after
 * an agreement, say) leads to the landing page, never to a login form again.
 */
export function nextStepTarget(
  dados: unknown,
  identification = '',
): { to: string; state?: unknown; replace: true } | null {
  if (typeof dados !== 'object' || dados === null) return null;
  const answer = dados as Partial<IdentifiedAnswer>;
  switch (answer.proximaEtapa) {
    case 'VerifyToken':
      return {
        to: '/verificar-token',
        state: { fone: answer.telefoneMascarado ?? '', identification },
        replace: true,
      };
    case 'MyDebits':
      return { to: '/minhas-dividas', replace: true };
    case 'AccordionTabs':
      return { to: '/menu', replace: true };
    default:
      return null;
  }
}

function isEmpty(dados: unknown): boolean {
  if (dados === null || dados === undefined || dados === '' || dados === false) return true;
  if (Array.isArray(dados)) return dados.length === 0;
  return typeof dados === 'object' && Object.keys(dados).length === 0;
}

export interface LoginContext {
  identification: string;
  /** The birth date typed at login (dd/mm/aaaa), carried to first access, whose field is prefilled (spec 000 §2). */
  birthDate?: string;
  /** The phone typed at login, carried to first access so the person does not type it twice. */
  phone?: string;
  /** flgDesativaCadastro: an unknown CPF/CNPJ gets a modal instead of the registration screen. */
  registrationDisabled: boolean;
}

function notFound(context: LoginContext): Outcome {
  if (context.registrationDisabled)
    return { kind: 'modal', ...LOGIN_ERRORS.registrationDisabled, style: 'info' };
  return {
    kind: 'navigate',
    to: '/cadastro',
    state: {
      identification: context.identification,
      birthDate: context.birthDate ?? '',
      phone: context.phone ?? '',
    },
  };
}

/** Spec 000 §4/§8: the outcome of a 2xx passo_1 answer. */
export function loginOutcome(envelope: Envelope<unknown>, context: LoginContext): Outcome {
  if (envelope.retorno) {
    if (isEmpty(envelope.dados)) return notFound(context);
    const target = nextStepTarget(envelope.dados, context.identification);
    if (target) return { kind: 'navigate', ...target };
    return { kind: 'modal', ...LOGIN_ERRORS.unexpectedData, style: 'danger' };
  }
  const message = (envelope.mensagem ?? '').trim();
  if (message === LOOKUP_NOT_FOUND) return notFound(context);
  if (message === LOOKUP_WRONG_BIRTH_DATE)
    return { kind: 'modal', ...LOGIN_ERRORS.wrongBirthDate, style: 'alert' };
  if (message === LOOKUP_WRONG_PHONE) return { kind: 'modal', ...LOGIN_ERRORS.wrongPhone, style: 'alert' };
  return {
    kind: 'modal',
    title: GENERIC_ERROR_TITLE,
    text: message || LOGIN_ERRORS.network.text,
    style: 'danger',
  };
}

/**
 * The outcome of a failed call (ApiError or anything else) the form did not show under its fields. A switched-off
 * portal's refusal shows 'Erro Fatal'; HTTP 400 shows its first message; 429 and other answers with a message show
 * it in an 'Erro' modal; a network failure shows `networkText`. A failed passo_1 with a known message is handled
 * like its 2xx twin.
 */
export function failureOutcome(error: unknown, networkText: string, login?: LoginContext): Outcome {
  if (!(error instanceof ApiError) || error.status === 0) {
    return { kind: 'modal', title: GENERIC_ERROR_TITLE, text: networkText, style: 'danger' };
  }
  // The server refuses every call of a switched-off portal: the start-up message again, with its own title.
  if (error.envelope?.mensagem === FATAL_ERROR.text)
    return { kind: 'modal', ...FATAL_ERROR, style: 'danger' };
  if (error.status === 400) {
    const text = Object.values(error.fieldErrors)[0] ?? error.envelope?.mensagem;
    if (text) return { kind: 'modal', title: GENERIC_ERROR_TITLE, text, style: 'alert' };
  }
  if (login && error.envelope && error.status !== 429) return loginOutcome(error.envelope, login);
  const text = error.envelope?.mensagem?.trim();
  return { kind: 'modal', title: GENERIC_ERROR_TITLE, text: text || networkText, style: 'danger' };
}
