import { hasCapability, LOGIN_TEXTS, type PartnerConfig } from '@portal/domain';
import type { Db } from '../../db/client';
import { verifyAltchaPayload } from '../../integrations/captcha/altcha';
import { verifyHostedCaptcha } from '../../integrations/captcha/hosted-captcha';
import { forgetExpiredCaptchaUses, useCaptchaChallenge } from '../../repositories/identification-repository';
import { loadPartnerConfig, type PartnerRow } from '../../repositories/partner-repository';
import { type IdentificationDeps, invalid } from './identification-deps';

const ROBOT_CHECK_MESSAGE = LOGIN_TEXTS.robotCheckRequired;

// Used answers past their challenge's expiry can no longer be replayed: they are deleted at most once a minute per
// process, not on every login (a statement less per passo_1).
const SWEEP_INTERVAL_MS = 60_000;
const nextSweep = new WeakMap<Db, number>();

async function forgetExpiredAnswers(db: Db): Promise<void> {
  const now = Date.now();
  if ((nextSweep.get(db) ?? 0) > now) return;
  nextSweep.set(db, now + SWEEP_INTERVAL_MS);
  await forgetExpiredCaptchaUses(db, new Date(now));
}

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
  if (!(await acceptAltchaAnswer(deps, answer))) throw invalid({ captcha: ROBOT_CHECK_MESSAGE });
}

/**
 * An ALTCHA answer signed by this portal, unexpired and not used before (each solved challenge is accepted once).
 * Also the staff login's robot check after repeated failures.
 */
export async function acceptAltchaAnswer(
  deps: Pick<IdentificationDeps, 'db' | 'env'> & { altchaSecret: string },
  answer: string,
): Promise<boolean> {
  const verified = await verifyAltchaPayload(
    { secret: deps.altchaSecret, maxNumber: deps.env.CAPTCHA_MAX_NUMBER },
    answer,
  );
  if (!verified) return false;
  await forgetExpiredAnswers(deps.db);
  return useCaptchaChallenge(deps.db, {
    challengeId: verified.challengeId,
    expiresAt: verified.expiresAt,
  });
}

/**
 * A robot check asked for only past a limit: each attempt counts on `key` in the window, and past `max` of them the
 * attempt passes only with a solved ALTCHA answer instead of being refused, so nobody can lock the key's owner out by
 * guessing wrong (decisions 007, 096, 099). Counted before anything is weighed, so attempts sent at once each see
 * the ones before them.
 */
export async function robotCheckPastLimit(
  deps: Pick<IdentificationDeps, 'db' | 'env' | 'limiter'> & { altchaSecret: string },
  key: string,
  max: number,
  answer: string | undefined,
): Promise<boolean> {
  const { count } = await deps.limiter.increment(key, deps.env.LIMIT_WINDOW_MINUTES * 60_000);
  if (count <= max) return true;
  return answer !== undefined && answer !== '' && (await acceptAltchaAnswer(deps, answer));
}
