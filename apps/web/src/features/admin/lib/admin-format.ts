import { BRASILIA_TIME_ZONE } from '@portal/domain';

/** A moment as staff read it: dd/mm/aaaa hh:mm in Brasília time (business dates are Brasília's). */
export const brasiliaDateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: BRASILIA_TIME_ZONE,
});
