import { customization, hasCapability, isCityHallMode, permitsNegotiation } from '@portal/domain';
import { useCallback, useEffect, useState } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { QueryView } from '../../../components/ui/QueryView';
import { logStep } from '../../../lib/analytics';
import { usePartner } from '../../../lib/partner';
import { externalUrl, paragraphs } from '../../landing/lib/links';
import { useDebtsQuery } from '../api/debts';
import type { DividasResposta } from '../api/types';
import { AgreementRedirectProvider } from '../components/AgreementRedirect';
import { AgreementNotice, DebtCard } from '../components/DebtCard';
import { DebtsTemplate, useDebtor } from '../components/DebtsTemplate';
import { MunicipalCard } from '../components/MunicipalCard';
import { type CardsState, MOBILE_QUERY, NO_SELECTION } from '../lib/card-panels';
import { MY_DEBITS_TEXTS, pendingDebtsText } from '../lib/debt-texts';
import { MENU_DEFAULTS } from '../lib/menu-tiles';
import { DEBT_STEPS } from '../lib/steps';
import { useMediaQuery } from '../lib/use-media-query';

/** The notices above the cards (spec 001 §2 "My debts"), each switched by the partner configuration. */
function Notices({ data }: { data: DividasResposta }) {
  const config = usePartner();
  const debtor = useDebtor();
  const settings = customization(config);
  const insurance = hasCapability(config, 'insuranceLink') ? externalUrl(settings.myDebits?.urlSeguro) : null;
  const pixKey = paragraphs(settings.myDebits?.textChavePix);
  return (
    <>
      {hasCapability(config, 'temporaryOffersNotice') && (
        <p className="notice notice--warning" data-testid="notice-temporary">
          {MY_DEBITS_TEXTS.temporaryOffers}
        </p>
      )}
      {settings.landPage?.flgModoServico ? (
        <p className="notice" data-testid="notice-services">
          {MY_DEBITS_TEXTS.servicesMode}
        </p>
      ) : (
        // Only an agreement this portal's Meus Acordos lists sends the person there.
        data.dividas.some((debt) => debt.acordo_ativo && !debt.acordo_em_outro_portal) && (
          <AgreementNotice text={MY_DEBITS_TEXTS.activeAgreement} testId="notice-agreement" />
        )
      )}
      {pixKey.length > 0 && (
        <div className="notice" data-testid="notice-pix">
          {pixKey.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      {insurance && (
        <p className="notice">
          <a
            href={insurance}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() =>
              logStep(config, DEBT_STEPS.insuranceLink, 'Abriu o link do seguro', debtor.pesCpfCnpj)
            }
            data-testid="insurance-link"
          >
            {MY_DEBITS_TEXTS.insuranceLink} <span className="sr-only">(abre em nova aba)</span>
          </a>
        </p>
      )}
      {hasCapability(config, 'cityHallWarningCard') && (
        <p className="notice notice--warning" data-testid="notice-city-hall">
          {MY_DEBITS_TEXTS.cityHall}
        </p>
      )}
    </>
  );
}

function DebtList() {
  const config = usePartner();
  const debtor = useDebtor();
  const { showModal } = useFeedback();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const query = useDebtsQuery();
  const [cards, setCards] = useState<CardsState>(NO_SELECTION);
  const setState = useCallback((update: (state: CardsState) => CardsState) => setCards(update), []);
  const control = { state: cards, mobile, setState };
  // Only a list that could not be read at all: a later read that fails leaves the cards on screen (QueryView).
  const error = query.isLoadingError ? query.error : null;

  useEffect(() => {
    logStep(config, DEBT_STEPS.debts, 'Acessou as dívidas', debtor.pesCpfCnpj);
  }, [config, debtor.pesCpfCnpj]);

  // Spec 001 §8: a failed list is also announced in a modal.
  useEffect(() => {
    if (error) showModal({ title: 'Erro', text: MY_DEBITS_TEXTS.loadError, style: 'danger' });
  }, [error, showModal]);

  const cityHall = isCityHallMode(config);
  return (
    <QueryView
      query={query}
      failedText={MY_DEBITS_TEXTS.loadError}
      loading={<LoadingOverlay message={MY_DEBITS_TEXTS.loading} />}
    >
      {(data) => (
        <>
          <Notices data={data} />
          {data.dividas.length === 0 ? (
            <p className="debts-message" data-testid="debts-empty">
              {MY_DEBITS_TEXTS.empty}
            </p>
          ) : (
            <>
              <p className="debts-count" data-testid="debts-count">
                {pendingDebtsText(data.dividas)}
              </p>
              <ul className="debt-list">
                {data.dividas.map((debt) => (
                  <li key={debt.chave}>
                    {cityHall ? (
                      <MunicipalCard debt={debt} person={data.pessoa} control={control} />
                    ) : (
                      <DebtCard debt={debt} control={control} />
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </QueryView>
  );
}

/** MyDebits (spec 001 §2 "My debts") at /minhas-dividas and /minhas-dividas/:cpf. */
export default function MyDebits() {
  const config = usePartner();
  const title = permitsNegotiation(config)
    ? customization(config).myDebits?.textMyDebits?.trim() || MENU_DEFAULTS.myDebits
    : MENU_DEFAULTS.myBoletos;
  return (
    <DebtsTemplate title={title} back="menu">
      <AgreementRedirectProvider>
        <DebtList />
      </AgreementRedirectProvider>
    </DebtsTemplate>
  );
}
