import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import type { ModalOptions } from '../../../components/ui/Modal';
import { AdminApiError } from '../api/admin';
import { useAdminFailure } from './AdminLayout';

interface ListAction<Item> {
  /** The write on one row (delete, archive, move a status). */
  act: (item: Item) => Promise<unknown>;
  /** The yes/no question asked first ('Sim' / 'Não'); none for a write that needs no confirmation. */
  question?: (item: Item) => { title: string; text: string };
  /** The success snackbar. */
  done: (item: Item) => string;
  /** The list the write changed: read again before the snackbar. */
  invalidates: QueryKey;
  /** The list's heading, which takes the focus afterwards (the row's button may be gone). */
  headingRef: RefObject<HTMLElement | null>;
  /** The modal of a failure, when the screen has its own text (else the admin error modal). */
  failure?: (error: unknown) => ModalOptions;
}

/**
 * The write a back-office list does on one of its rows, the same on every list: the question, the call, the list
 * read again, the snackbar, the focus on the heading; 'Unauthenticated' goes to the login, another failure to a
 * modal. `pending` is the row being written (its button says so; the others wait).
 */
export function useListAction<Item>({
  act,
  question,
  done,
  invalidates,
  headingRef,
  failure,
}: ListAction<Item>) {
  const { confirm, showModal, showSnackbar } = useFeedback();
  const onFailure = useAdminFailure();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: act,
    onSuccess: async (_answer, item) => {
      await queryClient.invalidateQueries({ queryKey: invalidates });
      showSnackbar(done(item), 'success');
      headingRef.current?.focus();
    },
    onError: async (error) => {
      const unauthenticated = error instanceof AdminApiError && error.unauthenticated;
      if (failure && !unauthenticated) await showModal(failure(error));
      else await onFailure(error);
    },
  });

  async function run(item: Item): Promise<void> {
    if (question) {
      const yes = await confirm({ ...question(item), style: 'alert', buttonText: 'Sim', cancelText: 'Não' });
      if (!yes) return;
    }
    mutation.mutate(item);
  }

  return { run, pending: mutation.isPending ? mutation.variables : undefined };
}
