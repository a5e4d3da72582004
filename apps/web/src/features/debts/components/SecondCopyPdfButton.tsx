import { useFeedback } from '../../../components/ui/feedback';
import { logStep } from '../../../lib/analytics';
import { failureText } from '../../../lib/api';
import { usePartner } from '../../../lib/partner';
import { useWaitingTab } from '../../../lib/waiting-tab';
import { useIssueSecondCopy } from '../api/second-copy';
import type { Divida, Parcela } from '../api/types';
import { SECOND_COPY_TEXTS } from '../lib/second-copy';
import { DEBT_STEPS } from '../lib/steps';
import { useDebtor } from './DebtsTemplate';

/** A PDF document icon; the button carries the words. */
export function PdfIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm7 1.5V9h5.5L13 3.5ZM7 13v5h1.3v-1.6h.8c1.1 0 1.8-.6 1.8-1.7S10.2 13 9.1 13H7Zm1.3 1.1h.7c.4 0 .6.2.6.6s-.2.6-.6.6h-.7v-1.2Zm3.2-1.1v5h1.8c1.5 0 2.4-.9 2.4-2.5s-.9-2.5-2.4-2.5h-1.8Zm1.3 1.1h.4c.7 0 1.1.5 1.1 1.4s-.4 1.4-1.1 1.4h-.4v-2.8ZM17 13v5h1.3v-2h1.6v-1.1h-1.6v-.8H20V13h-3Z"
      />
    </svg>
  );
}

/**
 * Spec 001 §2 details table: the second-copy PDF icon of an instalment, for stores that issue second copies. The
 * tab opens within the click (so no pop-up blocker stops it) and shows the PDF once the server has issued it.
 */
export function SecondCopyPdfButton({ debt, parcela }: { debt: Divida; parcela: Parcela }) {
  const config = usePartner();
  const debtor = useDebtor();
  const { showModal, showLoading, hideLoading } = useFeedback();
  const issue = useIssueSecondCopy(debt.loj_codigo, parcela.par_codigo);
  const waitingTab = useWaitingTab();

  async function open() {
    const tab = waitingTab.open();
    showLoading(SECOND_COPY_TEXTS.issuing);
    let failure: string | null = null;
    try {
      const answer = await issue.mutateAsync();
      // A paid instalment is refused by the server ('Esta parcela já foi paga.'), so an answer carries its PDF.
      if (answer.retorno && answer.dados?.caminho_completo_boleto) {
        logStep(config, DEBT_STEPS.boletoViewed, 'Abriu a 2ª via do boleto', debtor.pesCpfCnpj);
        const path = answer.dados.caminho_completo_boleto;
        if (tab) tab.location.href = path;
        else window.location.assign(path);
      } else failure = answer.mensagem || SECOND_COPY_TEXTS.issueFailure;
    } catch (error) {
      failure = failureText(error, SECOND_COPY_TEXTS.issueFailure);
    } finally {
      waitingTab.settle();
      hideLoading();
    }
    if (failure) {
      tab?.close();
      await showModal({ title: 'Erro', text: failure, style: 'danger' });
    }
  }

  return (
    <button
      type="button"
      className="icon-button"
      onClick={open}
      // It opens the PDF in a new tab (where the phone offers to save it), so it says that, not "baixar".
      aria-label={`Abrir a 2ª via da parcela ${parcela.par_prestacao} (PDF, em nova aba)`}
      title="2ª via (PDF)"
      data-testid="second-copy-pdf"
    >
      <PdfIcon />
    </button>
  );
}
