import { hasStaffCredentials, STAFF_STORAGE_KEYS } from '@portal/domain';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage';

// Spec 002 §3 "Local storage": the back office keeps `access_token` and `user_id` in localStorage.

export interface StaffCredentials {
  token: string;
  userId: string;
}

/** The stored credentials when they pass the client check of spec 002 §2 (user id, token of 20+ characters). */
export function readCredentials(): StaffCredentials | null {
  const token = readStorage(STAFF_STORAGE_KEYS.token);
  const userId = readStorage(STAFF_STORAGE_KEYS.userId);
  return token && userId && hasStaffCredentials(token, userId) ? { token, userId } : null;
}

export function storeCredentials(credentials: StaffCredentials): void {
  writeStorage(STAFF_STORAGE_KEYS.token, credentials.token);
  writeStorage(STAFF_STORAGE_KEYS.userId, credentials.userId);
}

export function clearCredentials(): void {
  removeStorage(STAFF_STORAGE_KEYS.token);
  removeStorage(STAFF_STORAGE_KEYS.userId);
}
