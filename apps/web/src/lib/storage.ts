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
