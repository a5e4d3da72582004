import type { StaffAccess } from '@portal/domain';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useFeedback } from '../../../components/ui/feedback';
import { focusPageStart } from '../../../components/ui/focus-return';
import type { ModalOptions } from '../../../components/ui/Modal';
import { AdminApiError } from '../api/admin';
import { useAdminFailure, useStaffWrites } from './AdminLayout';

export interface ListAction<Item> {
  /** Asks (when the action has a question), then writes the row. */
  run: (item: Item) => Promise<void>;
  /** A row is being written: the other buttons wait. */
  waiting: boolean;
  /** This row is being written. */
  writing: (item: Item) => boolean;
}

interface ListActionOptions<Item> {
  /** The row's identity. */
  id: (item: Item) => number;
  /** The write on one row (delete, archive, move a status). */
  act: (item: Item) => Promise<unknown>;
  /** The yes/no question asked first ('Sim' / 'Não'); none for a write that needs no confirmation. */
  question?: (item: Item) => { title: string; text: string };
  /** The success snackbar. */
  done: (item: Item) => string;
  /** The list the write changed: read again before the snackbar. */
  invalidates: QueryKey;
  /** The modal of a failure, when the screen has its own text (else the admin error modal). */
  failure?: (error: unknown) => ModalOptions;
  /** The admin error modal's text for a failure the server did not explain (spec 002 §8's text for the write). */
  failText?: string;
}

/**
 * The write a back-office list does on one of its rows, the same on every list: the question, the call, the list
 * read again, the snackbar, the focus on the page's heading (the row's button may be gone); 'Unauthenticated' goes
 * to the login, another failure to a modal. One row is written at a time (its button says so; the others wait).
 */
export function useListAction<Item>({
  id,
  act,
  question,
  done,
  invalidates,
  failure,
  failText,
}: ListActionOptions<Item>): ListAction<Item> {
  const { confirm, showModal, showSnackbar } = useFeedback();
  const onFailure = useAdminFailure(failText);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: act,
    onSuccess: async (_answer, item) => {
      await queryClient.invalidateQueries({ queryKey: invalidates });
      showSnackbar(done(item), 'success');
      focusPageStart();
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

  return {
    run,
    waiting: mutation.isPending,
    writing: (item: Item) => mutation.isPending && id(mutation.variables) === id(item),
  };
}

/** A row's button for its list action: `label`, then `busyLabel` while the row is written; `context` names the row to a screen reader. */
export function ListActionButton<Item>({
  action,
  item,
  label,
  busyLabel,
  context,
  className,
  access,
}: {
  action: ListAction<Item>;
  item: Item;
  label: string;
  busyLabel: string;
  context: string;
  className: string;
  /** Who may do it (STAFF_ACCESS); writers by default. */
  access?: StaffAccess;
}) {
  const writing = action.writing(item);
  if (!useStaffWrites(access)) return null;
  return (
    <button
      type="button"
      className={className}
      onClick={() => void action.run(item)}
      disabled={action.waiting}
      aria-busy={writing || undefined}
    >
      {writing ? busyLabel : label}
      <span className="sr-only"> {context}</span>
    </button>
  );
}
