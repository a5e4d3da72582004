import {
  clientKey,
  documentKind,
  firstAccessSchema,
  firstIssue,
  INVALID_DOCUMENT_MESSAGE,
  isValidCpfCnpj,
  normalizeDocument,
  onlyDigits,
  parseBrDate,
} from '@portal/domain';
import { AppError } from '../../errors';
import type { PartnerRow } from '../../repositories/partner-repository';
import {
  findPersonKnownToPartner,
  insertOrFindPerson,
  registerPersonWithPartner,
} from '../../repositories/person-repository';
import { withTransaction } from '../../repositories/transaction';
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
 * First access (spec 000 §3 payload, §5 rules in order): registers a CPF/CNPJ this partner does not know. A
 * document this partner knows is refused; one known only elsewhere is registered here without touching the data on
 * file, so nobody can overwrite another person's phone or e-mail; person and registration are written in one
 * transaction.
 */
export async function registerFirstAccess(
  deps: IdentificationDeps & { altchaSecret: string },
  ip: string,
  partner: PartnerRow,
  input: FirstAccessPayload,
): Promise<string> {
  const document = normalizeDocument(input.cpfCnpj);
  // Every attempt counts against the client address, even one with a malformed document.
  await enforceLimits(deps, [
    { key: `first-access:ip:${clientKey(ip)}`, max: deps.env.LIMIT_FIRST_ACCESS_PER_IP },
  ]);
  if (!isValidCpfCnpj(document)) throw invalid({ cpfCnpj: INVALID_DOCUMENT_MESSAGE });
  const failure = firstIssue(firstAccessSchema, { ...input, cpfCnpj: document });
  if (!failure.ok) throw invalid({ [failure.field]: failure.message });
  await verifyRobotCheck(deps, partner, input.captcha, ip);
  // Only a solved robot check reaches the per-person counter: garbage answers cannot lock the person out.
  await enforceLimits(deps, [
    { key: `first-access:doc:${document}`, max: deps.env.LIMIT_LOGIN_PER_DOCUMENT },
  ]);
  // Only this partner's people are 'já cadastrado': whether the document is on file with another partner is none
  // of this portal's business (issue 14 item 4).
  if (await findPersonKnownToPartner(deps.db, partner.id, document)) throw new AppError('ALREADY_REGISTERED');
  await withTransaction(deps.db, async (tx) => {
    // A person on file elsewhere is registered here as they are: their phone and e-mail are never replaced from
    // this form, so a stranger registering their document gains no way in; nor, once a file names them, does one
    // who registered it first.
    const personId = await insertOrFindPerson(tx, {
      cpfCnpj: document,
      name: input.nome.trim(),
      birthDate: documentKind(document) === 'cpf' ? parseBrDate(input.dataNascimento.trim()) : null,
      phone: onlyDigits(input.telefone),
      email: input.email.trim(),
      gender: input.sexo || null,
      // Typed here, proven by nothing: a creditor's file naming the person replaces them (decision 098).
      selfDeclared: true,
    });
    // A first access of the same document made at the same time registered it first: this one is told what it
    // would be told a moment later.
    if (!(await registerPersonWithPartner(tx, partner.id, personId)))
      throw new AppError('ALREADY_REGISTERED');
  });
  return 'Cadastro realizado com sucesso. Agora você já pode consultar as suas dívidas.';
}
