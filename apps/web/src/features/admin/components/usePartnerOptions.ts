import type { PartnerListItem } from '@portal/domain';
import { partnerOptionLabel, partnerTargets, useEveryPartner } from '../api/partners';

const option = (p: PartnerListItem) => ({ value: String(p.id), label: partnerOptionLabel(p) });

/** Every partner, archived ones marked, as a select option (id, name) for a back-office filter; empty when the list cannot load. */
export function usePartnerOptions(): { value: string; label: string }[] {
  const { data = [] } = useEveryPartner();
  return data.map(option);
}

/** The partners a form may send new data to (partnerTargets), as options; `chosen` are the record's own. */
export function usePartnerTargetOptions(chosen: readonly string[] = []): { value: string; label: string }[] {
  const { data = [] } = useEveryPartner();
  return partnerTargets(data, chosen).map(option);
}
