import { customization, findSection, formatBrDate, formatMoney, hasCapability } from '@portal/domain';
import * as Collapsible from '@radix-ui/react-collapsible';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useFeedback } from '../../../../components/ui/feedback';
import { KeepWords } from '../../../../components/ui/KeepWords';
import { failureText } from '../../../../lib/api';
import { usePartner } from '../../../../lib/partner';
import { useSingleFlight } from '../../../../lib/use-single-flight';
import { useSendPortalEmail } from '../../api/agreements';
import type { SendChannel } from '../../api/second-copy';
import type { Acordo, ParcelaAcordo } from '../../api/types';
import {
  AGREEMENT_TEXTS,
  cancelledNotice,
  documentCode,
  hasOpenInstalment,
  tickedInOrder,
} from '../../lib/agreements';
import { METHOD_LABELS } from '../../lib/plans';
import { receiveCallOptions } from '../../lib/receive-call';
import { ReceiveCallPanel } from '../receive-call/ReceiveCallPanel';
import { PdfIcon } from '../SecondCopyPdfButton';
import { BoletoActions } from './BoletoActions';
import { OriginalInstalments } from './OriginalInstalments';
import { PaymentsTable } from './PaymentsTable';
import { PixDialog } from './PixDialog';
import { SendBoletosDialog } from './SendBoletosDialog';

/** Spec 001 §2/§9 confession term: e-mailed to the address on file (none: the §8 message), with the release text. */
function ConfessionTerm({ acoCodigo, email }: { acoCodigo: number; email: string | null }) {
  const { showModal } = useFeedback();
  const send = useSendPortalEmail();

  // A double click sends one e-mail (isPending disables the button only once it has been drawn again).
  const sendTerm = useSingleFlight(async () => {
    if (!email) {
      await showModal({ title: 'Atenção', text: AGREEMENT_TEXTS.noEmail, style: 'alert' });
      return;
    }
    let outcome: { ok: boolean; text: string };
    try {
      const answer = await send.mutateAsync({ termo: 'S', aco_codigo: acoCodigo });
      outcome = answer.retorno
        ? { ok: true, text: AGREEMENT_TEXTS.emailSent }
        : { ok: false, text: answer.mensagem || AGREEMENT_TEXTS.emailFailed };
    } catch (error) {
      outcome = { ok: false, text: failureText(error, AGREEMENT_TEXTS.emailFailed) };
    }
    await showModal(
      outcome.ok
        ? { title: 'Sucesso', text: outcome.text, style: 'success' }
        : { title: 'Erro', text: outcome.text, style: 'danger' },
    );
  });

  return (
    <div className="notice" data-testid="agreement-term">
      <p>
        <KeepWords>{AGREEMENT_TEXTS.termNotice}</KeepWords>
      </p>
      <button
        type="button"
        className="btn btn--ghost"
        onClick={sendTerm}
        disabled={send.isPending}
        data-testid="agreement-term-send"
      >
        <KeepWords>{send.isPending ? 'Enviando…' : 'Enviar termo por e-mail'}</KeepWords>
      </button>
    </div>
  );
}

export interface AgreementCardProps {
  acordo: Acordo;
  /** The e-mail on file, masked, or null. */
  email: string | null;
  /** The payments start shown (the newest agreement, the one a person lands on after confirming it). */
  paymentsOpen: boolean;
}

/**
 * Spec 001 §2 "My agreements": one agreement (store, value negotiated, remaining, payment form, term), its payments
 * table behind 'Visualizar pagamentos' (§9; the partner's textMyAgreementsPayment) with the ticks for the boletos'
 * PDF, the PIX and sending modals, and its original instalments.
 */
export function AgreementCard({ acordo, email, paymentsOpen }: AgreementCardProps) {
  const config = usePartner();
  const settings = customization(config).myAgreements;
  const { dadosAcordo: agreement, loja } = acordo;
  const nameId = useId();
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [pix, setPix] = useState<ParcelaAcordo | null>(null);
  // Spec 001 §2: Enviar boletos opens the receive-call panel in send-boletos mode; its SMS or e-mail, the sender.
  const [sending, setSending] = useState<'panel' | SendChannel | null>(null);
  const [showPayments, setShowPayments] = useState(paymentsOpen);
  const boleto = agreement.forma_pagamento === 'boleto';
  // Spec 001 §6: the send-boletos button only for the partners that have it, and not with the pay-me flag; it sends
  // an agreement's instalments (a Meus Boletos card's second copies have their own sending, in MyDebits).
  const canSend =
    hasCapability(config, 'sendBoletosButton') && !settings?.flgPagueMe && agreement.tipo === 'acordo';
  const chosen = tickedInOrder(agreement.forma_pagamento, agreement.parcelas, ticked);

  function tick(code: number, on: boolean) {
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });
  }

  return (
    <article className="debt-card agreement-card" aria-labelledby={nameId} data-testid="agreement-card">
      <div className="debt-card__head">
        {loja.loj_caminho_logo && (
          <img className="debt-card__logo" src={loja.loj_caminho_logo} alt="" width={56} height={56} />
        )}
        <div>
          <h2 id={nameId} className="debt-card__name">
            {loja.loj_fantasia}
          </h2>
          <p className="debt-card__sub">
            {agreement.aco_codigo !== null && agreement.data_acordo
              ? `Acordo nº ${agreement.aco_codigo} de ${formatBrDate(agreement.data_acordo)}`
              : `CNPJ ${loja.loj_cpf_cnpj}`}
          </p>
        </div>
      </div>
      <dl className="debt-facts">
        {agreement.tipo === 'acordo' ? (
          <>
            <div>
              <dt>Valor negociado</dt>
              <dd data-testid="agreement-negotiated">{formatMoney(agreement.valor_negociado)}</dd>
            </div>
            {/* A cancelled agreement cannot be paid: nothing of it remains to pay. */}
            {agreement.status !== 'cancelled' && (
              <div>
                <dt>Valor restante</dt>
                <dd data-testid="agreement-remaining">{formatMoney(agreement.valor_restante)}</dd>
              </div>
            )}
          </>
        ) : (
          // A boleto-only store's card negotiated nothing: its boletos add up to what is open.
          <div>
            <dt>Valor em aberto</dt>
            <dd data-testid="agreement-remaining">{formatMoney(agreement.valor_restante)}</dd>
          </div>
        )}
        <div>
          <dt>Forma de pagamento</dt>
          <dd data-testid="agreement-method">{METHOD_LABELS[agreement.forma_pagamento]}</dd>
        </div>
      </dl>
      {agreement.status === 'cancelled' && (
        <p className="notice" data-testid="agreement-cancelled">
          {cancelledNotice(agreement.parcelas)} {AGREEMENT_TEXTS.cancelledNegotiate}{' '}
          <Link to="/minhas-dividas">Minhas Dívidas</Link>.
        </p>
      )}
      {agreement.aco_termo_anexo && (
        <a
          className="btn btn--ghost agreement-card__term"
          href={agreement.aco_termo_anexo}
          target="_blank"
          rel="noopener"
          data-testid="agreement-term-link"
        >
          <PdfIcon /> Termo do acordo (PDF) <span className="sr-only">(abre em nova aba)</span>
        </a>
      )}
      {agreement.aco_carta_quitacao && (
        // Issue 17: a settled agreement's discharge letter, saved as a file.
        <a
          className="btn btn--ghost agreement-card__term"
          href={`${agreement.aco_carta_quitacao}?download=1`}
          download
          data-testid="agreement-discharge-letter"
        >
          <PdfIcon /> Carta de quitação
        </a>
      )}
      {settings?.flgTermoCofissao && agreement.aco_codigo !== null && (
        <ConfessionTerm acoCodigo={agreement.aco_codigo} email={email} />
      )}
      <Collapsible.Root open={showPayments} onOpenChange={setShowPayments} className="agreement-payments">
        <Collapsible.Trigger className="btn btn--ghost" data-testid="agreement-payments-toggle">
          {showPayments
            ? AGREEMENT_TEXTS.hidePayments
            : settings?.textMyAgreementsPayment?.trim() || AGREEMENT_TEXTS.viewPayments}
        </Collapsible.Trigger>
        <Collapsible.Content className="agreement-payments__body">
          <PaymentsTable agreement={agreement} ticked={ticked} onTick={tick} onPix={setPix} />
          {/* A cancelled agreement cannot be paid and a settled one is paid: no boleto buttons, not even disabled. */}
          {boleto && agreement.status === 'active' && (
            <BoletoActions
              kind={agreement.tipo}
              ticked={chosen}
              enabled={hasOpenInstalment(agreement.parcelas)}
              onSend={canSend ? () => setSending('panel') : undefined}
            />
          )}
        </Collapsible.Content>
      </Collapsible.Root>
      <OriginalInstalments detalhes={acordo.detalhes} />
      {pix && (
        <PixDialog
          // The row as last read: paid while the modal is open, the modal says so.
          parcela={agreement.parcelas.find((p) => documentCode(p) === documentCode(pix)) ?? pix}
          onClose={() => setPix(null)}
        />
      )}
      {sending === 'panel' && (
        <ReceiveCallPanel
          reason="sendBoletos"
          options={receiveCallOptions(findSection(config, 'omniChannel')?.campos, 'sendBoletos')}
          storeId={loja.loj_codigo}
          onClose={() => setSending(null)}
          onSendBoletos={setSending}
        />
      )}
      {(sending === 'sms' || sending === 'email') && (
        <SendBoletosDialog
          aciCodigos={chosen}
          email={email}
          channel={sending}
          onClose={() => setSending(null)}
        />
      )}
    </article>
  );
}
