import type { DebtorSession } from '../../plugins/debtor-session';
import type { PartnerRow } from '../../repositories/partner-repository';
import type { IdentificationDeps } from './identification-deps';
import { type IdentifiedAnswer, openSessionAnswer } from './identified-answer';

/** portal/sessao: who is identified on this partner, for the screens after login. */
export async function describeSession(
  deps: IdentificationDeps,
  partner: PartnerRow,
  session: DebtorSession,
): Promise<IdentifiedAnswer> {
  return openSessionAnswer(deps.db, partner, session.person);
}
