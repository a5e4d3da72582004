// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal, type ModalOptions } from './Modal';

/** A page with a button that opens the modal, as the feedback provider does. */
function Page({ options, onClose }: { options: ModalOptions; onClose: (confirmed: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      {open && (
        <Modal
          {...options}
          onClose={(confirmed) => {
            setOpen(false);
            onClose(confirmed);
          }}
        />
      )}
    </>
  );
}

async function open(options: ModalOptions) {
  const user = userEvent.setup();
  const onClose = vi.fn();
  render(<Page options={options} onClose={onClose} />);
  const opener = screen.getByRole('button', { name: 'Abrir' });
  await user.click(opener);
  const modal = await screen.findByTestId('modal');
  return { user, onClose, opener, modal };
}

/** A confirmation: Sim confirms, Não declines. */
const QUESTION: ModalOptions = { title: 'Excluir?', text: 'x', buttonText: 'Sim', cancelText: 'Não' };

afterEach(cleanup);

describe('Modal', () => {
  it('is a dialog named by its title and described by its text, with focus on the main button', async () => {
    const { modal } = await open({
      title: 'Tudo certo',
      text: 'Seus dados foram enviados.',
      style: 'success',
    });
    expect(modal.getAttribute('role')).toBe('dialog');
    expect(modal.className).toBe('modal modal--success');
    expect(
      screen.getByRole('dialog', { name: 'Tudo certo', description: 'Seus dados foram enviados.' }),
    ).toBe(modal);
    expect(screen.getByRole('heading', { level: 2, name: 'Tudo certo' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
  });

  it('an urgent message or a question is an alertdialog', async () => {
    const { modal } = await open({ title: 'Atenção', text: 'Falhou.', style: 'danger' });
    expect(modal.getAttribute('role')).toBe('alertdialog');
    cleanup();
    const question = await open({ title: 'Excluir?', text: 'Não tem volta.', cancelText: 'Não' });
    expect(question.modal.getAttribute('role')).toBe('alertdialog');
  });

  it('a question starts on its cancel button: Enter declines it', async () => {
    const { user, onClose, opener } = await open(QUESTION);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Não' }));
    await user.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalledWith(false);
    expect(document.activeElement).toBe(opener);
  });

  it('the main button confirms and focus goes back to what opened the modal', async () => {
    const { user, onClose, opener } = await open(QUESTION);
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    expect(onClose).toHaveBeenCalledWith(true);
    expect(screen.queryByTestId('modal')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('the cancel button declines', async () => {
    const { user, onClose, opener } = await open(QUESTION);
    await user.click(screen.getByRole('button', { name: 'Não' }));
    expect(onClose).toHaveBeenCalledWith(false);
    expect(document.activeElement).toBe(opener);
  });

  it('Escape declines a question and acknowledges a message', async () => {
    const question = await open({ title: 'Excluir?', text: 'x', cancelText: 'Não' });
    await question.user.keyboard('{Escape}');
    expect(question.onClose).toHaveBeenCalledWith(false);
    expect(screen.queryByTestId('modal')).toBeNull();
    expect(document.activeElement).toBe(question.opener);
    cleanup();
    const message = await open({ title: 'Aviso', text: 'x' });
    await message.user.keyboard('{Escape}');
    expect(message.onClose).toHaveBeenCalledWith(true);
  });

  it('keeps focus inside: Tab cycles between its buttons', async () => {
    const { user } = await open(QUESTION);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sim' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Não' }));
  });

  it('a click outside does not close it', async () => {
    const { user, onClose, modal } = await open({ title: 'Aviso', text: 'x' });
    await user.click(modal.parentElement!);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('modal')).toBe(modal);
  });
});
