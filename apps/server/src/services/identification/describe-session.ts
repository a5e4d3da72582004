import { AppError } from '../../errors';
import type { PartnerRow } from '../../repositories/partner-repository';
import { findPersonById } from '../../repositories/person-repository';
import type { SessionRow } from '../../repositories/session-repository';
import type { IdentificationDeps } from './identification-deps';
import { type IdentifiedAnswer, openSessionAnswer } from './identified-answer';

/** portal/sessao: who is identified on this partner, for the screens after login. */
export async function describeSession(
  deps: IdentificationDeps,
  partner: PartnerRow,
  session: SessionRow,
): Promise<IdentifiedAnswer> {
  const person = await findPersonById(deps.db, session.personId);
  if (!person) throw new AppError('NO_SESSION');
  return openSessionAnswer(deps.db, partner, person);
}
