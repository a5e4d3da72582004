// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateField } from './DateField';

afterEach(cleanup);

function Subject() {
  const [value, setValue] = useState('');
  return <DateField label="Data do primeiro vencimento" value={value} onChange={setValue} limit="future" />;
}

describe('DateField', () => {
  it('a pasted date is the date it says (typing still fills dd/mm/aaaa digit by digit)', async () => {
    const user = userEvent.setup();
    render(<Subject />);
    const date = screen.getByLabelText('Data do primeiro vencimento') as HTMLInputElement;
    for (const [pasted, shown] of [
      ['5/12/2026', '05/12/2026'],
      ['05-12-2026', '05/12/2026'],
      ['2026-12-05', '05/12/2026'],
    ]) {
      await user.clear(date);
      await user.paste(pasted!);
      expect(date.value).toBe(shown);
    }
    await user.clear(date);
    await user.type(date, '05122026');
    expect(date.value).toBe('05/12/2026');
  });
});
