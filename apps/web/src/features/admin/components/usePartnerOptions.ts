import { partnerOptionLabel, useEveryPartner } from '../api/partners';

/** Every partner, archived ones marked, as a select option (id, name) for a back-office filter; empty when the list cannot load. */
export function usePartnerOptions(): { value: string; label: string }[] {
  const { data = [] } = useEveryPartner();
  return data.map((p) => ({ value: String(p.id), label: partnerOptionLabel(p) }));
}
