import { customization } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { QueryView } from '../../../components/ui/QueryView';
import { logStep } from '../../../lib/analytics';
import { failureText } from '../../../lib/api';
import { usePartner } from '../../../lib/partner';
import { useAgreementsQuery } from '../api/agreements';
import type { MovimentoPagina } from '../api/types';
import { AgreementCard } from '../components/agreements/AgreementCard';
import { CardReturnNotice } from '../components/agreements/CardReturnNotice';
import { Pagination } from '../components/agreements/Pagination';
import { DebtsTemplate, useDebtor } from '../components/DebtsTemplate';
import {
  AGREEMENT_TEXTS,
  agreementsRequest,
  FIRST_AGREEMENTS_PAGE,
  paginatesAgreements,
} from '../lib/agreements';
import { agreementsTitle } from '../lib/menu-tiles';
import { DEBT_STEPS } from '../lib/steps';
import '../agreements.css';

function AgreementList() {
  const config = usePartner();
  const debtor = useDebtor();
  const settings = customization(config).myAgreements;
  const paginate = paginatesAgreements(config);
  const [position, setPosition] = useState<{ paginaAtual: number; pagina: MovimentoPagina }>(
    FIRST_AGREEMENTS_PAGE,
  );
  const query = useAgreementsQuery(agreementsRequest(paginate, position));
  const listRef = useRef<HTMLUListElement>(null);
  const moved = useRef(false);
  const turning = query.isPlaceholderData && query.isFetching;

  // Spec 001 §4 step 3, once for the visit: not for the list's polls nor its page turns (each a passo_5).
  useEffect(() => {
    logStep(config, DEBT_STEPS.agreements, 'Acessou os acordos', debtor.pesCpfCnpj);
  }, [config, debtor.pesCpfCnpj]);

  // A new page replaces the cards under the pressed button: the keyboard and screen reader go to the new list.
  useEffect(() => {
    if (!turning && moved.current) {
      moved.current = false;
      listRef.current?.focus();
    }
  }, [turning]);

  const panelText = settings?.subtextPanelMyAgreements?.trim();
  return (
    <QueryView
      query={query}
      failedText={(error) => failureText(error, AGREEMENT_TEXTS.loadError)}
      loading={<LoadingOverlay message={AGREEMENT_TEXTS.issuing} />}
    >
      {(data) => (
        <>
          {turning && <LoadingOverlay message={AGREEMENT_TEXTS.issuing} />}
          {panelText && <p className="notice">{panelText}</p>}
          {data.acordos.length === 0 ? (
            <p className="debts-message" data-testid="agreements-empty">
              {settings?.subtextPanelMyAgreementsNotFound?.trim() || AGREEMENT_TEXTS.empty}
            </p>
          ) : (
            <ul
              ref={listRef}
              className="debt-list"
              aria-label="Acordos"
              tabIndex={-1}
              data-testid="agreements"
            >
              {data.acordos.map((acordo, index) => (
                <li key={acordo.dadosAcordo.aco_codigo ?? `loja-${acordo.loja.loj_codigo}`}>
                  <AgreementCard
                    acordo={acordo}
                    email={data.pessoa.email_cadastrado}
                    paymentsOpen={index === 0}
                  />
                </li>
              ))}
            </ul>
          )}
          {paginate && data.paginacao && data.paginacao.quantidade_de_paginas > 1 && (
            <Pagination
              paginacao={data.paginacao}
              busy={turning}
              onMove={(pagina) => {
                moved.current = true;
                setPosition({ paginaAtual: data.paginacao?.pagina_atual ?? 1, pagina });
              }}
            />
          )}
        </>
      )}
    </QueryView>
  );
}

/**
 * MyAgreements (spec 001 §2 "My agreements") at /meus-acordos: 'Meus Acordos' (the partner's text), or 'Meus
 * Boletos' where the partner only issues boletos.
 */
export default function MyAgreements() {
  const config = usePartner();
  return (
    <DebtsTemplate title={agreementsTitle(config)} back="menu">
      <CardReturnNotice />
      <AgreementList />
    </DebtsTemplate>
  );
}
