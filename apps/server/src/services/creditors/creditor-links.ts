import type { PartnerRow } from '../../repositories/partner-repository';

/**
 * The partner's own portal address (PUBLIC_URL_TEMPLATE with its identifier). Links in creditor e-mails are built
 * from it, never from a link the client sends or the raw Host header, so a forged request cannot make the portal
 * e-mail someone a link to another site.
 */
export function partnerPortalUrl(publicUrlTemplate: string, partner: PartnerRow): string {
  return publicUrlTemplate.replace('{partner}', partner.identifier);
}
