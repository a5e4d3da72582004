import { describe, expect, it } from 'vitest';
import { boletoEmailText, DEFAULT_BOLETO_EMAIL_TEXT, firstName } from './boleto-sending';

describe('firstName', () => {
  it.each([
    ['João Pereira Lima', 'João'],
    ['  Maria   da Silva ', 'Maria'],
    ['Ana', 'Ana'],
    ['', ''],
    ['   ', ''],
  ])('%j is %j', (name, first) => expect(firstName(name)).toBe(first));
});

describe('boletoEmailText (spec 001 §3 textEmailBoleto with the first name)', () => {
  it.each([
    ['Olá {nome}, seus boletos.', 'Olá João, seus boletos.'],
    ['{nome}! {NOME}, { nome }.', 'João! João, João.'],
    ['Sem marcador.', 'Sem marcador.'],
  ])('%j gives %j', (template, text) => expect(boletoEmailText(template, 'João Pereira Lima')).toBe(text));

  it.each([undefined, null, '', '  \n '])('uses the default text for %j', (template) => {
    expect(boletoEmailText(template, 'João Lima')).toBe(DEFAULT_BOLETO_EMAIL_TEXT.replace('{nome}', 'João'));
  });

  it('puts a name with replacement patterns in as written', () => {
    expect(boletoEmailText('Oi {nome}', '$& $1')).toBe('Oi $&');
  });
});
