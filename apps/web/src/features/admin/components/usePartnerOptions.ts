import { useEffect, useState } from 'react';
import { listAllPartners } from '../api/partners';

/** Every partner as a select option (id, name) for a back-office filter; empty when the list cannot load. */
export function usePartnerOptions(): { value: string; label: string }[] {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let active = true;
    listAllPartners().then(
      (items) => {
        if (active) setOptions(items.map((p) => ({ value: String(p.id), label: p.nome })));
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
