import { randomInt } from 'node:crypto';
import { customization, maskPhoneForDisplay } from '@portal/domain';
import { AppError } from '../../errors';
import { type DebtorSession, hashSecret } from '../../plugins/debtor-session';
import { replaceSmsToken } from '../../repositories/identification-repository';
import { enqueueSms } from '../../repositories/outbox-repository';
import { loadPartnerConfig, type PartnerRow } from '../../repositories/partner-repository';
import { withTransaction } from '../../repositories/transaction';
import { enforceLimits, type IdentificationDeps } from './identification-deps';

export const TOKEN_LIFETIME_MS = 10 * 60_000;
// Spec 000 §4/§9: the resend button waits 30 seconds.
export const RESEND_AFTER_SECONDS = 30;

/** Binds a token to its session so a token sent to one login cannot open another. */
export const hashLoginToken = (sessionHash: string, token: string) => hashSecret(`${sessionHash}:${token}`);

/**
 * Sends a 6-digit login token by SMS to the phone on file (spec 000 §4 token screen, step 27). Never to a number
 * from the request. At most LIMIT_SMS_PER_PHONE a window per phone; a new token replaces the previous one.
 */
export async function sendLoginToken(
  deps: IdentificationDeps,
  partner: PartnerRow,
  session: DebtorSession,
): Promise<{ mensagem: string; dados: { telefoneMascarado: string; reenviarEmSegundos: number } }> {
  const { phone } = session.person;
  if (!phone) {
    const config = await loadPartnerConfig(deps.db, partner);
    const offersChange = customization(config).confirmBirthday?.flgEsqueceuTelefone === true;
    throw new AppError(offersChange ? 'NO_PHONE_ON_FILE' : 'NO_PHONE_ON_FILE_NO_CHANGE');
  }
  await enforceLimits(
    deps,
    [{ key: `sms:phone:${phone}`, max: deps.env.LIMIT_SMS_PER_PHONE }],
    'TOO_MANY_SMS',
  );
  const token = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await withTransaction(deps.db, async (tx) => {
    await replaceSmsToken(tx, {
      sessionHash: session.tokenHash,
      tokenHash: hashLoginToken(session.tokenHash, token),
      phone,
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS),
    });
    await enqueueSms(tx, {
      partnerId: partner.id,
      personId: session.person.id,
      phoneDigits: phone,
      template: 'login-token',
      text: `${partner.name}: seu código de acesso é ${token}. Ele vale por 10 minutos. Não o compartilhe com ninguém.`,
    });
  });
  const masked = maskPhoneForDisplay(phone);
  return {
    mensagem: `Enviamos um código por SMS para o telefone ${masked}.`,
    dados: { telefoneMascarado: masked, reenviarEmSegundos: RESEND_AFTER_SECONDS },
  };
}
