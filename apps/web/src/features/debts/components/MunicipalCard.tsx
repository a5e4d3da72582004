import { documentKind, findSection, maskCpfForDisplay } from '@portal/domain';
import { useId } from 'react';
import { logStep } from '../../../lib/analytics';
import { usePartner } from '../../../lib/partner';
import { externalUrl } from '../../landing/lib/links';
import type { Divida } from '../api/types';
import type { PanelKind } from '../lib/card-panels';
import { DEBT_STEPS } from '../lib/steps';
import { type CardControl, OpenPanel, PanelButton, UnderAgreementNote } from './DebtCard';
import { useDebtor } from './DebtsTemplate';

/**
 * Spec 001 §2: in municipal mode (flgPrefeituraMode) a card shows only the person's name, the masked CPF (§9: first
 * 3 digits, masked middle, last 2) and a negotiate button, plus the link to the city hall's own portal (its site).
 */
export function MunicipalCard({
  debt,
  person,
  control,
}: {
  debt: Divida;
  person: { pes_nome: string; pes_cpf_cnpj: string };
  control: CardControl;
}) {
  const config = usePartner();
  const debtor = useDebtor();
  const id = useId();
  const panelId = `${id}-panel`;
  const portal = externalUrl(findSection(config, 'contact')?.campos.site);
  const selected = control.state.selected === debt.chave;
  const panels: PanelKind[] = debt.acordo_ativo ? [] : ['paymentOptions'];
  return (
    <article
      className={selected ? 'debt-card debt-card--selected' : 'debt-card'}
      aria-labelledby={`${id}-name`}
      data-testid="debt-card"
    >
      <h2 id={`${id}-name`} className="debt-card__name">
        {person.pes_nome}
      </h2>
      <p className="debt-card__sub" data-testid="debt-cpf">
        {documentKind(person.pes_cpf_cnpj) === 'cnpj' ? 'CNPJ' : 'CPF'}{' '}
        {maskCpfForDisplay(person.pes_cpf_cnpj)}
      </p>
      {debt.acordo_ativo && <UnderAgreementNote debt={debt} />}
      <div className="debt-card__actions">
        {panels.map((panel) => (
          <PanelButton
            key={panel}
            debt={debt}
            control={control}
            panel={panel}
            panelId={panelId}
            label="Negociar"
          />
        ))}
        {portal && (
          <a
            className="btn btn--ghost"
            href={portal}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() =>
              logStep(config, DEBT_STEPS.cityHallPortal, 'Abriu o portal da prefeitura', debtor.pesCpfCnpj)
            }
          >
            Portal da Prefeitura <span className="sr-only">(abre em nova aba)</span>
          </a>
        )}
      </div>
      <OpenPanel debt={debt} control={control} id={panelId} offers={panels} />
    </article>
  );
}
