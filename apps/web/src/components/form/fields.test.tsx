// @vitest-environment happy-dom
import { maskMobilePhone } from '@portal/domain';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { Form } from './Form';
import { CheckboxInput, MoneyInput, PhoneInput, RadioGroupInput, TextInput } from './fields';
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

const paymentSchema = z.object({
  valor: z.string().min(1, 'Informe o valor'),
  forma: z.enum(['A', 'P'], 'Escolha a forma de pagamento'),
});

function PaymentSubject({ onSubmit }: { onSubmit: (values: unknown) => void }) {
  const form = useZodForm(paymentSchema, { valor: '', forma: '' as 'A' });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <MoneyInput name="valor" label="Valor" />
      <RadioGroupInput
        name="forma"
        legend="Forma de pagamento"
        options={[
          { value: 'A', label: 'Boleto' },
          { value: 'P', label: 'Cartão' },
        ]}
      />
      <button type="submit">Enviar</button>
    </Form>
  );
}

describe('money and radio group fields', () => {
  it('masks money from the right and ties the group message to its fieldset', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<PaymentSubject onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Valor'), '150000');
    expect((screen.getByLabelText('Valor') as HTMLInputElement).value).toBe('R$ 1.500,00');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const message = screen.getByText('Escolha a forma de pagamento');
    const group = screen.getByRole('group', { name: 'Forma de pagamento' });
    expect(group.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(screen.getByLabelText('Boleto'));
    await user.click(screen.getByLabelText('Cartão'));
    expect(screen.queryByText('Escolha a forma de pagamento')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSubmit).toHaveBeenCalledWith({ valor: 'R$ 1.500,00', forma: 'P' }, expect.anything());
  });
});
