import { hasCapability, LOGIN_TEXTS, type PartnerConfig } from '@portal/domain';
import { lt } from 'drizzle-orm';
import { captchaUses } from '../../db/schema';
import { verifyAltchaPayload } from '../../integrations/captcha/altcha';
import { verifyHostedCaptcha } from '../../integrations/captcha/hosted-captcha';
import { loadPartnerConfig, type PartnerRow } from '../../repositories/partner-repository';
import { type IdentificationDeps, invalid } from './identification-deps';

const ROBOT_CHECK_MESSAGE = LOGIN_TEXTS.robotCheckRequired;

/**
 * The robot check of spec 000 §2/§5, decided on the server: ALTCHA by default (each solved challenge accepted
 * once), or the partner group's hosted provider. Partners with `skipRobotCheck` have none.
 */
export async function verifyRobotCheck(
  deps: IdentificationDeps & { altchaSecret: string },
  partner: PartnerRow,
  answer: string | undefined,
  remoteIp: string,
  // The caller's copy when it has one: the configuration is several queries.
  config?: PartnerConfig,
): Promise<void> {
  if (!hasCapability(config ?? (await loadPartnerConfig(deps.db, partner)), 'skipRobotCheck'))
    return verifyAnswer(deps, partner, answer, remoteIp);
}

async function verifyAnswer(
  deps: IdentificationDeps & { altchaSecret: string },
  partner: PartnerRow,
  answer: string | undefined,
  remoteIp: string,
): Promise<void> {
  if (!answer) throw invalid({ captcha: ROBOT_CHECK_MESSAGE });
  const { env } = deps;
  const hosted = {
    turnstile: { secret: env.TURNSTILE_SECRET_KEY, verifyUrl: env.TURNSTILE_VERIFY_URL },
    recaptcha: { secret: env.RECAPTCHA_SECRET_KEY, verifyUrl: env.RECAPTCHA_VERIFY_URL },
    hcaptcha: { secret: env.HCAPTCHA_SECRET_KEY, verifyUrl: env.HCAPTCHA_VERIFY_URL },
  };
  if (partner.captchaProvider !== 'altcha') {
    if (!(await verifyHostedCaptcha(hosted[partner.captchaProvider], answer, remoteIp))) {
      throw invalid({ captcha: ROBOT_CHECK_MESSAGE });
    }
    return;
  }
  const verified = await verifyAltchaPayload(
    { secret: deps.altchaSecret, maxNumber: env.CAPTCHA_MAX_NUMBER },
    answer,
  );
  if (!verified) throw invalid({ captcha: ROBOT_CHECK_MESSAGE });
  await deps.db.delete(captchaUses).where(lt(captchaUses.expiresAt, new Date()));
  const [fresh] = await deps.db
    .insert(captchaUses)
    .values({ challengeId: verified.challengeId, expiresAt: verified.expiresAt })
    .onConflictDoNothing()
    .returning({ id: captchaUses.challengeId });
  if (!fresh) throw invalid({ captcha: ROBOT_CHECK_MESSAGE });
}
