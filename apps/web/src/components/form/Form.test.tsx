// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from './Form';

afterEach(cleanup);

function Harness({ onSubmit }: { onSubmit: () => Promise<void> }) {
  const form = useForm<{ nome: string }>({ defaultValues: { nome: 'Ana' } });
  return (
    <Form form={form} onSubmit={onSubmit} data-testid="form">
      <button type="submit">Enviar</button>
    </Form>
  );
}

describe('Form', () => {
  it('drops a submit while the last one runs (a double tap), and takes the next once it has ended', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness onSubmit={onSubmit} />);
    const form = screen.getByTestId('form');
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    fireEvent.submit(form);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.submit(form);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });
});
