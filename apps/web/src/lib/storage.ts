// localStorage can throw (private mode, quota, disabled storage); the portal must keep working without it.

export function readStorage(key: string, storage: 'local' | 'session' = 'local'): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string, storage: 'local' | 'session' = 'local'): void {
  try {
    (storage === 'local' ? window.localStorage : window.sessionStorage).setItem(key, value);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

export function removeStorage(key: string, storage: 'local' | 'session' = 'local'): void {
  try {
    (storage === 'local' ? window.localStorage : window.sessionStorage).removeItem(key);
  } catch {
    // ignore
  }
}

/** Removes every key of `storage` that `picked` chooses. */
export function removeStorageWhere(
  picked: (key: string) => boolean,
  storage: 'local' | 'session' = 'local',
): void {
  try {
    const store = storage === 'local' ? window.localStorage : window.sessionStorage;
    // Backwards: a removal shifts the indexes after it.
    for (let index = store.length - 1; index >= 0; index--) {
      const key = store.key(index);
      if (key !== null && picked(key)) store.removeItem(key);
    }
  } catch {
    // ignore
  }
}
