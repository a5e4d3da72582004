import {
  ERASURE_REGISTRATION_DATA,
  ERASURE_REGISTRATION_KEPT,
  formatBrDate,
  maskCpfCnpj,
  maskPhone,
} from '@portal/domain';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useFocusStart } from '../../../components/ui/focus-return';
import { PageHeader } from '../../../components/ui/PageHeader';
import { QueryView } from '../../../components/ui/QueryView';
import { failureText } from '../../../lib/api';
import { markHeroPainted } from '../../../lib/first-paint';
import { usePartner } from '../../../lib/partner';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { Footer } from '../../landing/components/Footer';
import { rightsRequestPath } from '../../privacy/rights-request-link';
import {
  type ErasureAnswer,
  MY_DATA_JSON_URL,
  MY_DATA_PDF_URL,
  type MyDataExport,
  useErasure,
  useMyDataQuery,
} from '../api/my-data';
import { ErasureDialog } from '../components/ErasureDialog';
import '../my-data.css';
import { KeepWords } from '../../../components/ui/KeepWords';

const ERASURE_FAILED = 'Não foi possível eliminar os seus dados agora. Tente novamente mais tarde.';

/** "n registros" in Portuguese. */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Summary({ data }: { data: MyDataExport }) {
  const person = data.titular;
  const instalments = data.contratos.reduce((sum, c) => sum + c.parcelas.length, 0);
  const rows: [string, string][] = [
    [
      'Contratos',
      `${count(data.contratos.length, 'contrato', 'contratos')}, ${count(instalments, 'parcela', 'parcelas')}`,
    ],
    ['Acordos', count(data.acordos.length, 'acordo', 'acordos')],
    ['Simulações de pagamento', count(data.simulacoes.length, 'simulação', 'simulações')],
    ['Pedidos sobre dívidas', count(data.solicitacoes.length, 'pedido', 'pedidos')],
    ['Segundas vias de boleto', count(data.segundasVias.length, 'segunda via', 'segundas vias')],
    ['Mensagens enviadas a você', count(data.mensagens.length, 'mensagem', 'mensagens')],
    [
      'Solicitações de privacidade',
      count(data.solicitacoesDePrivacidade.length, 'solicitação', 'solicitações'),
    ],
    ['Mensagens de contato', count(data.mensagensDeContato.length, 'mensagem', 'mensagens')],
    ['Propostas pelo formulário', count(data.propostasPeloFormulario.length, 'proposta', 'propostas')],
    ['Acessos ao portal', count(data.sessoes.length, 'acesso', 'acessos')],
    ['Registros de navegação', count(data.registrosDeNavegacao.length, 'registro', 'registros')],
  ];
  return (
    <>
      <section aria-labelledby="meus-dados-identificacao" className="my-data__card">
        <h2 id="meus-dados-identificacao">Identificação</h2>
        <dl className="my-data__list" data-testid="my-data-person">
          <dt>Nome</dt>
          <dd>{person.nome}</dd>
          <dt>CPF/CNPJ</dt>
          <dd>{maskCpfCnpj(person.cpfCnpj)}</dd>
          <dt>Data de nascimento</dt>
          <dd>{person.dataNascimento ? formatBrDate(person.dataNascimento) : 'não informada'}</dd>
          <dt>Telefone</dt>
          <dd>{person.telefone ? maskPhone(person.telefone) : 'não informado'}</dd>
          <dt>E-mail</dt>
          <dd>{person.email ?? 'não informado'}</dd>
        </dl>
      </section>
      <section aria-labelledby="meus-dados-registros" className="my-data__card">
        <h2 id="meus-dados-registros">O que guardamos sobre você</h2>
        <dl className="my-data__list" data-testid="my-data-summary">
          {rows.map(([label, value]) => (
            <div key={label} className="my-data__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

/** Nobody is identified on this partner: how to get there, and the privacy portal for anyone. */
function Unidentified() {
  return (
    <div className="my-data__card" data-testid="my-data-unidentified">
      <p>
        Para ver, baixar ou pedir a eliminação dos dados que este portal guarda sobre você, primeiro
        precisamos saber que é você mesmo.
      </p>
      <p>
        Volte à página inicial, digite o seu CPF ou CNPJ e confirme os seus dados. Depois disso, abra de novo
        “Meus dados” no menu.
      </p>
      <Link to="/" className="btn btn--primary">
        Ir para a página inicial e informar o CPF/CNPJ
      </Link>
      <p className="my-data__hint">
        Sem se identificar, você ainda pode fazer um pedido pelo{' '}
        <Link to="/portal-de-privacidade">portal de privacidade</Link>.
      </p>
    </div>
  );
}

/** The summary, the downloads and the way to the erasure. */
function Ready({ data, onErase }: { data: MyDataExport; onErase: () => void }) {
  const config = usePartner();
  return (
    <>
      <p className="my-data__intro">
        Estes são os dados que {config.nome} guarda sobre você neste portal, como prevê a Lei Geral de
        Proteção de Dados (LGPD). Baixe uma cópia completa ou peça a eliminação do que a lei não nos obriga a
        guardar.
      </p>
      <Summary data={data} />
      <section aria-labelledby="meus-dados-baixar" className="my-data__card">
        <h2 id="meus-dados-baixar">Baixar uma cópia</h2>
        <p>O arquivo JSON serve para levar os dados a outro serviço; o PDF é para ler ou imprimir.</p>
        <div className="my-data__actions">
          <a className="btn btn--primary" href={MY_DATA_JSON_URL} download data-testid="download-json">
            Baixar meus dados (JSON)
          </a>
          <a className="btn btn--primary" href={MY_DATA_PDF_URL} download data-testid="download-pdf">
            Baixar meus dados (PDF)
          </a>
        </div>
      </section>
      <section aria-labelledby="meus-dados-corrigir" className="my-data__card">
        <h2 id="meus-dados-corrigir">Corrigir dados ou retirar um consentimento</h2>
        <p>
          <KeepWords>
            Se algum dado estiver errado, ou se quiser retirar um consentimento que nos deu, faça o pedido
            pelo portal de privacidade. Você recebe um número de protocolo e a resposta no e-mail que
            informar.
          </KeepWords>
        </p>
        <div className="my-data__actions">
          <Link
            className="btn btn--ghost"
            to={rightsRequestPath('Correção de dados')}
            data-testid="ask-correction"
          >
            Pedir a correção dos meus dados
          </Link>
          <Link
            className="btn btn--ghost"
            to={rightsRequestPath('Revogação de consentimento')}
            data-testid="ask-consent-withdrawal"
          >
            Retirar um consentimento
          </Link>
        </div>
      </section>
      <section aria-labelledby="meus-dados-eliminar" className="my-data__card">
        <h2 id="meus-dados-eliminar">Eliminar meus dados</h2>
        <p>
          Você pode pedir que apaguemos agora os dados que a lei não nos obriga a guardar. Antes de confirmar,
          mostramos o que será eliminado e o que fica guardado.
        </p>
        <button
          type="button"
          className="btn btn--ghost my-data__erase"
          onClick={onErase}
          data-testid="erasure-open"
        >
          Solicitar eliminação dos meus dados
        </button>
      </section>
    </>
  );
}

/** After the erasure: its protocol, what stayed and why; focused so a screen reader reads it. */
function Receipt({
  answer,
  receiptRef,
}: {
  answer: ErasureAnswer;
  receiptRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div
      ref={receiptRef}
      className="my-data__card my-data__receipt"
      tabIndex={-1}
      role="status"
      data-testid="erasure-receipt"
    >
      <h2>Pedido atendido</h2>
      <p>
        Eliminamos os dados que a lei não nos obriga a guardar. Protocolo:{' '}
        <strong className="my-data__protocol" data-testid="erasure-protocol">
          {answer.protocolo}
        </strong>
      </p>
      {!answer.cadastroEliminado && (
        <p>
          Ficaram guardados: {ERASURE_REGISTRATION_DATA}, porque {ERASURE_REGISTRATION_KEPT}.
        </p>
      )}
      {answer.emailEnviado && (
        <p>
          <KeepWords>Enviamos a confirmação com o protocolo para o seu e-mail.</KeepWords>
        </p>
      )}
      <p>Por segurança, a sua sessão foi encerrada.</p>
      <Link to="/" className="btn btn--primary">
        Ir para a página inicial
      </Link>
    </div>
  );
}

/**
 * "Meus dados" at /meus-dados (issue 6 item 1, docs/decisions/010): for the person identified on this portal, a
 * summary of what the portal holds about them, the JSON and PDF downloads and the erasure with its confirmation;
 * anyone else is told to identify themselves first on the home page.
 */
export default function MyData() {
  const focusStart = useFocusStart<HTMLHeadingElement>();
  const config = usePartner();
  const query = useMyDataQuery();
  const erasure = useErasure();
  const [confirming, setConfirming] = useState(false);
  const receiptRef = useRef<HTMLDivElement>(null);
  const erased = erasure.data;

  useEffect(() => {
    document.title = `${config.nome} - Meus dados`;
    markHeroPainted();
    return () => {
      document.title = config.nome;
    };
  }, [config]);

  useEffect(() => {
    if (erased) receiptRef.current?.focus();
  }, [erased]);

  // Once, whatever the clicks: a second call would find the session already ended by the first. A failure shows
  // in the dialog (erasure.isError).
  const erase = useSingleFlight(() =>
    erasure.mutateAsync(undefined).then(
      () => setConfirming(false),
      () => undefined,
    ),
  );

  return (
    <div className="my-data">
      <PageHeader />
      <main id="conteudo" className="container my-data__main">
        <h1 {...focusStart}>Meus dados</h1>
        {erased ? (
          <Receipt answer={erased} receiptRef={receiptRef} />
        ) : (
          <QueryView query={query} look="card" failedText="Não foi possível carregar os seus dados.">
            {(data) =>
              data ? (
                <Ready
                  data={data}
                  onErase={() => {
                    erasure.reset();
                    setConfirming(true);
                  }}
                />
              ) : (
                <Unidentified />
              )
            }
          </QueryView>
        )}
        {confirming && (
          <ErasureDialog
            busy={erasure.isPending}
            failure={erasure.isError ? failureText(erasure.error, ERASURE_FAILED) : null}
            onConfirm={erase}
            onCancel={() => setConfirming(false)}
          />
        )}
      </main>
      <Footer config={config} />
    </div>
  );
}
