// @vitest-environment happy-dom
import type { PartnerConfig } from '@portal/domain';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { storeCookieChoice } from '../../../../lib/analytics';
import { PartnerContext } from '../../../../lib/partner';
import { CardFields } from './CardFields';

// The card form's fields (spec 001 §5 masks) and the device fingerprint script (capability deviceFingerprint), which
// loads only with the capability, a URL and the visitor's cookie consent.

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

function partner(fingerprint: boolean, url: string): PartnerConfig {
  return {
    capacidades: { deviceFingerprint: fingerprint },
    sessoes: [{ nome: 'customization', campos: { myDebits: { urlScriptAntifraude: url } }, arquivos: [] }],
  } as unknown as PartnerConfig;
}

function WithForm({ children }: { children: ReactNode }) {
  const form = useForm({ defaultValues: { card_number: '', valid_date: '', cvv: '', name: '' } });
  return <FormProvider {...form}>{children}</FormProvider>;
}

function show(config: PartnerConfig) {
  const view = render(
    <PartnerContext.Provider value={{ config }}>
      <WithForm>
        <CardFields />
      </WithForm>
    </PartnerContext.Provider>,
  );
  return { user: userEvent.setup(), unmount: view.unmount };
}

const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));

describe('CardFields', () => {
  it('masks the number, validity and CVV as typed', async () => {
    const { user } = show(partner(false, ''));
    await user.type(screen.getByLabelText('Número do cartão'), '4000000000000010999');
    await user.type(screen.getByLabelText('Validade (mm/aa)'), '12305');
    await user.type(screen.getByLabelText('Código de segurança (CVV)'), '12a34');
    expect(screen.getByLabelText<HTMLInputElement>('Número do cartão').value).toBe('4000.0000.0000.0010');
    expect(screen.getByLabelText<HTMLInputElement>('Validade (mm/aa)').value).toBe('12/30');
    expect(screen.getByLabelText<HTMLInputElement>('Código de segurança (CVV)').value).toBe('123');
  });

  it.each([
    [true, 'accepted', 'https://fp.example.com/a.js', ['https://fp.example.com/a.js']],
    [true, 'refused', 'https://fp.example.com/b.js', []],
    [true, null, 'https://fp.example.com/c.js', []],
    [false, 'accepted', 'https://fp.example.com/d.js', []],
    [true, 'accepted', '', []],
  ])('fingerprint capability %s, cookies %s, url %s: loads %o', (capability, consent, url, loaded) => {
    if (consent === 'accepted') window.localStorage.setItem('acceptCookies', 'true');
    if (consent === 'refused') window.localStorage.setItem('refuseCookies', 'true');
    show(partner(capability, url));
    expect(scripts()).toEqual(loaded);
  });

  it('loads the script when cookies are accepted while the card form is open', () => {
    show(partner(true, 'https://fp.example.com/later.js'));
    expect(scripts()).toEqual([]);
    act(() => storeCookieChoice('accepted'));
    expect(scripts()).toEqual(['https://fp.example.com/later.js']);
  });

  it('a card form closed before consent loads nothing when cookies are accepted later', () => {
    const { unmount } = show(partner(true, 'https://fp.example.com/closed.js'));
    unmount();
    act(() => storeCookieChoice('accepted'));
    expect(scripts()).toEqual([]);
  });
});
