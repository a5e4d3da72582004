import { PRIVACY_PORTAL_PATH, type PrivacyRequestType } from '@portal/domain';

/** The query parameter that opens the rights request form with its type chosen. */
export const REQUEST_TYPE_PARAM = 'tipo';

/** The privacy portal's rights request form, its type already chosen (Meus dados links to it). */
export function rightsRequestPath(type: PrivacyRequestType): string {
  return `${PRIVACY_PORTAL_PATH}?${new URLSearchParams({ [REQUEST_TYPE_PARAM]: type })}`;
}
