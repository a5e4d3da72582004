import {
  customization,
  hasCapability,
  isCityHallMode,
  maskPhoneForDisplay,
  type PartnerConfig,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { loadPartnerConfig, type PartnerRow } from '../../repositories/partner-repository';
import { countPendingDebts, type IdentifiedPerson } from '../../repositories/person-repository';

export type NextStep = 'VerifyToken' | 'MyDebits' | 'AccordionTabs';

export type IdentifiedAnswer =
  | { proximaEtapa: 'VerifyToken'; telefoneMascarado: string }
  | {
      proximaEtapa: 'MyDebits' | 'AccordionTabs';
      pesNome: string;
      pesCpfCnpj: string;
      quantidadeDividas: number;
    };

/** Spec 000 §4: the token-validation partner with flgValidarToken checks an SMS token before anything else. */
export function requiresSmsToken(config: PartnerConfig): boolean {
  return (
    hasCapability(config, 'smsTokenLogin') && customization(config).confirmBirthday?.flgValidarToken === true
  );
}

/** Where an identified person goes (spec 000 §4), with the little the next screen needs. */
export function identifiedAnswer(
  config: PartnerConfig,
  person: IdentifiedPerson,
  pendingDebts: number,
): IdentifiedAnswer {
  return {
    proximaEtapa: isCityHallMode(config) ? 'MyDebits' : 'AccordionTabs',
    pesNome: person.name,
    pesCpfCnpj: person.cpfCnpj,
    quantidadeDividas: pendingDebts,
  };
}

/** identifiedAnswer for a session already open, counting the person's pending debts on the partner. */
export async function openSessionAnswer(
  db: Db,
  partner: PartnerRow,
  person: IdentifiedPerson & { id: number },
): Promise<IdentifiedAnswer> {
  const [config, pendingDebts] = await Promise.all([
    loadPartnerConfig(db, partner),
    countPendingDebts(db, { partnerId: partner.id, personId: person.id }),
  ]);
  return identifiedAnswer(config, person, pendingDebts);
}

/** Before the token is checked only a masked phone may be shown (issue 3, no personal data). */
export function pendingTokenAnswer(person: IdentifiedPerson): IdentifiedAnswer {
  return { proximaEtapa: 'VerifyToken', telefoneMascarado: maskPhoneForDisplay(person.phone ?? '') };
}
