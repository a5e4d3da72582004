// @vitest-environment happy-dom
import { maskDate, maskMobilePhone, maskMoneyInput, parseMoney } from '@portal/domain';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { Form } from './Form';
import { CheckboxInput, DateInput, MoneyInput, PhoneInput, RadioGroupInput, TextInput } from './fields';
import { showServerErrors, useZodForm } from './use-zod-form';

const schema = z.object({
  nome: z.string().trim().min(3, 'Por favor, digite o seu nome completo'),
  telefone: z.string().refine((value) => value.replace(/\D/g, '').length === 11, 'Telefone inválido'),
  aceite: z.literal(true, 'Marque a caixa de consentimento para enviar.'),
});

function Subject({ onSubmit, serverError }: { onSubmit: (values: unknown) => void; serverError?: unknown }) {
  const form = useZodForm(schema, { nome: '', telefone: '', aceite: false as boolean });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        if (serverError && showServerErrors(form, serverError)) return;
        onSubmit(values);
      }}
    >
      <TextInput name="nome" label="Nome" />
      <PhoneInput name="telefone" label="Telefone" />
      <CheckboxInput name="aceite" label="Aceito" />
      <button type="submit">Enviar</button>
    </Form>
  );
}

afterEach(cleanup);

const maskedSchema = z.object({
  data: z.string().length(10, 'Data incompleta'),
  valor: z.string().refine((value) => (parseMoney(value) ?? 0) > 0, 'Valor inválido'),
});

const choiceSchema = z.object({ cor: z.enum(['azul', 'verde'], 'Escolha uma cor') });

function Choice({ onSubmit }: { onSubmit: (values: unknown) => void }) {
  const form = useZodForm(choiceSchema, { cor: '' as 'azul' });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <RadioGroupInput
        name="cor"
        legend="Cor"
        options={[
          { value: 'azul', label: 'Azul' },
          { value: 'verde', label: 'Verde' },
        ]}
      />
      <button type="submit">Enviar</button>
    </Form>
  );
}

/** The whole text committed at once as typed text, as a phone keyboard's clipboard suggestion does. */
function commitText(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  act(() => {
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
  });
}

function MaskedSubject() {
  const form = useZodForm(maskedSchema, { data: '', valor: '' });
  return (
    <Form form={form} onSubmit={vi.fn()}>
      <DateInput name="data" label="Data" />
      <MoneyInput name="valor" label="Valor" />
    </Form>
  );
}

describe('form fields', () => {
  it('shows a message under its field after leaving it, tied to the field for screen readers', async () => {
    const user = userEvent.setup();
    render(<Subject onSubmit={vi.fn()} />);
    const name = screen.getByLabelText('Nome');
    await user.type(name, 'Jo');
    expect(screen.queryByText('Por favor, digite o seu nome completo')).toBeNull();
    await user.tab();
    const message = screen.getByText('Por favor, digite o seu nome completo');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(message.id);
    await user.type(name, 'ão');
    expect(screen.queryByText('Por favor, digite o seu nome completo')).toBeNull();
  });

  it('masks the phone as it is typed', async () => {
    const user = userEvent.setup();
    render(<Subject onSubmit={vi.fn()} />);
    const phone = screen.getByLabelText('Telefone') as HTMLInputElement;
    await user.type(phone, '11987654321');
    expect(phone.value).toBe(maskMobilePhone('11987654321'));
  });

  it('takes a pasted phone or date whole: the mask bounds it, not a maximum length cutting the paste', async () => {
    const user = userEvent.setup();
    render(<Subject onSubmit={vi.fn()} />);
    const phone = screen.getByLabelText('Telefone') as HTMLInputElement;
    await user.click(phone);
    await user.paste('+55 (11) 98765-4321');
    expect(phone.value).toBe('(11) 98765-4321');
    cleanup();
    render(<MaskedSubject />);
    const date = screen.getByLabelText('Data') as HTMLInputElement;
    await user.click(date);
    await user.paste('  20/07/1990 ');
    expect(date.value).toBe('20/07/1990');
  });

  it('a pasted amount keeps its value in a money field (typing still fills the centavos from the right)', async () => {
    const user = userEvent.setup();
    render(<MaskedSubject />);
    const money = screen.getByLabelText('Valor') as HTMLInputElement;
    for (const [pasted, shown] of [
      ['1.500', 'R$ 1.500,00'],
      ['1500', 'R$ 1.500,00'],
      ['1500,5', 'R$ 1.500,50'],
      [' R$ 1.234,56 ', 'R$ 1.234,56'],
      ['250.00', 'R$ 250,00'],
    ]) {
      await user.clear(money);
      await user.paste(pasted!);
      expect(money.value).toBe(shown);
    }
    await user.clear(money);
    await user.type(money, '1500');
    expect(money.value).toBe('R$ 15,00');
  });

  it('a pasted date is the date it says (typing still fills dd/mm/aaaa digit by digit)', async () => {
    const user = userEvent.setup();
    render(<MaskedSubject />);
    const date = screen.getByLabelText('Data') as HTMLInputElement;
    for (const [pasted, shown] of [
      ['5/12/2026', '05/12/2026'],
      ['5.12.2026', '05/12/2026'],
      ['2026-12-05', '05/12/2026'],
    ]) {
      await user.clear(date);
      await user.paste(pasted!);
      expect(date.value).toBe(shown);
    }
    await user.clear(date);
    await user.type(date, '5122026');
    expect(date.value).toBe('51/22/026');
  });

  it("takes a phone keyboard's clipboard suggestion (the whole text committed as typed) as a paste", () => {
    render(<MaskedSubject />);
    const date = screen.getByLabelText('Data') as HTMLInputElement;
    const money = screen.getByLabelText('Valor') as HTMLInputElement;
    commitText(date, '5/12/2026');
    expect(date.value).toBe('05/12/2026');
    commitText(money, '1.500');
    expect(money.value).toBe('R$ 1.500,00');
  });

  it('masks a date as dd/mm/aaaa and money as R$, with the schema checking them on blur', async () => {
    const user = userEvent.setup();
    render(<MaskedSubject />);
    const date = screen.getByLabelText('Data') as HTMLInputElement;
    const money = screen.getByLabelText('Valor') as HTMLInputElement;
    await user.type(date, '2007');
    expect(date.value).toBe(maskDate('2007'));
    await user.tab();
    expect(screen.getByText('Data incompleta')).toBeTruthy();
    await user.type(money, '123456');
    expect(money.value).toBe(maskMoneyInput('123456'));
    await user.type(date, '1990');
    expect(date.value).toBe('20/07/1990');
    expect(screen.queryByText('Data incompleta')).toBeNull();
  });

  it('a radio group: its message is tied to the group, the first option focused, and it goes once chosen', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Choice onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const message = screen.getByText('Escolha uma cor');
    expect(screen.getByRole('group', { name: 'Cor' }).getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(screen.getByLabelText('Azul'));
    await user.click(screen.getByLabelText('Verde'));
    expect(screen.queryByText('Escolha uma cor')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSubmit).toHaveBeenCalledWith({ cor: 'verde' }, expect.anything());
  });

  it('a radio group keeps its message line while empty: a message on blur does not move the button clicked', async () => {
    // A dialog focuses its first option; the press on 'Enviar' blurs it and its message appears before the release.
    // A line that grew then would move the button from under the pointer, and the click that submits would be lost.
    render(<Choice onSubmit={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'Cor' });
    const line = group.querySelector('.field__error--slot');
    expect(line?.textContent).toBe('');
    const user = userEvent.setup();
    act(() => screen.getByLabelText('Azul').focus());
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(line?.textContent).toBe('Escolha uma cor');
  });

  it('refuses a submit with every message and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Subject onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Telefone inválido')).toBeTruthy();
    expect(screen.getByText('Marque a caixa de consentimento para enviar.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Nome'));
  });

  it('sends the schema output once valid', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Subject onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Nome'), '  Maria  ');
    await user.type(screen.getByLabelText('Telefone'), '11987654321');
    await user.click(screen.getByLabelText('Aceito'));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSubmit).toHaveBeenCalledWith({ nome: 'Maria', telefone: '(11) 98765-4321', aceite: true });
  });

  it("puts the server's field messages under their fields and focuses the first", async () => {
    const user = userEvent.setup();
    const refusal = new ApiError(400, 'Dados inválidos', {
      retorno: false,
      mensagem: 'Dados inválidos',
      dados: { telefone: 'Telefone já cadastrado', outro: 'ignorado' },
    });
    const onSubmit = vi.fn();
    render(<Subject onSubmit={onSubmit} serverError={refusal} />);
    await user.type(screen.getByLabelText('Nome'), 'Maria');
    await user.type(screen.getByLabelText('Telefone'), '11987654321');
    await user.click(screen.getByLabelText('Aceito'));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Telefone já cadastrado')).toBeTruthy();
    expect(screen.queryByText('ignorado')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Telefone'));
  });
});
