import { formatBrDate, formatMoney, secondCopySendSchema } from '@portal/domain';
import * as Collapsible from '@radix-ui/react-collapsible';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from '../../../components/form/Form';
import { EmailInput, PhoneInput } from '../../../components/form/fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { QueryView } from '../../../components/ui/QueryView';
import { logStep } from '../../../lib/analytics';
import { failureText, fetchFile } from '../../../lib/api';
import { usePartner } from '../../../lib/partner';
import { debtorKeys } from '../api/debts';
import { type SendChannel, useSecondCopiesQuery, useSendSecondCopy } from '../api/second-copy';
import type { Divida, SegundaVia } from '../api/types';
import { STATUS_LABELS } from '../lib/agreements';
import { SECOND_COPY_TEXTS } from '../lib/second-copy';
import { DEBT_STEPS } from '../lib/steps';
import { CopyCode } from './CopyCode';
import { useDebtor } from './DebtsTemplate';
import { ChoiceGroup } from './payment-options/ChoiceGroup';
import { PdfIcon } from './SecondCopyPdfButton';
import { useOpenPdf } from './use-open-pdf';
import '../payment-options.css';
import { KeepWords } from '../../../components/ui/KeepWords';

const CHANNELS = [
  { value: 'email' as const, label: 'E-mail' },
  { value: 'sms' as const, label: 'SMS' },
];

/** Spec 001 §4 "Second-copy flow": choose e-mail or SMS, enter the address, send, result modal. */
function SendForm({ item, onDone }: { item: SegundaVia; onDone: () => void }) {
  const { showModal } = useFeedback();
  const send = useSendSecondCopy(item.codigo);
  const form = useZodForm(secondCopySendSchema, { tipoEnvio: 'email' as SendChannel, enderecoEnvio: '' });
  const channel = form.watch('tipoEnvio');

  async function onSubmit({ tipoEnvio, enderecoEnvio }: { tipoEnvio: SendChannel; enderecoEnvio: string }) {
    try {
      const answer = await send.mutateAsync({ channel: tipoEnvio, address: enderecoEnvio });
      if (answer.retorno) {
        await showModal({ title: 'Sucesso', text: answer.mensagem, style: 'success' });
        onDone();
      } else
        await showModal({
          title: 'Erro',
          text: answer.mensagem || SECOND_COPY_TEXTS.sendFailure[tipoEnvio],
          style: 'danger',
        });
    } catch (failure) {
      const fallback =
        tipoEnvio === 'sms' ? SECOND_COPY_TEXTS.smsException : SECOND_COPY_TEXTS.sendFailure.email;
      await showModal({ title: 'Erro', text: failureText(failure, fallback), style: 'danger' });
    }
  }

  return (
    <Form form={form} className="debt-form second-copy__send" onSubmit={onSubmit}>
      <ChoiceGroup
        legend="Enviar por"
        choices={CHANNELS}
        value={channel}
        onChange={(next) => form.reset({ tipoEnvio: next, enderecoEnvio: '' })}
        testId="second-copy-channel"
      />
      {channel === 'sms' ? (
        <PhoneInput label="Celular" name="enderecoEnvio" />
      ) : (
        <EmailInput label="E-mail" name="enderecoEnvio" />
      )}
      <button
        type="submit"
        className="btn btn--primary"
        disabled={send.isPending}
        data-testid="second-copy-send"
      >
        {send.isPending ? 'Enviando…' : 'Enviar'}
      </button>
    </Form>
  );
}

/** A paid second copy: the instalment shows PAGO, as in Meus Acordos, with nothing to pay or send again. */
function PaidSecondCopyItem({ item }: { item: SegundaVia }) {
  return (
    <li className="second-copy" data-testid="second-copy-item">
      <h4 className="second-copy__title">
        Parcela {item.par_prestacao} · Contrato {item.contrato}
      </h4>
      <span className="status status--P" data-testid="second-copy-status">
        {STATUS_LABELS.P}
      </span>
    </li>
  );
}

function SecondCopyItem({ item }: { item: SegundaVia }) {
  const config = usePartner();
  const debtor = useDebtor();
  const [sending, setSending] = useState(false);
  const openPdf = useOpenPdf();
  const queryClient = useQueryClient();

  async function openCopy() {
    logStep(config, DEBT_STEPS.boletoViewed, 'Abriu a 2ª via do boleto', debtor.pesCpfCnpj);
    await openPdf({
      fetch: () => fetchFile(item.caminho_completo_boleto!),
      download: false,
      loadingText: SECOND_COPY_TEXTS.issuing,
      failureText: SECOND_COPY_TEXTS.issueFailure,
      serverReason: true,
      fileName: `segunda-via-${item.codigo}.pdf`,
      // Paid meanwhile, or its PIX removed: the panel and the debts show what is true now.
      onRefused: () => void queryClient.invalidateQueries({ queryKey: debtorKeys.all }),
    });
  }

  return (
    // The send form is a disclosure of the item (Radix Collapsible): the button tells whether it is open.
    <Collapsible.Root asChild open={sending} onOpenChange={setSending}>
      <li className="second-copy" data-testid="second-copy-item">
        <h4 className="second-copy__title">
          Parcela {item.par_prestacao} · Contrato {item.contrato}
        </h4>
        <dl className="debt-facts">
          <div>
            <dt>Vencimento</dt>
            <dd>{formatBrDate(item.par_vencimento)}</dd>
          </div>
          <div>
            <dt>Valor</dt>
            <dd data-testid="second-copy-value">{formatMoney(item.par_valor)}</dd>
          </div>
        </dl>
        <CopyCode
          label="Linha digitável"
          value={item.linha_digitavel_segunda_via!}
          kind="line"
          reason="Copiou a linha digitável da 2ª via"
          testId="second-copy-line"
        />
        <CopyCode
          label="PIX copia e cola"
          value={item.pix_copia_cola_segunda_via!}
          kind="pix"
          reason="Copiou o PIX da 2ª via"
          testId="second-copy-pix"
        />
        <div className="debt-card__actions">
          <button type="button" className="btn btn--ghost" onClick={openCopy} data-testid="second-copy-open">
            <PdfIcon /> Baixar boleto (PDF)
          </button>
          <Collapsible.Trigger className="btn btn--ghost" data-testid="second-copy-send-open">
            <KeepWords>Enviar por SMS ou e-mail</KeepWords>
          </Collapsible.Trigger>
        </div>
        <Collapsible.Content>
          <SendForm item={item} onDone={() => setSending(false)} />
        </Collapsible.Content>
      </li>
    </Collapsible.Root>
  );
}

/** Spec 001 §2 "second-copy invoice" panel (SegundaViaBoleto): the card's second copies, or the empty text. */
export default function SecondCopyPanel({ debt }: { debt: Divida }) {
  const query = useSecondCopiesQuery(
    debt.loj_codigo,
    debt.contratos.map((c) => c.con_codigo),
  );
  return (
    <QueryView
      query={query}
      look="panel"
      failedText={(error) => failureText(error, SECOND_COPY_TEXTS.listFailure)}
      loading={
        <p className="boot" role="status">
          {SECOND_COPY_TEXTS.issuing}
        </p>
      }
    >
      {(items) =>
        items.length === 0 ? (
          <p data-testid="second-copy-empty">{SECOND_COPY_TEXTS.empty}</p>
        ) : (
          <ul className="second-copies" data-testid="second-copies">
            {items.map((item) =>
              item.status === 'P' ? (
                <PaidSecondCopyItem key={item.codigo} item={item} />
              ) : (
                <SecondCopyItem key={item.codigo} item={item} />
              ),
            )}
          </ul>
        )
      }
    </QueryView>
  );
}
