import { NO_WHATSAPP, type PartnerConfig, STEP_CODES } from '@portal/domain';
import { useFeedback } from '../../../components/ui/feedback';
import { Icon } from '../../../components/ui/Icon';
import { logStep } from '../../../lib/analytics';
import { whatsappUrl } from '../lib/links';

/** Spec 000 §2: the floating WhatsApp button (flgIntegraRobo). Without a number it explains instead. */
export function WhatsAppButton({ config, number }: { config: PartnerConfig; number: string | undefined }) {
  const { showModal } = useFeedback();
  const url = whatsappUrl(number);
  if (url) {
    return (
      <a
        className="wa-float"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Fale conosco pelo WhatsApp (abre em nova aba)"
        onClick={() => logStep(config, STEP_CODES.whatsapp, 'Clicou no WhatsApp')}
        data-testid="whatsapp-float"
      >
        <Icon name="whatsapp" size={30} />
      </a>
    );
  }
  return (
    <button
      type="button"
      className="wa-float"
      aria-label="Fale conosco pelo WhatsApp"
      onClick={() => showModal({ ...NO_WHATSAPP, style: 'danger' })}
      data-testid="whatsapp-float"
    >
      <Icon name="whatsapp" size={30} />
    </button>
  );
}
