import type { WorkAnswerInput, WorkQueueKey } from '@portal/domain';
import { readStorage, removeStorage, removeStorageWhere, writeStorage } from '../../../lib/storage';

// The answer a staff member is typing in a work item, kept for this browser tab (sessionStorage, gone with the tab)
// and this staff user: an expired token sends them to the login, and the text waits on the item after it. Sending
// the answer drops it; Sair drops every draft and a login drops other users', so the next person at a shared
// computer never finds one.

const PREFIX = 'rascunhoResposta:';

export interface DraftOwner {
  /** The staff user typing (StaffUser.id). */
  userId: number;
  queue: WorkQueueKey;
  /** The work item. */
  id: number;
}

const keyOf = ({ userId, queue, id }: DraftOwner) => `${PREFIX}${userId}:${queue}:${id}`;

const FIELDS = {
  texto: 'string',
  contraproposta: 'boolean',
  entrada: 'string',
  quantidade_parcelas: 'string',
  valor_parcela: 'string',
} as const;

/** The fields of an answer form worth keeping: typed ones only (an untouched form is no draft). */
function typed(values: Partial<Record<string, unknown>>): Partial<WorkAnswerInput> {
  const kept: Record<string, unknown> = {};
  for (const [field, type] of Object.entries(FIELDS)) {
    const value = values[field];
    if (typeof value === type && value !== '' && value !== false) kept[field] = value;
  }
  return kept as Partial<WorkAnswerInput>;
}

/** The draft of this item by this user, or null. */
export function readAnswerDraft(owner: DraftOwner): Partial<WorkAnswerInput> | null {
  const stored = readStorage(keyOf(owner), 'session');
  if (!stored) return null;
  try {
    const draft = typed(JSON.parse(stored) as Record<string, unknown>);
    return Object.keys(draft).length > 0 ? draft : null;
  } catch {
    return null;
  }
}

/** Keeps what the form holds now; a form emptied again leaves no draft. */
export function saveAnswerDraft(owner: DraftOwner, values: Partial<Record<string, unknown>>): void {
  const draft = typed(values);
  if (Object.keys(draft).length === 0) removeStorage(keyOf(owner), 'session');
  else writeStorage(keyOf(owner), JSON.stringify(draft), 'session');
}

/** The answer went: its draft goes. */
export function dropAnswerDraft(owner: DraftOwner): void {
  removeStorage(keyOf(owner), 'session');
}

/** Drops every draft in this tab, or (with `keepUserId`) every other user's. */
export function forgetAnswerDrafts(keepUserId?: number): void {
  const kept = keepUserId === undefined ? null : `${PREFIX}${keepUserId}:`;
  removeStorageWhere((key) => key.startsWith(PREFIX) && (kept === null || !key.startsWith(kept)), 'session');
}
