import { describe, expect, it } from 'vitest';
import {
  CRITICAL_ERROR,
  EMPTY_SELECT,
  FATAL_ERROR,
  LANDING_DEFAULTS,
  MISSING_PARAMETERS,
  NO_WHATSAPP,
  PARTNER_NOT_FOUND,
  STEP_CODES,
} from './messages';

describe('shell texts (spec 000 §8, §9) are verbatim', () => {
  it.each<[string, unknown, unknown]>([
    [
      'CRITICAL_ERROR',
      CRITICAL_ERROR,
      { title: 'Erro Crítico', text: 'Erro crítico ao carregar dados do portal.' },
    ],
    ['FATAL_ERROR', FATAL_ERROR, { title: 'Erro Fatal', text: 'Portal não está funcionando!' }],
    ['PARTNER_NOT_FOUND', PARTNER_NOT_FOUND, 'Subdomínio não encontrado!'],
    ['MISSING_PARAMETERS', MISSING_PARAMETERS, 'Parâmetros obrigatórios não informados'],
    [
      'NO_WHATSAPP',
      NO_WHATSAPP,
      { title: 'Ocorreu um erro', text: 'Não foi possível encontrar o número de Whatsapp da assessoria!' },
    ],
    ['EMPTY_SELECT', EMPTY_SELECT, 'Nenhum dado encontrado'],
    [
      'LANDING_DEFAULTS',
      LANDING_DEFAULTS,
      {
        title: 'Negocie aqui suas dívidas',
        searchButton: 'Buscar minhas dívidas',
        subtitle: 'É seguro, rápido e online!',
      },
    ],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('step codes of spec 000 §9', () => {
    expect(STEP_CODES).toEqual({
      accessPortal: 31,
      consultedDocument: 8,
      whatsapp: 15,
      linkedin: 18,
      telegram: 21,
      facebook: 29,
      instagram: 30,
      sendPhoneChangeLink: 25,
      phoneUpdated: 2,
      generateToken: 27,
      checkToken: 14,
    });
    expect(new Set(Object.values(STEP_CODES)).size).toBe(Object.keys(STEP_CODES).length);
  });
});
