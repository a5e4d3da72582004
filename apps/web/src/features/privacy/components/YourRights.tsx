import { RIGHTS_ANSWER_DAYS } from '@portal/domain';
import { Link } from 'react-router';
import { KeepWords } from '../../../components/ui/KeepWords';
import { forgetCookieChoice } from '../../../lib/analytics';

/** Where an identified person downloads their data or asks for its erasure. */
const MY_DATA_PATH = '/meus-dados';

// LGPD art. 18 (and art. 20 for automated decisions), in plain words.
const RIGHTS: [title: string, text: string][] = [
  ['Confirmação', 'saber se tratamos algum dado pessoal seu.'],
  ['Acesso', 'receber uma cópia dos dados que temos sobre você.'],
  ['Correção', 'corrigir dados incompletos, errados ou desatualizados.'],
  [
    'Anonimização, bloqueio ou eliminação',
    'pedir isso para dados desnecessários, excessivos ou tratados em desacordo com a lei.',
  ],
  ['Portabilidade', 'levar os seus dados para outra empresa.'],
  [
    'Eliminação',
    'apagar os dados tratados com o seu consentimento, menos os que a lei nos obriga a guardar.',
  ],
  ['Compartilhamento', 'saber com quais empresas e órgãos públicos compartilhamos os seus dados.'],
  [
    'Consentimento',
    'saber quando pode negar o consentimento, o que acontece se negar, e revogá-lo a qualquer momento.',
  ],
  [
    'Revisão de decisões automatizadas',
    'pedir que uma pessoa revise uma decisão tomada só por computador que afete você (art. 20).',
  ],
];

/** The 'Seus direitos' tab: the data subject's rights (LGPD art. 18) and how to use them here. */
export function YourRights() {
  return (
    <div className="privacy-rights">
      <h2>Seus direitos</h2>
      <p>
        A Lei Geral de Proteção de Dados (Lei nº 13.709/2018, LGPD), no artigo 18, garante a você, titular dos
        dados, o direito de:
      </p>
      <ul>
        {RIGHTS.map(([title, text]) => (
          <li key={title}>
            <strong>{title}:</strong> {text}
          </li>
        ))}
      </ul>
      <h3>Como exercer os seus direitos</h3>
      <p>
        Preencha o formulário da aba <strong>Solicitação de direitos</strong>, nesta página, e escolha o tipo
        de pedido.{' '}
        <KeepWords>
          Você recebe na hora um número de protocolo, também enviado para o seu e-mail, e a resposta
        </KeepWords>{' '}
        em até {RIGHTS_ANSWER_DAYS} dias (LGPD, art. 19, II). Podemos pedir que você confirme a sua identidade
        antes de entregar ou mudar qualquer dado.
      </p>
      <p>
        Se você já tem cadastro no portal, pode fazer isso sozinho em{' '}
        <Link to={MY_DATA_PATH}>Meus dados</Link>: depois de se identificar como no login, baixe tudo o que o
        portal guarda sobre você ou peça a eliminação dos dados que a lei não nos obriga a manter.
      </p>
      <p>
        Se não ficar satisfeito com a resposta, você também pode reclamar à Autoridade Nacional de Proteção de
        Dados (ANPD).
      </p>
      <h3>Cookies de análise</h3>
      <p>
        Você pode mudar quando quiser a sua escolha sobre os cookies de análise: o aviso de cookies aparece de
        novo para você aceitar ou recusar.
      </p>
      <button
        type="button"
        className="btn btn--ghost"
        onClick={() => {
          forgetCookieChoice();
          window.location.reload();
        }}
        data-testid="cookie-choice-change"
      >
        Mudar minha escolha de cookies
      </button>
    </div>
  );
}
