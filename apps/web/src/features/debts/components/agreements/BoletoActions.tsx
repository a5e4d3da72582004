import { useFeedback } from '../../../../components/ui/feedback';
import { saveFile } from '../../../../lib/files';
import { useWaitingTab } from '../../../../lib/waiting-tab';
import { fetchBoletosPdf } from '../../api/agreements';
import type { DadosAcordo } from '../../api/types';
import { AGREEMENT_TEXTS } from '../../lib/agreements';

export interface BoletoActionsProps {
  kind: DadosAcordo['tipo'];
  /** The ticked rows' codes, in the card's order. */
  ticked: readonly number[];
  /** Spec 001 §4: nothing open or overdue disables the buttons. */
  enabled: boolean;
  /** Opens the boleto-sending modal; absent where the partner does not offer it. */
  onSend?: (() => void) | undefined;
}

/**
 * Spec 001 §2/§4/§5: view or download one PDF with the ticked boletos, or send them. The PDF is fetched first, so a
 * refusal becomes the spec's modal instead of an error page; the tab to view it opens within the click, so no pop-up
 * blocker stops it, and shows the PDF once it has arrived.
 */
export function BoletoActions({ kind, ticked, enabled, onSend }: BoletoActionsProps) {
  const { showModal, showLoading, hideLoading } = useFeedback();
  const waitingTab = useWaitingTab();

  /** Spec 001 §5: nothing ticked, nothing to do but say so. */
  function needsTick(): boolean {
    if (ticked.length > 0) return false;
    void showModal({ title: 'Atenção', text: AGREEMENT_TEXTS.selectOne, style: 'alert' });
    return true;
  }

  async function open(download: boolean) {
    if (needsTick()) return;
    const tab = download ? null : waitingTab.open();
    showLoading(AGREEMENT_TEXTS.issuing);
    const file = await fetchBoletosPdf(kind, ticked, download).catch(() => null);
    waitingTab.settle();
    hideLoading();
    if (!file) {
      tab?.close();
      await showModal({ title: 'Erro', text: AGREEMENT_TEXTS.downloadFailed, style: 'danger' });
    } else if (tab) {
      const url = URL.createObjectURL(file.blob);
      tab.location.href = url;
      // The tab has the document by then; the address is not needed after it.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } else {
      // Downloading, or a browser that opened no tab: the file is saved instead, named as the server names it.
      saveFile(file.blob, file.name ?? 'boletos.pdf');
    }
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
