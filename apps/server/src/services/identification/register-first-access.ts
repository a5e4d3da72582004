import {
  documentKind,
  INVALID_DOCUMENT_MESSAGE,
  isValidCpfCnpj,
  normalizeDocument,
  onlyDigits,
  parseBrDate,
  validateFirstAccess,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { personRegistrations, persons } from '../../db/schema';
import { AppError } from '../../errors';
import type { PartnerRow } from '../../repositories/partner-repository';
import { findPersonByDocument } from '../../repositories/person-repository';
import { enforceLimits, type IdentificationDeps, invalid } from './identification-deps';
import { verifyRobotCheck } from './verify-robot-check';

export interface FirstAccessPayload {
  cpfCnpj: string;
  dataNascimento: string;
  telefone: string;
  email: string;
  sexo: 'M' | 'F' | 'O' | '';
  nome: string;
  captcha?: string | undefined;
}

/**
 * First access (spec 000 §3 payload, §5 rules in order): registers an unknown CPF/CNPJ with this partner. A
 * document already on file is refused, so nobody can overwrite another person's phone or e-mail; person and
 * registration are written in one transaction.
 */
export async function registerFirstAccess(
  deps: IdentificationDeps & { altchaSecret: string },
  ip: string,
  partner: PartnerRow,
  input: FirstAccessPayload,
): Promise<string> {
  const document = normalizeDocument(input.cpfCnpj);
  // Every attempt counts against the client address, even one with a malformed document.
  await enforceLimits(deps, [{ key: `first-access:ip:${ip}`, max: deps.env.LIMIT_FIRST_ACCESS_PER_IP }]);
  if (!isValidCpfCnpj(document)) throw invalid({ cpfCnpj: INVALID_DOCUMENT_MESSAGE });
  await enforceLimits(deps, [
    { key: `first-access:doc:${document}`, max: deps.env.LIMIT_LOGIN_PER_DOCUMENT },
  ]);
  const failure = validateFirstAccess({ ...input, cpfCnpj: document });
  if (failure) throw invalid({ [failure.field]: failure.message });
  await verifyRobotCheck(deps, partner, input.captcha, ip);
  if (await findPersonByDocument(deps.db, document)) throw new AppError('ALREADY_REGISTERED');
  await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [person] = await db
      .insert(persons)
      .values({
        cpfCnpj: document,
        name: input.nome.trim(),
        birthDate: documentKind(document) === 'cpf' ? parseBrDate(input.dataNascimento.trim()) : null,
        phone: onlyDigits(input.telefone),
        email: input.email.trim(),
        gender: input.sexo || null,
      })
      .returning({ id: persons.id });
    await db.insert(personRegistrations).values({ partnerId: partner.id, personId: person!.id });
  });
  return 'Cadastro realizado com sucesso. Agora você já pode consultar as suas dívidas.';
}
