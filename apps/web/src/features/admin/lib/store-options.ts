import type { StoreOption } from '@portal/domain';

/** The stores a list's store select offers: those of the chosen partner, or every one the answer named. */
export function storeOptions(stores: readonly StoreOption[] | undefined, partner: string) {
  return (stores ?? [])
    .filter((store) => partner === '' || store.parceiros.includes(Number(partner)))
    .map((store) => ({ value: String(store.id), label: store.nome }));
}
