import { todayInBrasilia } from '@portal/domain';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { loadAgreementsOfInstalments } from '../../repositories/payment-repository';
import { payableCharge } from './issue-due-charges';

/**
 * The QR code (SVG) of the PIX code of one of the session person's open agreement instalments whose PIX can be paid (spec 001 §2
 * "QR/PIX modal"); any other instalment is a file that does not exist for them.
 */
export async function agreementPixQr(db: Db, scope: DebtScope, instalmentId: number): Promise<string> {
  const [view] = await loadAgreementsOfInstalments(db, scope, [instalmentId]);
  const instalment = view?.instalments.find((i) => i.id === instalmentId);
  const charge = instalment && payableCharge(view!, instalment, todayInBrasilia());
  if (!charge) throw new AppError('FILE_NOT_FOUND');
  return QRCode.toString(charge.pixCode, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
