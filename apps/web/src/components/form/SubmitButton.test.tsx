// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SubmitButton } from './SubmitButton';

afterEach(cleanup);

describe('SubmitButton', () => {
  it('is an enabled submit button with its label while idle', () => {
    render(
      <SubmitButton busy={false} busyText="Salvando…" className="btn btn--primary" testId="save">
        Salvar
      </SubmitButton>,
    );
    const button = screen.getByTestId('save');
    expect(button).toMatchObject({ type: 'submit', disabled: false, textContent: 'Salvar' });
    expect(button.className).toBe('btn btn--primary');
    expect(button.hasAttribute('aria-busy')).toBe(false);
  });

  it('is disabled and busy while the call runs, with the wait text when it has one', () => {
    render(
      <SubmitButton busy busyText="Salvando…" className="btn" testId="save">
        Salvar
      </SubmitButton>,
    );
    expect(screen.getByTestId('save')).toMatchObject({ disabled: true, textContent: 'Salvando…' });
    expect(screen.getByTestId('save').getAttribute('aria-busy')).toBe('true');
  });

  it('keeps its label while busy without a wait text (the screen shows its own loading overlay)', () => {
    render(
      <SubmitButton busy className="btn" testId="continue">
        Continuar
      </SubmitButton>,
    );
    expect(screen.getByTestId('continue')).toMatchObject({ disabled: true, textContent: 'Continuar' });
  });

  it('gets the focus back after the call when disabling it took the focus to the page body', () => {
    const button = (busy: boolean) => (
      <SubmitButton busy={busy} busyText="Salvando…" className="btn" testId="save">
        Salvar
      </SubmitButton>
    );
    const { rerender } = render(button(false));
    screen.getByTestId('save').focus();
    rerender(button(true));
    // What the browser does to a focused button once disabled (happy-dom keeps the focus there): it drops the focus.
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    elsewhere.remove();
    expect(document.activeElement).toBe(document.body);
    rerender(button(false));
    expect(document.activeElement).toBe(screen.getByTestId('save'));
  });

  it('leaves the focus where the page put it meanwhile (an error message, a field)', () => {
    const view = (busy: boolean) => (
      <>
        <input aria-label="Nome" />
        <SubmitButton busy={busy} className="btn" testId="save">
          Salvar
        </SubmitButton>
      </>
    );
    const { rerender } = render(view(false));
    screen.getByTestId('save').focus();
    rerender(view(true));
    screen.getByLabelText('Nome').focus();
    rerender(view(false));
    expect(document.activeElement).toBe(screen.getByLabelText('Nome'));
  });
});
