import { formatBrDate, formatMoney, instalmentName } from '@portal/domain';
import { Dialog } from '../../../../components/ui/Dialog';
import { useWatchPayment } from '../../api/agreements';
import type { ParcelaAcordo } from '../../api/types';
import { AGREEMENT_TEXTS, isOpen, pixQrPath } from '../../lib/agreements';
import { CopyCode } from '../CopyCode';

/**
 * Spec 001 §2/§4 QR/PIX modal: an instalment's QR code and its copy-and-paste code or, once the row reads paid (the
 * person paid with the modal open), that it is, or that it can no longer be paid (the row lost its code meanwhile). A
 * PIX not issued yet (pix_vai_ser_gerado) opens no modal: its row says when it comes (rowActions).
 */
export function PixDialog({ parcela, onClose }: { parcela: ParcelaAcordo; onClose: () => void }) {
  const paid = !isOpen(parcela);
  const code = paid ? null : parcela.pix_copia_cola;
  // The person is paying now: PAGO shows on the row within seconds of the PSP's notice.
  useWatchPayment();
  return (
    <Dialog
      title="Pagar com PIX"
      description={`${parcela.campo_parcela} · vencimento ${formatBrDate(parcela.vencimento)} · ${formatMoney(parcela.valor)}`}
      onClose={onClose}
      testId="pix-dialog"
    >
      {code ? (
        <>
          {/* Agreement instalments have a QR image; a Meus Boletos second copy is paid with its code. */}
          {parcela.aci_codigo !== null && (
            <img
              className="pix-dialog__qr"
              src={pixQrPath(parcela.aci_codigo)}
              alt={`QR Code do PIX da ${instalmentName(parcela.campo_parcela)}`}
              width={220}
              height={220}
              data-testid="pix-qr"
            />
          )}
          <CopyCode
            label="PIX copia e cola"
            value={code}
            kind="pix"
            reason="Copiou o PIX do acordo"
            testId="pix-code"
          />
        </>
      ) : (
        <p className="notice" role="status" data-testid={paid ? 'pix-paid' : 'pix-unavailable'}>
          {paid ? AGREEMENT_TEXTS.pixPaid : AGREEMENT_TEXTS.pixUnavailable}
        </p>
      )}
    </Dialog>
  );
}
