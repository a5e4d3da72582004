import { formatBrDate, formatMoney } from '@portal/domain';
import * as Collapsible from '@radix-ui/react-collapsible';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import { EmailField } from '../../../components/ui/fields';
import { PhoneField } from '../../../components/ui/PhoneField';
import { logStep } from '../../../lib/analytics';
import { failureText } from '../../../lib/api';
import { usePartner } from '../../../lib/partner';
import { listSecondCopies, type SendChannel, sendSecondCopy } from '../api/second-copy';
import type { Divida, SegundaVia } from '../api/types';
import { SECOND_COPY_TEXTS, sendAddressError } from '../lib/second-copy';
import { DEBT_STEPS } from '../lib/steps';
import { useDebtor } from './DebtsTemplate';
import { ChoiceGroup } from './payment-options/ChoiceGroup';
import { PdfIcon } from './SecondCopyPdfButton';
import '../payment-options.css';

type Load =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; items: SegundaVia[] };

const CHANNELS = [
  { value: 'email' as const, label: 'E-mail' },
  { value: 'sms' as const, label: 'SMS' },
];

/** Copies to the clipboard; where the browser refuses, selects the text so the person can copy it. */
async function copyText(input: HTMLInputElement | null, text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.focus();
    input?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/** A code the person pays with: shown in full (selectable) with a copy button. */
function CopyCode({
  label,
  value,
  kind,
  testId,
}: {
  label: string;
  value: string;
  kind: 'line' | 'pix';
  testId: string;
}) {
  const config = usePartner();
  const debtor = useDebtor();
  const { showSnackbar } = useFeedback();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  async function copy() {
    const copied = await copyText(inputRef.current, value);
    showSnackbar(
      copied ? SECOND_COPY_TEXTS.copied[kind] : SECOND_COPY_TEXTS.copyFailed,
      copied ? 'success' : 'danger',
    );
    if (copied)
      logStep(
        config,
        kind === 'line' ? DEBT_STEPS.lineCopied : DEBT_STEPS.pixCopied,
        kind === 'line' ? 'Copiou a linha digitável da 2ª via' : 'Copiou o PIX da 2ª via',
        debtor.pesCpfCnpj,
      );
  }
  return (
    <div className="copy-code">
      <label htmlFor={id} className="copy-code__label">
        {label}
      </label>
      <div className="copy-code__row">
        <input
          id={id}
          ref={inputRef}
          className="copy-code__value"
          value={value}
          readOnly
          onFocus={(event) => event.target.select()}
          data-testid={testId}
        />
        <button type="button" className="btn btn--ghost" onClick={copy} data-testid={`${testId}-copy`}>
          Copiar
        </button>
      </div>
    </div>
  );
}

/** Spec 001 §4 "Second-copy flow": choose e-mail or SMS, enter the address, send, result modal. */
function SendForm({ item, onDone }: { item: SegundaVia; onDone: () => void }) {
  const config = usePartner();
  const debtor = useDebtor();
  const { showModal } = useFeedback();
  const [channel, setChannel] = useState<SendChannel>('email');
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const invalid = sendAddressError(channel, address);
    if (invalid) {
      setError(invalid);
      formRef.current?.querySelector<HTMLInputElement>('[name="enderecoEnvio"]')?.focus();
      return;
    }
    setBusy(true);
    logStep(
      config,
      channel === 'sms' ? DEBT_STEPS.secondCopySms : DEBT_STEPS.secondCopyEmail,
      channel === 'sms' ? 'Enviou a 2ª via por SMS' : 'Enviou a 2ª via por e-mail',
      debtor.pesCpfCnpj,
    );
    try {
      const answer = await sendSecondCopy(item.codigo, channel, address);
      if (answer.retorno) {
        await showModal({ title: 'Sucesso', text: answer.mensagem, style: 'success' });
        onDone();
      } else
        await showModal({
          title: 'Erro',
          text: answer.mensagem || SECOND_COPY_TEXTS.sendFailure[channel],
          style: 'danger',
        });
    } catch (failure) {
      const fallback =
        channel === 'sms' ? SECOND_COPY_TEXTS.smsException : SECOND_COPY_TEXTS.sendFailure.email;
      await showModal({ title: 'Erro', text: failureText(failure, fallback), style: 'danger' });
    } finally {
      setBusy(false);
    }
  }

  const change = (value: string) => {
    setAddress(value);
    setError(undefined);
  };
  return (
    <form ref={formRef} className="debt-form second-copy__send" onSubmit={onSubmit} noValidate>
      <ChoiceGroup
        legend="Enviar por"
        choices={CHANNELS}
        value={channel}
        onChange={(next) => {
          setChannel(next);
          change('');
        }}
        testId="second-copy-channel"
      />
      {channel === 'sms' ? (
        <PhoneField
          label="Celular"
          name="enderecoEnvio"
          value={address}
          error={error}
          onValueChange={change}
        />
      ) : (
        <EmailField
          label="E-mail"
          name="enderecoEnvio"
          value={address}
          error={error}
          onChange={(event) => change(event.target.value)}
        />
      )}
      <button type="submit" className="btn btn--primary" disabled={busy} data-testid="second-copy-send">
        {busy ? 'Enviando…' : 'Enviar'}
      </button>
    </form>
  );
}

function SecondCopyItem({ item }: { item: SegundaVia }) {
  const config = usePartner();
  const debtor = useDebtor();
  const [sending, setSending] = useState(false);
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
          value={item.linha_digitavel_segunda_via}
          kind="line"
          testId="second-copy-line"
        />
        <CopyCode
          label="PIX copia e cola"
          value={item.pix_copia_cola_segunda_via}
          kind="pix"
          testId="second-copy-pix"
        />
        <div className="debt-card__actions">
          <a
            className="btn btn--ghost"
            href={item.caminho_completo_boleto}
            target="_blank"
            rel="noopener"
            onClick={() =>
              logStep(config, DEBT_STEPS.boletoViewed, 'Abriu a 2ª via do boleto', debtor.pesCpfCnpj)
            }
            data-testid="second-copy-open"
          >
            <PdfIcon /> Baixar boleto (PDF)
          </a>
          <Collapsible.Trigger className="btn btn--ghost" data-testid="second-copy-send-open">
            Enviar por SMS ou e-mail
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
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ kind: 'loading' });
    listSecondCopies(
      debt.loj_codigo,
      debt.contratos.map((c) => c.con_codigo),
      controller.signal,
    )
      .then((answer) =>
        setLoad(
          answer.retorno
            ? { kind: 'ready', items: answer.dados.segundas_vias }
            : { kind: 'failed', message: answer.mensagem || SECOND_COPY_TEXTS.listFailure },
        ),
      )
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setLoad({ kind: 'failed', message: failureText(error, SECOND_COPY_TEXTS.listFailure) });
      });
    return () => controller.abort();
  }, [debt.loj_codigo, debt.contratos, attempt]);

  if (load.kind === 'loading')
    return (
      <p className="boot" role="status">
        {SECOND_COPY_TEXTS.issuing}
      </p>
    );
  if (load.kind === 'failed')
    return (
      <div role="alert" className="second-copy__failure">
        <p>{load.message}</p>
        <button type="button" className="btn btn--ghost" onClick={() => setAttempt((n) => n + 1)}>
          Tentar novamente
        </button>
      </div>
    );
  if (load.items.length === 0) return <p data-testid="second-copy-empty">{SECOND_COPY_TEXTS.empty}</p>;
  return (
    <ul className="second-copies" data-testid="second-copies">
      {load.items.map((item) => (
        <SecondCopyItem key={item.codigo} item={item} />
      ))}
    </ul>
  );
}
