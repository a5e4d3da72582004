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
});
