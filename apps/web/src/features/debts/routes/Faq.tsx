import { FAQ_MESSAGES, hasCapability } from '@portal/domain';
import { useEffect } from 'react';
import { QueryView } from '../../../components/ui/QueryView';
import { logStep } from '../../../lib/analytics';
import { usePartner } from '../../../lib/partner';
import { paragraphs } from '../../landing/lib/links';
import { useFaqQuery } from '../api/debts';
import { DebtsTemplate, useDebtor } from '../components/DebtsTemplate';
import { MENU_DEFAULTS } from '../lib/menu-tiles';
import { DEBT_STEPS } from '../lib/steps';

/** Spec 001 §2 "FAQ: accordion, from the server, or fixed texts for some partners"; §8 'Dados não encontrados'. */
function FaqList() {
  const config = usePartner();
  const debtor = useDebtor();
  const query = useFaqQuery(hasCapability(config, 'fixedFaqTexts'));

  useEffect(() => {
    logStep(config, DEBT_STEPS.faq, 'Acessou as dúvidas frequentes', debtor.pesCpfCnpj);
  }, [config, debtor.pesCpfCnpj]);

  return (
    <QueryView query={query} failedText={FAQ_MESSAGES.listFailed} failedTestId="faq-failed">
      {(items) =>
        items.length === 0 ? (
          <div className="debts-message" role="alert" data-testid="faq-failed">
            <p>{FAQ_MESSAGES.listFailed}</p>
          </div>
        ) : (
          <div className="faq" data-testid="faq">
            {items.map((item) => (
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
        )
      }
    </QueryView>
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
