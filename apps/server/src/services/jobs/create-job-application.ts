import {
  base64DecodedSize,
  cvProblem,
  fieldErrorsOf,
  findSection,
  JOB_CV_MAX_BYTES,
  JOB_MESSAGES,
  type JobApplicationErrors,
  type JobApplicationInput,
  jobApplicationOf,
  jobApplicationSchema,
  maskMobilePhone,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { jobApplicationEmail } from '../../integrations/mail/job-templates';
import {
  findJobApplicationByKey,
  insertJobApplication,
  isSameSendStored,
} from '../../repositories/job-application-repository';
import { enqueueEmail } from '../../repositories/outbox-repository';
import { loadPartnerConfig, type PartnerRow } from '../../repositories/partner-repository';
import { withTransaction } from '../../repositories/transaction';
import { opensAsPdf } from './check-cv-pdf';
import { removeCv, saveCv } from './cv-files';

export interface JobApplicationDeps {
  db: Db;
  /** Folder of the CVs (outside the web root). */
  cvDir: string;
}

/** A data URL's prefix ('data:application/pdf;base64,') as FileReader gives it; the content decides, not the type. */
const DATA_URL_PREFIX = /^data:[^,]{0,100};base64,/;

/**
 * The decoded CV, or its problem: the size is checked on the base64 length before anything is decoded, the PDF
 * header before the parser opens it.
 */
async function decodeCv(base64: string): Promise<{ bytes: Uint8Array } | { problem: string }> {
  const text = base64.replace(DATA_URL_PREFIX, '');
  const size = base64DecodedSize(text);
  if (size === null || size > JOB_CV_MAX_BYTES) return { problem: JOB_MESSAGES.cv };
  const bytes = Buffer.from(text, 'base64');
  const problem = cvProblem({ size: bytes.length, head: bytes });
  if (problem) return { problem };
  return (await opensAsPdf(bytes)) ? { bytes } : { problem: JOB_MESSAGES.cv };
}

/**
 * WorkWithUs (spec 002 §2, §5, §8): only for a partner with the workWithUsMenu capability (spec 000 §2). Validates
 * the fields and the optional CV (a PDF that a parser opens, at most 5 MB), stores the CV by a random key, inserts the
 * row and queues the e-mail to the partner's contact address in one transaction. Returns the id and the success text.
 * A send with the Idempotency-Key of one already stored on the partner (a retry after a lost answer, a second click)
 * answers that application: nothing is stored or e-mailed twice, also when both arrive at once.
 */
export async function createJobApplication(
  deps: JobApplicationDeps,
  partner: PartnerRow,
  input: JobApplicationInput & { curriculo: string },
  idempotencyKey?: string,
): Promise<{ id: number; message: string }> {
  if (partner.capabilities.workWithUsMenu !== true) throw new AppError('JOB_FORM_UNAVAILABLE');
  const repeated = idempotencyKey && (await findJobApplicationByKey(deps.db, partner.id, idempotencyKey));
  if (repeated) return { id: repeated, message: JOB_MESSAGES.success };
  const result = jobApplicationSchema.safeParse(input);
  const errors: JobApplicationErrors = result.success ? {} : fieldErrorsOf(result.error);
  const cv = input.curriculo ? await decodeCv(input.curriculo) : null;
  if (cv && 'problem' in cv) errors.curriculo = cv.problem;
  if (!result.success) throw new AppError('INVALID_INPUT', errors);
  if (cv && 'problem' in cv) throw new AppError('JOB_CV_INVALID', errors);
  const application = jobApplicationOf(result.data);

  const config = await loadPartnerConfig(deps.db, partner);
  // Without a contact address the application is still kept: the back office lists every one.
  const recipient = findSection(config, 'contact')?.campos.email?.trim();
  const cvFileKey = cv ? await saveCv(deps.cvDir, cv.bytes) : null;
  try {
    const id = await withTransaction(deps.db, async (tx) => {
      const outboxId = recipient
        ? await enqueueEmail(tx, {
            partnerId: partner.id,
            personId: null,
            to: recipient,
            replyTo: application.email,
            email: jobApplicationEmail({
              partnerName: partner.name,
              name: application.name,
              phone: maskMobilePhone(application.phone),
              email: application.email,
              vacancyLevel: application.vacancyLevel,
              interestArea: application.interestArea,
              message: application.message,
              hasCv: cv !== null,
            }),
          })
        : null;
      return insertJobApplication(tx, partner.id, {
        ...application,
        cvFileKey,
        cvBytes: cv ? cv.bytes.length : null,
        consentedAt: new Date(),
        outboundMessageId: outboxId,
        idempotencyKey: idempotencyKey ?? null,
      });
    });
    return { id, message: JOB_MESSAGES.success };
  } catch (error) {
    if (cvFileKey) await removeCv(deps.cvDir, cvFileKey);
    // The same send stored meanwhile by a request that arrived with this one: its answer.
    const first =
      idempotencyKey && isSameSendStored(error)
        ? await findJobApplicationByKey(deps.db, partner.id, idempotencyKey)
        : undefined;
    if (first) return { id: first, message: JOB_MESSAGES.success };
    throw error;
  }
}
