import { clientKey, INVALID_DOCUMENT_MESSAGE, isValidCpfCnpj, normalizeDocument } from '@portal/domain';
import { AppError } from '../../errors';
import { phoneChangeEmail } from '../../integrations/mail/templates';
import { newSecretToken } from '../../plugins/debtor-session';
import { insertPhoneChangeLink } from '../../repositories/identification-repository';
import { enqueueEmail } from '../../repositories/outbox-repository';
import type { PartnerRow } from '../../repositories/partner-repository';
import { findPersonKnownToPartner } from '../../repositories/person-repository';
import { withTransaction } from '../../repositories/transaction';
import { enforceLimits, type IdentificationDeps, invalid } from './identification-deps';
import { verifyRobotCheck } from './verify-robot-check';

export const PHONE_CHANGE_LINK_LIFETIME_MS = 60 * 60_000;
export const PHONE_CHANGE_LINK_SENT =
  'Enviamos um link para o e-mail cadastrado. Abra-o para cadastrar o novo telefone.';

/**
 * Forgot phone (spec 000 §4 phone reset, step 25): e-mails a single-use, one-hour link to the address on file.
 * The link points at the partner's own address (PUBLIC_URL_TEMPLATE), never at the request's Host header, so a
 * forged host cannot receive someone else's link.
 */
export async function requestPhoneChange(
  deps: IdentificationDeps & { altchaSecret: string },
  ip: string,
  partner: PartnerRow,
  input: { pesCpfCnpj: string; captcha?: string | undefined },
): Promise<string> {
  const document = normalizeDocument(input.pesCpfCnpj);
  // Every attempt counts against the client address, even one with a malformed document.
  await enforceLimits(deps, [{ key: `login:ip:${clientKey(ip)}`, max: deps.env.LIMIT_LOGIN_PER_IP }]);
  if (!isValidCpfCnpj(document)) throw invalid({ pesCpfCnpj: INVALID_DOCUMENT_MESSAGE });
  // Only a solved robot check reaches the per-person counter: garbage answers cannot lock the person out.
  await verifyRobotCheck(deps, partner, input.captcha, ip);
  await enforceLimits(deps, [
    { key: `phone-change:doc:${document}`, max: deps.env.LIMIT_PHONE_CHANGE_PER_DOCUMENT },
  ]);
  const person = await findPersonKnownToPartner(deps.db, partner.id, document);
  if (!person) throw new AppError('RESET_DOCUMENT_NOT_FOUND');
  if (!person.email) throw new AppError('RESET_NO_EMAIL');
  const { token, tokenHash } = newSecretToken();
  const link = `${deps.env.PUBLIC_URL_TEMPLATE.replace('{partner}', partner.identifier)}/novo-telefone?token=${token}`;
  await withTransaction(deps.db, async (tx) => {
    await insertPhoneChangeLink(tx, {
      tokenHash,
      partnerId: partner.id,
      personId: person.id,
      expiresAt: new Date(Date.now() + PHONE_CHANGE_LINK_LIFETIME_MS),
    });
    await enqueueEmail(tx, {
      partnerId: partner.id,
      personId: person.id,
      to: person.email!,
      email: phoneChangeEmail({ partnerName: partner.name, personName: person.name, link }),
    });
  });
  // Nothing personal in the answer, not even a masked address (issue 14 item 4).
  return PHONE_CHANGE_LINK_SENT;
}
