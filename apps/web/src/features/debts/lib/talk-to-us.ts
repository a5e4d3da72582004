import { isValidEmail, type OmniChannelFields } from '@portal/domain';
import { externalUrl, telegramUrl, whatsappUrl } from '../../landing/lib/links';

// Spec 001 §2 "Talk to us": a button per channel the partner configured (sessoes.omniChannel, §3), each logged with
// its step code (§4: 43 chat, 42 e-mail, 17 Instagram, 18 LinkedIn, 19 Messenger, 21 Telegram, 22 Skype, 23
// WhatsApp); external links open in new tabs (§7).

export interface ContactChannel {
  id: 'chat' | 'email' | 'instagram' | 'linkedin' | 'messenger' | 'telegram' | 'skype' | 'whatsapp';
  label: string;
  /** Null only for a WhatsApp the partner filled with no usable number (spec 000 §8 'Missing WhatsApp number'). */
  href: string | null;
  step: number;
}

/** A profile link, or a bare user name on the network's own site ('@assessoria' -> {base}assessoria). */
function profileUrl(value: string | undefined, base: string): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^@?[A-Za-z0-9_.-]{2,}$/.test(text) && !text.includes('.')) return `${base}${text.replace(/^@/, '')}`;
  return externalUrl(text);
}

function skypeUrl(value: string | undefined): string | null {
  const name = value?.trim();
  return name && /^[A-Za-z0-9_.:,-]{2,}$/.test(name) ? `skype:${name}?chat` : null;
}

function mailUrl(value: string | undefined): string | null {
  const address = value?.trim();
  return address && isValidEmail(address) ? `mailto:${address}` : null;
}

/**
 * The channels to offer, in the spec's order; one whose value is not usable is left out, except WhatsApp: filled in
 * without a usable link or number it stays, so the person is told 'Não foi possível encontrar o número de Whatsapp
 * da assessoria!'.
 */
export function contactChannels(fields: OmniChannelFields | undefined): ContactChannel[] {
  const omni = fields ?? {};
  const candidates: [ContactChannel['id'], string, string | null, number][] = [
    ['chat', 'Chat', externalUrl(omni.chatOmni), 43],
    ['email', 'E-mail', mailUrl(omni.emailOmni), 42],
    ['instagram', 'Instagram', profileUrl(omni.instagramOmni, 'https://www.instagram.com/'), 17],
    ['linkedin', 'LinkedIn', externalUrl(omni.linkedinOmni), 18],
    ['messenger', 'Messenger', profileUrl(omni.messengerOmni, 'https://m.me/'), 19],
    ['telegram', 'Telegram', telegramUrl(omni.telegramOmni), 21],
    ['skype', 'Skype', skypeUrl(omni.skypeOmni), 22],
    // Spec 001 §3: the WhatsApp link has priority over the number (which gets the country code 55).
    ['whatsapp', 'WhatsApp', externalUrl(omni.whatsappLinkOmni) ?? whatsappUrl(omni.whatsappOmni), 23],
  ];
  const whatsappFilled = Boolean(omni.whatsappLinkOmni?.trim() || omni.whatsappOmni?.trim());
  return candidates
    .filter(([id, , href]) => href !== null || (id === 'whatsapp' && whatsappFilled))
    .map(([id, label, href, step]) => ({ id, label, href, step }));
}
