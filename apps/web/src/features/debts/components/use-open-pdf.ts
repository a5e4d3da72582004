import { useFeedback } from '../../../components/ui/feedback';
import { type FetchedFile, failureText } from '../../../lib/api';
import { saveFile } from '../../../lib/files';
import { useWaitingTab } from '../../../lib/waiting-tab';

export interface PdfRequest {
  fetch: () => Promise<FetchedFile>;
  /** Saved as a file instead of shown in a tab. */
  download: boolean;
  /** The loading overlay's text while the server makes it. */
  loadingText: string;
  /** What the error modal says: always, or when the server gives no reason and `serverReason` is set. */
  failureText: string;
  /** The server's reason comes first (spec 001 §8: for a second copy; an agreement's boletos have one sentence). */
  serverReason: boolean;
  /** The saved file's name when the server gives none. */
  fileName: string;
  /** Called on a refusal, as the modal opens: what the screen shows may have changed (a copy paid meanwhile). */
  onRefused: () => void;
}

/**
 * Shows or saves a PDF of the session, fetched first: a refusal (a copy paid meanwhile, decision 045) becomes a modal
 * with the server's reason instead of an error page in a new tab. The tab opens within the click, so no pop-up blocker
 * stops it, and shows the PDF once it has arrived.
 */
export function useOpenPdf(): (request: PdfRequest) => Promise<void> {
  const { showModal, showLoading, hideLoading } = useFeedback();
  const waitingTab = useWaitingTab();
  return async (request) => {
    const tab = request.download ? null : waitingTab.open();
    showLoading(request.loadingText);
    let file: FetchedFile | null = null;
    let failure = request.failureText;
    try {
      file = await request.fetch();
    } catch (error) {
      if (request.serverReason) failure = failureText(error, request.failureText);
    } finally {
      waitingTab.settle();
      hideLoading();
    }
    if (!file) {
      tab?.close();
      request.onRefused();
      await showModal({ title: 'Erro', text: failure, style: 'danger' });
      return;
    }
    if (tab) {
      const url = URL.createObjectURL(file.blob);
      tab.location.href = url;
      // The tab has the document by then; the address is not needed after it.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } else {
      // Downloading, or a browser that opened no tab: the file is saved instead, named as the server names it.
      saveFile(file.blob, file.name ?? request.fileName);
    }
  };
}
