import { useEffect, useState } from 'react';
import { listEveryPartner, partnerOptionLabel } from '../api/partners';

/** Every partner, archived ones marked, as a select option (id, name) for a back-office filter; empty when the list cannot load. */
export function usePartnerOptions(): { value: string; label: string }[] {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let active = true;
    listEveryPartner().then(
      (items) => {
        if (active) setOptions(items.map((p) => ({ value: String(p.id), label: partnerOptionLabel(p) })));
      },
      () => {
        if (active) setOptions([]);
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return options;
}
