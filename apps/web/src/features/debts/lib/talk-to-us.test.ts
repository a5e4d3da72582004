import { describe, expect, it } from 'vitest';
import { contactChannels } from './talk-to-us';

describe('contactChannels (spec 001 §2 "Talk to us", §3 omniChannel, §4 step codes)', () => {
  it('offers each configured channel in the spec order, with its link and step code', () => {
    const channels = contactChannels({
      whatsappOmni: '(11) 98765-0000',
      emailOmni: 'atendimento@exemplo.com.br',
      telegramOmni: '@assessoria',
      chatOmni: 'chat.exemplo.com.br',
      instagramOmni: '@exemplo',
      linkedinOmni: 'https://www.linkedin.com/company/exemplo',
      messengerOmni: 'exemplo',
      skypeOmni: 'live:exemplo',
    });
    expect(channels.map((c) => [c.id, c.href, c.step])).toEqual([
      ['chat', 'https://chat.exemplo.com.br/', 43],
      ['email', 'mailto:atendimento@exemplo.com.br', 42],
      ['instagram', 'https://www.instagram.com/exemplo', 17],
      ['linkedin', 'https://www.linkedin.com/company/exemplo', 18],
      ['messenger', 'https://m.me/exemplo', 19],
      ['telegram', 'https://t.me/assessoria', 21],
      ['skype', 'skype:live:exemplo?chat', 22],
      ['whatsapp', 'https://wa.me/5511987650000', 23],
    ]);
  });

  it('prefers the WhatsApp link to the number', () => {
    const [whatsapp] = contactChannels({
      whatsappOmni: '11987650000',
      whatsappLinkOmni: 'https://wa.me/c/123',
    });
    expect(whatsapp).toMatchObject({ id: 'whatsapp', href: 'https://wa.me/c/123' });
  });

  it('leaves out empty and unusable values', () => {
    expect(
      contactChannels({
        emailOmni: 'não é e-mail',
        chatOmni: '   ',
        skypeOmni: 'com espaço',
        linkedinOmni: 'javascript:alert(1)',
        flgdiscadoraOmni: true,
      }),
    ).toEqual([]);
    expect(contactChannels(undefined)).toEqual([]);
  });

  it('keeps a WhatsApp filled in without a usable number, with no link (the missing-number message)', () => {
    expect(contactChannels({ whatsappOmni: '1234' })).toEqual([
      { id: 'whatsapp', label: 'WhatsApp', href: null, step: 23 },
    ]);
  });
});
