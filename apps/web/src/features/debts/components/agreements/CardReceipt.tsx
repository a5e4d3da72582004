import { formatMoney } from '@portal/domain';
import { useState } from 'react';
import { Dialog } from '../../../../components/ui/Dialog';
import { useFeedback } from '../../../../components/ui/feedback';
import { fetchFile } from '../../../../lib/api';
import { saveFile } from '../../../../lib/files';
import { useSingleFlight } from '../../../../lib/use-single-flight';
import type { ComprovanteCartao } from '../../api/types';

export const CARD_RECEIPT_TEXTS = {
  download: 'Baixar comprovante (PDF)',
  downloading: 'Baixando o comprovante…',
  downloadFailed: 'Não foi possível baixar o comprovante.',
} as const;

/**
 * Spec 001 §4: a card-settled (B) instalment's receipt, in a dialog, with what §3 and §9 list (company, masked CPF,
 * brand, last four, authorisation code, date and time), and its PDF (comp_cartao_{aci_codigo}).
 */
export function CardReceiptButton({ receipt, name }: { receipt: ComprovanteCartao; name: string }) {
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const { showModal } = useFeedback();

  // In the dialog, the button itself says it is working (the page's loading overlay is beneath the dialog), and a
  // second tap on a slow network downloads nothing more.
  const download = useSingleFlight(async () => {
    setDownloading(true);
    const file = await fetchFile(`${receipt.pdf}?download=1`).catch(() => null);
    setDownloading(false);
    if (!file) {
      await showModal({ title: 'Erro', text: CARD_RECEIPT_TEXTS.downloadFailed, style: 'danger' });
      return;
    }
    saveFile(file.blob, file.name ?? receipt.pdf.split('/').at(-1)!);
  });

  const lines: [string, string][] = [
    ['Empresa', receipt.empresa],
    ['CPF/CNPJ', receipt.cpf_cnpj],
    ['Bandeira', receipt.bandeira],
    ['Cartão', receipt.numero_cartao],
    ['Data do pagamento', receipt.data_de_pagamento],
    ['Horário do pagamento', `${receipt.horario_de_pagamento} (Brasília)`],
    ['Código de autorização', receipt.codigo_de_autorizacao],
    ['Valor', formatMoney(receipt.valor)],
    ['Parcelas no cartão', `${receipt.parcelas}x`],
  ];
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        onClick={() => setOpen(true)}
        aria-label={`Comprovante do cartão da ${name}`}
        data-testid="agreement-card-receipt"
      >
        Comprovante
      </button>
      {open && (
        <Dialog title="Comprovante de pagamento" onClose={() => setOpen(false)} testId="card-receipt">
          <dl className="po-summary">
            {lines.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <button
            type="button"
            className="btn btn--primary"
            onClick={download}
            disabled={downloading}
            aria-busy={downloading || undefined}
            data-testid="card-receipt-download"
          >
            {downloading ? CARD_RECEIPT_TEXTS.downloading : CARD_RECEIPT_TEXTS.download}
          </button>
        </Dialog>
      )}
    </>
  );
}
