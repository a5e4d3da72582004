import type { PartnerConfig } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { agreementsRequest, FIRST_AGREEMENTS_PAGE, paginatesAgreements } from '../lib/agreements';
import { DEBTOR_PAGES } from '../lib/debtor-pages';
import { agreementsQuery } from './agreements';
import { debtsQuery, sessionQuery } from './debts';

/**
 * A debtor page opened directly (a reload, a link) asks for its data as soon as the router has loaded, beside its
 * screen's chunk, instead of after the screen has rendered and the session has answered: the page's content (its
 * largest paint on Meus Acordos) no longer waits for that chain. The screens' queries pick up these reads (same
 * keys); a read without a session fails and is left to the screen, which sends the person away.
 */
export function prefetchDebtorPage(client: QueryClient, config: PartnerConfig, pathname: string): void {
  // A cpf in the path is checked first: not one of these.
  if (!DEBTOR_PAGES.includes(pathname)) return;
  void client.prefetchQuery(sessionQuery);
  if (pathname === '/minhas-dividas') void client.prefetchQuery(debtsQuery);
  if (pathname === '/meus-acordos') {
    const firstPage = agreementsRequest(paginatesAgreements(config), FIRST_AGREEMENTS_PAGE);
    void client.prefetchQuery(agreementsQuery(firstPage));
  }
}
