import type { OmniChannelFields, PartnerConfig } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { leavingOffersPanel, receiveCallOptions } from './receive-call';

function config(omni: OmniChannelFields | null, receiveCall = true): Pick<PartnerConfig, 'sessoes'> {
  const sessoes: PartnerConfig['sessoes'] = [
    { nome: 'customization', campos: { menuDebits: { flgReceberLigacao: receiveCall } }, arquivos: [] },
  ];
  if (omni) sessoes.push({ nome: 'omniChannel', campos: omni, arquivos: [] });
  return { sessoes };
}

const links = (fields: OmniChannelFields, reason: 'leaving' | 'sendBoletos' = 'leaving') =>
  receiveCallOptions(fields, reason).channels.map((c) => [c.id, c.href]);

describe('receive-call panel options (spec 001 §2, §3 omniChannel)', () => {
  it('WhatsApp: the link before the number, a number with the country code 55', () => {
    expect(links({ whatsappOmni: '(11) 98765-0000', whatsappLinkOmni: 'https://wa.me/c/123' })).toEqual([
      ['whatsapp', 'https://wa.me/c/123'],
    ]);
    expect(links({ whatsappOmni: '(11) 98765-0000' })).toEqual([['whatsapp', 'https://wa.me/5511987650000']]);
  });

  it('the call only with flgdiscadoraOmni; the digital contact only where WhatsApp is usable', () => {
    expect(receiveCallOptions({ flgdiscadoraOmni: true }, 'leaving')).toEqual({
      channels: [],
      call: true,
      digitalContact: false,
      sendBoletos: false,
    });
    expect(receiveCallOptions({ whatsappOmni: '11987650000' }, 'Juros Altos')).toMatchObject({
      call: false,
      digitalContact: true,
    });
    expect(receiveCallOptions({ whatsappOmni: '1234' }, 'leaving').digitalContact).toBe(false);
  });

  it('SMS and e-mail only in send-boletos mode, where e-mail sends the boletos instead of the partner address', () => {
    const fields = { emailOmni: 'atendimento@exemplo.com.br', chatOmni: 'https://exemplo.com.br/chat' };
    expect(receiveCallOptions(fields, 'leaving').sendBoletos).toBe(false);
    expect(links(fields)).toEqual([
      ['chat', 'https://exemplo.com.br/chat'],
      ['email', 'mailto:atendimento@exemplo.com.br'],
    ]);
    expect(receiveCallOptions(fields, 'sendBoletos').sendBoletos).toBe(true);
    expect(links(fields, 'sendBoletos')).toEqual([['chat', 'https://exemplo.com.br/chat']]);
  });
});

describe('Sair (spec 001 §2 main menu)', () => {
  const omni = { whatsappOmni: '11987650000' };
  it('offers the panel with flgReceberLigacao and no agreement made through the portal by this person', () => {
    expect(leavingOffersPanel(config(omni), '52998224725', null)).toBe(true);
    expect(leavingOffersPanel(config(omni), '52998224725', '39053344705')).toBe(true);
  });

  it('goes straight out after an agreement, without the flag, or with nothing to offer', () => {
    expect(leavingOffersPanel(config(omni), '52998224725', '52998224725')).toBe(false);
    expect(leavingOffersPanel(config(omni, false), '52998224725', null)).toBe(false);
    expect(leavingOffersPanel(config(null), '52998224725', null)).toBe(false);
  });
});
