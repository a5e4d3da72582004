// @vitest-environment happy-dom
import { agreementCancelSchema } from '@portal/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from '../../../components/form/Form';
import { TextInput } from '../../../components/form/fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { showAdminRoute } from '../routes/admin-route.test-helpers';
import { useAdminSubmit } from './useAdminSubmit';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const saved = vi.fn();

/** A form whose save asks first, as the agreement's cancellation does, and saves only on 'Sim'. */
function ConfirmedForm() {
  const { confirm } = useFeedback();
  const form = useZodForm(agreementCancelSchema, { motivo: '' });
  const submit = useAdminSubmit(form, async (input) => {
    const sure = await confirm({
      title: 'Cancelar acordo',
      text: 'Tem certeza?',
      buttonText: 'Sim',
      cancelText: 'Não',
    });
    if (!sure) return false;
    saved(input);
  });
  return (
    <Form form={form} onSubmit={submit}>
      <TextInput label="Motivo" name="motivo" />
      <button type="submit">Cancelar acordo</button>
      <Link to="/admin">Voltar</Link>
    </Form>
  );
}

describe('useAdminSubmit', () => {
  it("keeps asking before leaving unsaved edits after 'Não' to the save's confirmation", async () => {
    const { user, router } = showAdminRoute('/admin/acordos/1', <ConfirmedForm />, () => undefined);
    await user.type(screen.getByLabelText('Motivo'), 'Devedor desistiu do acordo');
    await user.click(screen.getByRole('button', { name: 'Cancelar acordo' }));
    await user.click(await screen.findByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Não' })).toBeNull());
    expect(saved).not.toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    expect(await screen.findByText('Sair sem salvar?')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/acordos/1');
  });
});
