import { describe, expect, it } from 'vitest';
import { ApiError, type Envelope } from '../../../lib/api';
import { failureOutcome, loginOutcome, nextStepTarget } from './outcomes';

const context = {
  identification: '52998224725',
  birthDate: '15/05/1990',
  phone: '(11) 98765-4321',
  registrationDisabled: false,
};
const envelope = (retorno: boolean, dados: unknown, mensagem = ''): Envelope => ({
  retorno,
  dados,
  mensagem,
});

describe('nextStepTarget', () => {
  it.each([
    [{ proximaEtapa: 'VerifyToken', telefoneMascarado: '(11) *****-4321' }, '/verificar-token'],
    [{ proximaEtapa: 'MyDebits', pesNome: 'Maria', quantidadeDividas: 2 }, '/minhas-dividas'],
    [{ proximaEtapa: 'AccordionTabs', pesNome: 'Maria', quantidadeDividas: 2 }, '/menu'],
  ])('%o -> %s', (dados, to) => expect(nextStepTarget(dados)?.to).toBe(to));

  it('carries the masked phone (and the CPF for step records) to the token screen', () => {
    expect(
      nextStepTarget({ proximaEtapa: 'VerifyToken', telefoneMascarado: '(11) *****-4321' }, '52998224725'),
    ).toEqual({
      to: '/verificar-token',
      state: { fone: '(11) *****-4321', identification: '52998224725' },
      replace: true,
    });
  });

  it('is null for anything else', () => {
    expect(nextStepTarget({ proximaEtapa: 'Other' })).toBeNull();
    expect(nextStepTarget(null)).toBeNull();
  });
});

describe('loginOutcome (spec 000 §4, §8)', () => {
  it('follows proximaEtapa, in place of the login: Back never returns to a finished login', () => {
    expect(loginOutcome(envelope(true, { proximaEtapa: 'AccordionTabs' }), context)).toEqual({
      kind: 'navigate',
      to: '/menu',
      replace: true,
    });
  });

  it.each([envelope(true, null), envelope(true, {}), envelope(false, null, 'CPF/CNPJ não encontrado!')])(
    'sends an unknown CPF/CNPJ to Register (%o)',
    (answer) => {
      expect(loginOutcome(answer, context)).toEqual({
        kind: 'navigate',
        to: '/cadastro',
        // The typed birth date and phone go along to prefill first access.
        state: { identification: '52998224725', birthDate: '15/05/1990', phone: '(11) 98765-4321' },
      });
    },
  );

  it('shows a modal instead when registration is disabled', () => {
    expect(
      loginOutcome(envelope(false, null, 'CPF/CNPJ não encontrado!'), {
        ...context,
        registrationDisabled: true,
      }),
    ).toMatchObject({
      kind: 'modal',
      title: 'Usuario não encontrado',
      text: 'Você não possui nenhuma dívida ou acordo cadastrado em nosso banco de dados.',
    });
  });

  it.each([
    [
      'Erro ao consultar o usuário! 1',
      'Data de nascimento incorreta',
      'Data de nascimento informada não condiz com a data do seu cadastro.',
    ],
    [
      'Erro ao consultar o usuário! 2',
      'Telefone incorreto',
      'Telefone informada não condiz com o telefone do seu cadastro.',
    ],
    ['Outra falha', 'Erro', 'Outra falha'],
  ])('%s -> %s', (mensagem, title, text) => {
    expect(loginOutcome(envelope(false, null, mensagem), context)).toMatchObject({
      kind: 'modal',
      title,
      text,
    });
  });

  it('retorno true with some other dados is an error', () => {
    expect(loginOutcome(envelope(true, { x: 1 }), context)).toMatchObject({
      title: 'Erro',
      text: 'Ocorreu um erro ao tentar encontrar o seu CPF',
    });
  });
});

describe('failureOutcome', () => {
  const network = 'Não foi possível achar seu CPF em nossos registros!';

  it('network failure', () => {
    expect(failureOutcome(new ApiError(0, 'offline'), network)).toMatchObject({
      title: 'Erro',
      text: network,
    });
    expect(failureOutcome(new TypeError('x'), network)).toMatchObject({ text: network });
  });

  it('HTTP 400 for a field not on screen shows its message in a modal', () => {
    const error = new ApiError(400, 'x', envelope(false, { pesCpfCnpj: 'Digite um CPF ou CNPJ válido!' }));
    expect(failureOutcome(error, network)).toMatchObject({
      kind: 'modal',
      text: 'Digite um CPF ou CNPJ válido!',
    });
  });

  it('a switched-off portal shows the fatal error, whatever the screen', () => {
    const error = new ApiError(403, 'x', envelope(false, null, 'Portal não está funcionando!'));
    const fatal = {
      kind: 'modal',
      title: 'Erro Fatal',
      text: 'Portal não está funcionando!',
      style: 'danger',
    };
    expect(failureOutcome(error, network, context)).toEqual(fatal);
    expect(failureOutcome(error, network)).toEqual(fatal);
  });

  it('HTTP 429 shows the server message', () => {
    const error = new ApiError(429, 'x', envelope(false, null, 'Muitas tentativas.'));
    expect(failureOutcome(error, network, context)).toMatchObject({
      title: 'Erro',
      text: 'Muitas tentativas.',
    });
  });
});
