import {
  type CallRequestKind,
  type ReceiveCallReason,
  receiveCallStep,
  receiveCallTitle,
} from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../../../components/ui/Dialog';
import { logStep } from '../../../../lib/analytics';
import { usePartner } from '../../../../lib/partner';
import type { SendChannel } from '../../api/second-copy';
import type { ReceiveCallOptions } from '../../lib/receive-call';
import { ChannelLink } from '../ChannelLink';
import { useDebtor } from '../DebtsTemplate';
import { ContactPhoneForm } from './ContactPhoneForm';
import './receive-call.css';

// Spec 001 §4 step codes of what the panel offers besides the partner's links. Its SMS and e-mail (send-boletos
// mode) log nothing here: the server logs 38 or 24 when it sends the boletos, once.
const CODES = { call: 20, whatsapp: 23 } as const;

const VIEWS: Record<CallRequestKind, { heading: string; hint: string }> = {
  call: {
    heading: 'Agende uma ligação',
    hint: 'Informe o telefone e a nossa equipe liga para você.',
  },
  whatsapp: {
    heading: 'Contato digital',
    hint: 'Informe o seu WhatsApp e a nossa equipe chama você por lá.',
  },
};

export interface ReceiveCallPanelProps {
  reason: ReceiveCallReason;
  options: ReceiveCallOptions;
  /** The store a call or WhatsApp request is about; absent (leaving) the first store with debts. */
  storeId?: number | undefined;
  onClose: () => void;
  /** Send-boletos mode: the sender the person chose (the panel closes). */
  onSendBoletos?: ((channel: SendChannel) => void) | undefined;
}

/**
 * Spec 001 §2 "Receive-call panel": a title by reason, the partner's channels (each in a new tab), the phone call
 * that toggles to the call scheduling, the digital contact, and in send-boletos mode SMS and e-mail. A choice is
 * logged with its step code, or 15/16 after a cannot-pay reason (spec 001 §4).
 */
export function ReceiveCallPanel({
  reason,
  options,
  storeId,
  onClose,
  onSendBoletos,
}: ReceiveCallPanelProps) {
  const config = usePartner();
  const debtor = useDebtor();
  const [view, setView] = useState<'channels' | CallRequestKind>('channels');
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<CallRequestKind | null>(null);

  // The control that changed the view is gone: focus goes to the new view's heading, or back to its button.
  useEffect(() => {
    if (view !== 'channels') heading.current?.focus();
    else if (opener.current)
      document.querySelector<HTMLElement>(`[data-testid="channel-${opener.current}"]`)?.focus();
  }, [view]);

  const log = (code: number, asked: boolean, label: string) =>
    logStep(config, receiveCallStep(reason, code, asked), `Contato por ${label}`, debtor.pesCpfCnpj);

  function open(kind: CallRequestKind) {
    opener.current = kind;
    log(CODES[kind], true, kind === 'call' ? 'ligação' : 'contato digital');
    setView(kind);
  }

  function sendBoletos(channel: SendChannel) {
    onSendBoletos?.(channel);
  }

  return (
    <Dialog title={receiveCallTitle(reason)} onClose={onClose} testId="receive-call">
      {view === 'channels' ? (
        <ul className="tiles receive-call__channels" aria-label="Canais de atendimento">
          {options.sendBoletos && (
            <>
              <li>
                <ChoiceTile label="SMS" testId="channel-sms" onClick={() => sendBoletos('sms')} />
              </li>
              <li>
                <ChoiceTile label="E-mail" testId="channel-email" onClick={() => sendBoletos('email')} />
              </li>
            </>
          )}
          {options.call && (
            <li>
              <ChoiceTile label="Receber uma ligação" testId="channel-call" onClick={() => open('call')} />
            </li>
          )}
          {options.digitalContact && (
            <li>
              <ChoiceTile
                label="Receber contato pelo WhatsApp"
                testId="channel-whatsapp-contact"
                onClick={() => open('whatsapp')}
              />
            </li>
          )}
          {options.channels.map((channel) => (
            <li key={channel.id}>
              <ChannelLink channel={channel} onChoose={() => log(channel.step, false, channel.label)} />
            </li>
          ))}
        </ul>
      ) : (
        <section className="receive-call__form" aria-labelledby="receive-call-heading">
          <h3 id="receive-call-heading" ref={heading} tabIndex={-1} className="receive-call__heading">
            {VIEWS[view].heading}
          </h3>
          <p>{VIEWS[view].hint}</p>
          <ContactPhoneForm kind={view} storeId={storeId} onDone={onClose} />
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => setView('channels')}
            data-testid="receive-call-back"
          >
            Voltar aos canais
          </button>
        </section>
      )}
    </Dialog>
  );
}

function ChoiceTile({ label, testId, onClick }: { label: string; testId: string; onClick: () => void }) {
  return (
    <button type="button" className="tile tile--button" onClick={onClick} data-testid={testId}>
      <span className="tile__title">{label}</span>
    </button>
  );
}
