import {
  clientKey,
  customization,
  formErrors,
  hasCapability,
  INVALID_DOCUMENT_MESSAGE,
  isValidCpfCnpj,
  LOGIN_TEXTS,
  loginSchema,
  loginValidation,
  normalizeDocument,
  onlyDigits,
  parseBrDate,
} from '@portal/domain';
import { AppError } from '../../errors';
import type { SessionOrigin } from '../../plugins/debtor-session';
import { loadPartnerConfig, type PartnerRow } from '../../repositories/partner-repository';
import { identifyPerson } from '../../repositories/person-repository';
import { enforceLimits, type IdentificationDeps, invalid, type RequestContext } from './identification-deps';
import {
  type IdentifiedAnswer,
  identifiedAnswer,
  pendingTokenAnswer,
  requiresSmsToken,
} from './identified-answer';
import { robotCheckPastLimit, verifyRobotCheck } from './verify-robot-check';

export interface ConsultPersonInput {
  pesCpfCnpj: string;
  dataNascimento?: string | undefined;
  telefone?: string | undefined;
  captcha?: string | undefined;
  aceite: boolean;
  /** enumCanalOrigem and codAssessoriaSenff of the link the person came from (spec 001 §2). */
  origin?: SessionOrigin;
}

/**
 * passo_1, the first-step consultation (spec 000 §4 login): the server checks the robot check, the limits, the
 * fields the partner asks for and the person's birth date and phone, then opens a session (pending when an SMS
 * token must follow). Nothing of the person is answered before the checks pass.
 */
export async function consultPerson(
  deps: IdentificationDeps & { altchaSecret: string },
  request: RequestContext,
  partner: PartnerRow,
  input: ConsultPersonInput,
): Promise<IdentifiedAnswer> {
  const document = normalizeDocument(input.pesCpfCnpj);
  // Every attempt counts against the client address, even one with a malformed document.
  await enforceLimits(deps, [{ key: `login:ip:${clientKey(request.ip)}`, max: deps.env.LIMIT_LOGIN_PER_IP }]);
  if (!isValidCpfCnpj(document)) throw invalid({ pesCpfCnpj: INVALID_DOCUMENT_MESSAGE });
  const config = await loadPartnerConfig(deps.db, partner);
  const asked = loginValidation(customization(config).confirmBirthday, document);

  const phone = onlyDigits(input.telefone ?? '');
  const fields = formErrors(loginSchema(asked), {
    dataNascimento: input.dataNascimento,
    telefone: phone,
    aceite: input.aceite,
  });
  if (Object.keys(fields).length > 0) throw invalid(fields);
  const birthDate = asked.birthDate ? parseBrDate(input.dataNascimento?.trim() ?? '') : null;
  await verifyRobotCheck(deps, partner, input.captcha, request.ip, config);
  if (hasCapability(config, 'skipRobotCheck')) {
    // Without a robot check anyone could spend the per-person limit: past it this partner asks for one instead of
    // refusing, so wrong birth dates cannot lock the person out; the counter is its own, so they cannot lock the
    // person out of other partners either (decision 099).
    const key = `login:doc-unchecked:${document}`;
    if (!(await robotCheckPastLimit(deps, key, deps.env.LIMIT_LOGIN_PER_DOCUMENT, input.captcha)))
      throw invalid({ captcha: LOGIN_TEXTS.robotCheckRequired });
  } else {
    // Only a solved robot check reaches the per-person counter: garbage answers cannot lock the person out.
    await enforceLimits(deps, [{ key: `login:doc:${document}`, max: deps.env.LIMIT_LOGIN_PER_DOCUMENT }]);
  }

  const status = requiresSmsToken(config) ? 'pending' : 'open';
  const session = request.sessions.draft(status, input.origin);
  const found = await identifyPerson(deps.db, {
    partnerId: partner.id,
    cpfCnpj: document,
    birthDate: asked.birthDate ? birthDate : null,
    phone: asked.phone ? phone : null,
    session: session.row,
  });
  if (!found) throw new AppError('DOCUMENT_NOT_FOUND');
  if (!found.birthMatches) throw new AppError('BIRTH_DATE_MISMATCH');
  if (!found.phoneMatches) throw new AppError('PHONE_MISMATCH');
  session.setCookie(request.reply);
  if (status === 'pending') return pendingTokenAnswer(found.person);
  return identifiedAnswer(config, found.person, found.pendingDebts);
}
