import type { StoreOption } from '@portal/domain';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { TextField } from '../../../components/ui/fields';
import { SelectField } from '../../../components/ui/SelectField';
import { useSingleFlightMutation } from '../../../lib/use-single-flight';
import { storeOptions } from '../lib/store-options';
import { useAdminFailure } from './AdminLayout';
import { usePartnerOptions } from './usePartnerOptions';

// The filters of a back-office list that has no rules of its own to check (the server's answer says what is wrong):
// fields edit a draft, 'Pesquisar' applies it; and the 'Planilha' button that downloads the applied filters' sheet.

/** A filter field's name, draft value and change, spread on its field. */
type FieldBinding<K extends string> = (name: K) => {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
};

/** The draft and the applied filters; `search` applies the draft (and calls `onApply`, e.g. back to page 1). */
export function useListFilters<F extends { [K in keyof F]: string }>(
  initial: F | (() => F),
  onApply?: () => void,
) {
  const [draft, setDraft] = useState<F>(initial);
  const [filters, setFilters] = useState<F>(draft);
  const field: FieldBinding<keyof F & string> = (name) => ({
    name,
    value: draft[name],
    onChange: (event) =>
      setDraft((current) => ({
        ...current,
        [name]: event.target.value,
        // Another partner's stores are not offered: the store chosen goes with the partner.
        ...(name === 'parceiro' && 'loja' in current ? { loja: '' } : {}),
      })),
  });
  function search(event: FormEvent) {
    event.preventDefault();
    onApply?.();
    setFilters(draft);
  }
  return { draft, filters, field, search };
}

/** The filters of a list read page by page, and its page: applying the filters goes back to page 1. */
export function usePagedListFilters<F extends { [K in keyof F]: string }>(initial: F | (() => F)) {
  const [page, setPage] = useState(1);
  return { ...useListFilters(initial, () => setPage(1)), page, setPage };
}

/** The filters' form: its fields, then 'Pesquisar'. */
export function ListSearchForm({
  label,
  onSubmit,
  children,
}: {
  /** The form's accessible name, e.g. 'Filtros dos acordos'. */
  label: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form className="admin-search" onSubmit={onSubmit} aria-label={label}>
      {children}
      <button type="submit" className="btn btn--primary">
        Pesquisar
      </button>
    </form>
  );
}

/** 'Data inicial' and 'Data final' (Brasília days, 'YYYY-MM-DD'). */
export function PeriodFields({ field }: { field: FieldBinding<'data_inicial' | 'data_final'> }) {
  return (
    <>
      <TextField label="Data inicial" type="date" {...field('data_inicial')} />
      <TextField label="Data final" type="date" {...field('data_final')} />
    </>
  );
}

/** 'Parceiro' (every partner the staff member sees) and 'Loja' (the stores the list's answer offers for it). */
export function PartnerStoreFields({
  draft,
  field,
  stores,
}: {
  draft: { parceiro: string };
  field: FieldBinding<'parceiro' | 'loja'>;
  stores: readonly StoreOption[] | undefined;
}) {
  const partners = usePartnerOptions();
  const partnerStores = storeOptions(stores, draft.parceiro);
  return (
    <>
      <SelectField
        label="Parceiro"
        placeholder="Todos os parceiros"
        options={partners}
        {...field('parceiro')}
      />
      <SelectField label="Loja" placeholder="Todas as lojas" options={partnerStores} {...field('loja')} />
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
  // One download at a time: a double click saved the sheet twice.
  const download = useSingleFlightMutation(sheet, { onError: onFailure });
  return (
    <button
      type="button"
      className="btn btn--ghost"
      onClick={() => download(filters)}
      disabled={sheet.isPending}
      aria-busy={sheet.isPending || undefined}
      data-testid={testId}
    >
      {sheet.isPending ? 'Baixando…' : 'Planilha'}
    </button>
  );
}
