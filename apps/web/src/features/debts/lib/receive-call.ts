import {
  customization,
  findSection,
  type OmniChannelFields,
  type PartnerConfig,
  type ReceiveCallReason,
} from '@portal/domain';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage';
import { type ContactChannel, contactChannels } from './talk-to-us';

// Spec 001 §2 "Receive-call panel", §3 omniChannel, §4: what the panel offers, and whether Sair opens it.

export interface ReceiveCallOptions {
  /** The partner's channels, each a link opened in a new tab (WhatsApp: the link before the number, 55 prefixed). */
  channels: ContactChannel[];
  /** Phone call: the call-scheduling form (flgdiscadoraOmni). */
  call: boolean;
  /** Digital contact: the person leaves a WhatsApp number, where the partner has WhatsApp. */
  digitalContact: boolean;
  /** Send-boletos mode: SMS and e-mail send the person's boletos. */
  sendBoletos: boolean;
}

export function receiveCallOptions(
  fields: OmniChannelFields | undefined,
  reason: ReceiveCallReason,
): ReceiveCallOptions {
  const sendBoletos = reason === 'sendBoletos';
  const channels = contactChannels(fields);
  return {
    // In send-boletos mode the e-mail button sends the boletos instead of opening the partner's address.
    channels: sendBoletos ? channels.filter((channel) => channel.id !== 'email') : channels,
    call: fields?.flgdiscadoraOmni === true,
    digitalContact: channels.some((channel) => channel.id === 'whatsapp' && channel.href !== null),
    sendBoletos,
  };
}

function offersAnything(options: ReceiveCallOptions): boolean {
  return options.sendBoletos || options.call || options.digitalContact || options.channels.length > 0;
}

/** The panel's options for this partner, or null when it has nothing to offer (the panel is then skipped). */
export function panelOptions(
  config: Pick<PartnerConfig, 'sessoes'>,
  reason: ReceiveCallReason,
): ReceiveCallOptions | null {
  const options = receiveCallOptions(findSection(config, 'omniChannel')?.campos, reason);
  return offersAnything(options) ? options : null;
}

// Spec 001 §4 "Recording an agreement sets a flag that an agreement was made through the portal": kept for the
// browser tab (sessionStorage) with whose agreement it was, and dropped when the person leaves (decision 033).
const AGREEMENT_FLAG = 'acordoRealizadoPortal';

export function markAgreementMade(cpfCnpj: string): void {
  writeStorage(AGREEMENT_FLAG, cpfCnpj, 'session');
}

export function forgetAgreementMade(): void {
  removeStorage(AGREEMENT_FLAG, 'session');
}

/** Spec 001 §2 Sair: the panel when flgReceberLigacao is on and this person made no agreement through the portal. */
export function leavingOffersPanel(
  config: Pick<PartnerConfig, 'sessoes'>,
  cpfCnpj: string,
  agreementBy: string | null = readStorage(AGREEMENT_FLAG, 'session'),
): boolean {
  if (customization(config).menuDebits?.flgReceberLigacao !== true) return false;
  return agreementBy !== cpfCnpj && panelOptions(config, 'leaving') !== null;
}
