// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { InfoTip } from './InfoTip';

afterEach(cleanup);

describe('InfoTip', () => {
  it('the button shows and hides the text in a live region; Escape hides it', async () => {
    const user = userEvent.setup();
    render(<InfoTip label="Sobre o valor" text="Inclui os juros." />);
    const button = screen.getByRole('button', { name: 'Sobre o valor' });
    const status = screen.getByRole('status');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(status.textContent).toBe('');

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(status.textContent).toBe('Inclui os juros.');
    expect(document.getElementById(button.getAttribute('aria-controls')!)?.textContent).toBe(
      'Inclui os juros.',
    );

    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(status.textContent).toBe('');

    await user.click(button);
    await user.click(button);
    expect(status.textContent).toBe('');
  });
});
