import { FAQ_MESSAGES, type FaqItem, FIXED_FAQ, hasCapability } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { logStep } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api';
import { usePartner } from '../../../lib/partner';
import { paragraphs } from '../../landing/lib/links';
import { fetchFaq } from '../api/debts';
import { DebtsTemplate, useDebtor } from '../components/DebtsTemplate';
import { MENU_DEFAULTS } from '../lib/menu-tiles';
import { DEBT_STEPS } from '../lib/steps';

type Load = { kind: 'loading' } | { kind: 'ready'; items: readonly FaqItem[] } | { kind: 'failed' };

/** Spec 001 §2 "FAQ: accordion, from the server, or fixed texts for some partners"; §8 'Dados não encontrados'. */
function FaqList() {
  const config = usePartner();
  const debtor = useDebtor();
  const navigate = useNavigate();
  const fixed = hasCapability(config, 'fixedFaqTexts');
  const [load, setLoad] = useState<Load>(fixed ? { kind: 'ready', items: FIXED_FAQ } : { kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    logStep(config, DEBT_STEPS.faq, 'Acessou as dúvidas frequentes', debtor.pesCpfCnpj);
  }, [config, debtor.pesCpfCnpj]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    if (fixed) return;
    const controller = new AbortController();
    setLoad({ kind: 'loading' });
    fetchFaq(controller.signal).then(
      (answer) =>
        setLoad(answer.retorno ? { kind: 'ready', items: answer.dados.duvidas } : { kind: 'failed' }),
      (error) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) navigate('/', { replace: true });
        else setLoad({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [fixed, navigate, attempt]);

  if (load.kind === 'loading')
    return (
      <p className="boot" role="status">
        Carregando…
      </p>
    );
  if (load.kind === 'failed' || load.items.length === 0)
    return (
      <div className="debts-message" role="alert" data-testid="faq-failed">
        <p>{FAQ_MESSAGES.listFailed}</p>
        {load.kind === 'failed' && (
          <button type="button" className="btn btn--primary" onClick={() => setAttempt((n) => n + 1)}>
            Tentar novamente
          </button>
        )}
      </div>
    );
  return (
    <div className="faq" data-testid="faq">
      {load.items.map((item) => (
        // Native disclosure widgets: keyboard and screen readers work without any script.
        <details key={item.codigo} className="faq__item" data-testid="faq-item">
          <summary className="faq__question">{item.titulo}</summary>
          <div className="faq__answer">
            {paragraphs(item.descricao).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}

/** FAQ (spec 001 §2) at /duvidas; Voltar goes to the menu. */
export default function Faq() {
  return (
    <DebtsTemplate title={MENU_DEFAULTS.faq} back="menu">
      <FaqList />
    </DebtsTemplate>
  );
}
