import { describe, expect, it } from 'vitest';
import { cardDataFields } from './card-data-fields';

describe('cardDataFields', () => {
  it.each([
    [
      {
        praCodigo: '1',
        dadosDoCartao: { token: 'token_abc12345', bandeira: 'VISA', ultimos_digitos: '0010' },
      },
      [],
    ],
    // A token's digits are a card number only when the token is nothing else (a hex id has such runs by chance).
    [{ dadosDoCartao: { token: 'token_4000000000000010' } }, []],
    [{ dadosDoCartao: { token: '4000000000000010' } }, ['dadosDoCartao.token']],
    [{ dadosDoCartao: { token: '4000 0000 0000 0010' } }, ['dadosDoCartao.token']],
    [{ dadosDoCartao: { token: { numero: '4000000000000010' } } }, ['dadosDoCartao.token.numero']],
    [{ dadosDoCartao: { number: '4000000000000010' } }, ['dadosDoCartao.number']],
    [{ dadosDoCartao: { token: 't', cvv: '123' } }, ['dadosDoCartao.cvv']],
    [{ dadosDoCartao: { CVV: '' } }, ['dadosDoCartao.CVV']],
    [{ observacao: 'meu cartão 4000 0000 0000 0010' }, ['observacao']],
    [{ lista: ['x', '4000000000000028'] }, ['lista[1]']],
    [{ card_number: '4000.0000.0000.0010', codigo_seguranca: '123' }, ['card_number', 'codigo_seguranca']],
    [{ telefone: '11987654321', valor: 12345 }, []],
    ['4000000000000036', ['(body)']],
  ])('%o -> %o', (body, fields) => {
    expect(cardDataFields(body)).toEqual(fields);
  });
});
