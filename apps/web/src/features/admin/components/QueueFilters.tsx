import { type ReactNode, useState } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { Form } from '../../../components/form/Form';
import { SelectInput } from '../../../components/form/fields';
import type { SelectOption } from '../../../components/ui/SelectField';
import { usePartnerOptions } from './usePartnerOptions';

// The filters of a queue read page by page (the work queues, the privacy requests): 'Parceiro', 'Status' and what
// else the queue filters by, applied on 'Pesquisar' (they have no rules to check), back to page 1.

/** The applied filters, the page, and the form that edits the filters until 'Pesquisar' (`search`). */
export function useQueueFilters<F extends FieldValues>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const form = useForm<F>({ defaultValues: initial as DefaultValues<F> });
  function search(asked: F) {
    setPage(1);
    setFilters({ ...asked });
  }
  return { filters, page, setPage, form, search };
}

/** 'Parceiro' (every partner the staff member sees), 'Status', the queue's own fields, then 'Pesquisar'. */
export function QueueFilters<F extends FieldValues>({
  form,
  onSubmit,
  label,
  statuses,
  children,
}: {
  form: UseFormReturn<F>;
  onSubmit: (asked: F) => void;
  /** The form's accessible name, e.g. 'Filtrar a fila'. */
  label: string;
  statuses: SelectOption[];
  children?: ReactNode;
}) {
  const partners = usePartnerOptions();
  return (
    <Form form={form} onSubmit={onSubmit} className="privacy-queue__filters" aria-label={label}>
      <SelectInput label="Parceiro" name="parceiro" placeholder="Todos os parceiros" options={partners} />
      <SelectInput label="Status" name="status" placeholder="Todos" options={statuses} />
      {children}
      <button type="submit" className="btn btn--primary privacy-queue__search">
        Pesquisar
      </button>
    </Form>
  );
}
