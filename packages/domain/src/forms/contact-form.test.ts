import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formErrors } from '../validation/schema-errors';
import {
  CONTACT_FAILURE,
  CONTACT_LIMITS,
  CONTACT_SUCCESS_SNACKBAR,
  type ContactFormInput,
  contactFormSchema,
  EMAIL_SENT_MESSAGE,
} from './contact-form';

const errorsOf = (input: ContactFormInput) => formErrors(contactFormSchema, input);

const valid: ContactFormInput = {
  name: 'Maria Silva',
  email: 'maria@exemplo.com.br',
  identification: '529.982.247-25',
  text: 'Gostaria de negociar a minha dívida.',
  agreement: true,
};

describe('contactFormSchema (spec 000 §5 Contact form)', () => {
  it('sends the fields trimmed and the document unmasked', () => {
    expect(
      contactFormSchema.parse({ ...valid, name: ' Maria Silva ', identification: '12.abc.345/01de-35' }),
    ).toEqual({
      ...valid,
      identification: '12ABC34501DE35',
    });
  });

  it('returns {} for a valid form, with CPF or CNPJ (numeric or alphanumeric)', () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, identification: '11.222.333/0001-81' })).toEqual({});
    expect(errorsOf({ ...valid, identification: '12ABC34501DE35' })).toEqual({});
  });

  it.each<[string, Partial<ContactFormInput>, keyof ContactFormInput, string]>([
    ['empty name', { name: '' }, 'name', 'Nome é obrigatório!'],
    ['blank name', { name: '    ' }, 'name', 'Nome é obrigatório!'],
    ['2-character name', { name: 'Al' }, 'name', 'Por favor, digite o seu nome completo'],
    ['padded 2-character name', { name: '  Al  ' }, 'name', 'Por favor, digite o seu nome completo'],
    ['21-character name', { name: 'A'.repeat(21) }, 'name', 'Por favor, digite o seu nome completo'],
    ['empty e-mail', { email: '' }, 'email', 'E-mail é obrigatório!'],
    ['invalid e-mail', { email: 'maria@exemplo' }, 'email', 'E-mail é obrigatório!'],
    ['empty identification', { identification: '' }, 'identification', 'CPF/CNPJ é obrigatório!'],
    ['repeated-digit CPF', { identification: '111.111.111-11' }, 'identification', 'CPF/CNPJ é obrigatório!'],
    ['all-zero CNPJ', { identification: '00.000.000/0000-00' }, 'identification', 'CPF/CNPJ é obrigatório!'],
    ['wrong length', { identification: '5299822472' }, 'identification', 'CPF/CNPJ é obrigatório!'],
    ['empty text', { text: '' }, 'text', 'Seu texto está muito curto.'],
    ['9-character text', { text: 'a'.repeat(9) }, 'text', 'Seu texto está muito curto.'],
    ['padded 9-character text', { text: `   ${'a'.repeat(9)}   ` }, 'text', 'Seu texto está muito curto.'],
    ['301-character text', { text: 'a'.repeat(301) }, 'text', 'Seu texto está muito longo.'],
    ['unticked agreement', { agreement: false }, 'agreement', 'Marque a caixa de consentimento para enviar.'],
  ])('%s', (_case, change, field, message) => {
    expect(errorsOf({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it.each<[string, Partial<ContactFormInput>]>([
    ['3-character name', { name: 'Ana' }],
    ['20-character name', { name: 'A'.repeat(20) }],
    ['20 accented characters', { name: 'João Conceição Ávila' }],
    ['10-character text', { text: 'a'.repeat(10) }],
    ['300-character text', { text: 'ã'.repeat(300) }],
    ['e-mail with surrounding spaces', { email: ' maria@exemplo.com ' }],
  ])('accepts the boundary: %s', (_case, change) => {
    expect(errorsOf({ ...valid, ...change })).toEqual({});
  });

  it('reports every invalid field at once', () => {
    expect(errorsOf({ name: '', email: '', identification: '', text: '', agreement: false })).toEqual({
      name: 'Nome é obrigatório!',
      email: 'E-mail é obrigatório!',
      identification: 'CPF/CNPJ é obrigatório!',
      text: 'Seu texto está muito curto.',
      agreement: 'Marque a caixa de consentimento para enviar.',
    });
  });

  it('accepts any name and text inside the limits', () => {
    const letters = (min: number, max: number) =>
      fc
        .array(fc.constantFrom(...'abcçãéíóú '), { minLength: min, maxLength: max })
        .map((c) => `x${c.join('')}x`);
    fc.assert(
      fc.property(
        letters(CONTACT_LIMITS.nameMin - 2, CONTACT_LIMITS.nameMax - 2),
        letters(CONTACT_LIMITS.textMin - 2, CONTACT_LIMITS.textMax - 2),
        (name, text) => {
          expect(errorsOf({ ...valid, name, text })).toEqual({});
        },
      ),
    );
  });

  it('keeps the limits and spec 000 §8 texts', () => {
    expect(CONTACT_LIMITS).toEqual({ nameMin: 3, nameMax: 20, textMin: 10, textMax: 300 });
    expect(CONTACT_SUCCESS_SNACKBAR).toBe('E-mail enviado com sucesso!');
    expect(EMAIL_SENT_MESSAGE).toBe('E-mail enviado com sucesso.');
    expect(CONTACT_FAILURE).toEqual({
      title: 'Atenção!',
      text: 'Ocorreu um erro ao enviar o e-mail. Tente novamente mais tarde',
    });
  });
});
