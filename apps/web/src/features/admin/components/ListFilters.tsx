import type { StoreOption } from '@portal/domain';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/ui/fields';
import { SelectField } from '../../../components/ui/SelectField';
import { storeOptions } from '../lib/store-options';
import { useAdminFailure } from './AdminLayout';
import { usePartnerOptions } from './usePartnerOptions';

// The filters of a back-office list that has no rules of its own to check (the server's answer says what is wrong):
// fields edit a draft, 'Pesquisar' applies it; and the 'Planilha' button that downloads the applied filters' sheet.

type FieldChange<K extends string> = (field: K) => (event: { target: { value: string } }) => void;

/** The draft and the applied filters; `search` applies the draft (and calls `onApply`, e.g. back to page 1). */
export function useListFilters<F extends { [K in keyof F]: string }>(
  initial: F | (() => F),
  onApply?: () => void,
) {
  const [draft, setDraft] = useState<F>(initial);
  const [filters, setFilters] = useState<F>(draft);
  const set: FieldChange<keyof F & string> = (field) => (event) =>
    setDraft((current) => ({
      ...current,
      [field]: event.target.value,
      // Another partner's stores are not offered: the store chosen goes with the partner.
      ...(field === 'parceiro' && 'loja' in current ? { loja: '' } : {}),
    }));
  function search(event: FormEvent) {
    event.preventDefault();
    onApply?.();
    setFilters(draft);
  }
  return { draft, filters, set, search };
}

/** 'Data inicial' and 'Data final' (Brasília days, 'YYYY-MM-DD'). */
export function PeriodFields({
  draft,
  set,
}: {
  draft: { data_inicial: string; data_final: string };
  set: FieldChange<'data_inicial' | 'data_final'>;
}) {
  return (
    <>
      <TextField
        label="Data inicial"
        name="data_inicial"
        type="date"
        value={draft.data_inicial}
        onChange={set('data_inicial')}
      />
      <TextField
        label="Data final"
        name="data_final"
        type="date"
        value={draft.data_final}
        onChange={set('data_final')}
      />
    </>
  );
}

/** 'Parceiro' (every partner the staff member sees) and 'Loja' (the stores the list's answer offers for it). */
export function PartnerStoreFields({
  draft,
  set,
  stores,
}: {
  draft: { parceiro: string; loja: string };
  set: FieldChange<'parceiro' | 'loja'>;
  stores: readonly StoreOption[] | undefined;
}) {
  const partners = usePartnerOptions();
  return (
    <>
      <SelectField
        label="Parceiro"
        name="parceiro"
        placeholder="Todos os parceiros"
        options={partners}
        value={draft.parceiro}
        onChange={set('parceiro')}
      />
      <SelectField
        label="Loja"
        name="loja"
        placeholder="Todas as lojas"
        options={storeOptions(stores, draft.parceiro)}
        value={draft.loja}
        onChange={set('loja')}
      />
    </>
  );
}

/** 'Planilha': downloads the sheet of the applied filters; a failure goes to the admin error modal. */
export function SheetButton<F>({
  sheet,
  filters,
  testId,
}: {
  sheet: UseMutationResult<void, Error, F>;
  filters: F;
  testId: string;
}) {
  const onFailure = useAdminFailure();
  return (
    <button
      type="button"
      className="btn btn--ghost"
      onClick={() => sheet.mutate(filters, { onError: onFailure })}
      disabled={sheet.isPending}
      aria-busy={sheet.isPending || undefined}
      data-testid={testId}
    >
      {sheet.isPending ? 'Baixando…' : 'Planilha'}
    </button>
  );
}
