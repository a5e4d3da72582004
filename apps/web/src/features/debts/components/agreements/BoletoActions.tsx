import { useQueryClient } from '@tanstack/react-query';
import { useFeedback } from '../../../../components/ui/feedback';
import { agreementKeys, fetchBoletosPdf } from '../../api/agreements';
import type { DadosAcordo } from '../../api/types';
import { AGREEMENT_TEXTS } from '../../lib/agreements';
import { useOpenPdf } from '../use-open-pdf';

export interface BoletoActionsProps {
  kind: DadosAcordo['tipo'];
  /** The ticked rows' codes, in the card's order. */
  ticked: readonly number[];
  /** Spec 001 §4: nothing open or overdue disables the buttons. */
  enabled: boolean;
  /** Opens the boleto-sending modal; absent where the partner does not offer it. */
  onSend?: (() => void) | undefined;
}

/** Spec 001 §2/§4/§5: view or download one PDF with the ticked boletos (useOpenPdf), or send them. */
export function BoletoActions({ kind, ticked, enabled, onSend }: BoletoActionsProps) {
  const { showModal } = useFeedback();
  const openPdf = useOpenPdf();
  const queryClient = useQueryClient();

  /** Spec 001 §5: nothing ticked, nothing to do but say so. */
  function needsTick(): boolean {
    if (ticked.length > 0) return false;
    void showModal({ title: 'Atenção', text: AGREEMENT_TEXTS.selectOne, style: 'alert' });
    return true;
  }

  async function open(download: boolean) {
    if (needsTick()) return;
    await openPdf({
      fetch: () => fetchBoletosPdf(kind, ticked, download),
      download,
      loadingText: AGREEMENT_TEXTS.issuing,
      // Spec 001 §8: one sentence for a boleto download, whatever the reason.
      failureText: AGREEMENT_TEXTS.downloadFailed,
      serverReason: false,
      fileName: 'boletos.pdf',
      // A ticked row may have changed meanwhile (paid, cancelled): the list shows what is true now.
      onRefused: () => void queryClient.invalidateQueries({ queryKey: agreementKeys.all }),
    });
  }

  return (
    <div className="agreement-actions">
      <button
        type="button"
        className="btn btn--primary"
        disabled={!enabled}
        onClick={() => open(false)}
        data-testid="agreement-view"
      >
        Visualizar boletos
      </button>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={!enabled}
        onClick={() => open(true)}
        data-testid="agreement-download"
      >
        Baixar boletos
      </button>
      {onSend && (
        <button
          type="button"
          className="btn btn--ghost"
          disabled={!enabled}
          onClick={() => {
            if (!needsTick()) onSend();
          }}
          data-testid="agreement-send"
        >
          Enviar boletos
        </button>
      )}
    </div>
  );
}
