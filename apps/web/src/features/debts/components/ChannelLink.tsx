import { NO_WHATSAPP } from '@portal/domain';
import { useFeedback } from '../../../components/ui/feedback';
import type { ContactChannel } from '../lib/talk-to-us';

/**
 * One contact channel as a tile (Fale Conosco, the receive-call panel): a link that opens in a new tab (spec 001 §7),
 * or, for a WhatsApp with no usable number, a button that says so (spec 000 §8). `onChoose` logs the step.
 */
export function ChannelLink({ channel, onChoose }: { channel: ContactChannel; onChoose: () => void }) {
  const { showModal } = useFeedback();
  const testId = `channel-${channel.id}`;
  if (channel.href === null)
    return (
      <button
        type="button"
        className="tile tile--button"
        onClick={() => void showModal({ ...NO_WHATSAPP, style: 'danger' })}
        data-testid={testId}
      >
        <span className="tile__title">{channel.label}</span>
      </button>
    );
  return (
    <a
      className="tile"
      href={channel.href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onChoose}
      data-testid={testId}
    >
      <span className="tile__title">{channel.label}</span>
      <span className="sr-only">(abre em nova aba)</span>
    </a>
  );
}
