import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { OFFLINE_TEXT } from '../../lib/query-client';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);

/**
 * Offline, TanStack Query holds every read and write until the connection returns, so a screen would only spin:
 * this says why. A live region always in the page, so a screen reader announces it when it appears.
 */
export function OfflineNotice() {
  const online = useSyncExternalStore(
    subscribe,
    () => onlineManager.isOnline(),
    () => true,
  );
  return (
    <div className={online ? 'offline-notice' : 'offline-notice offline-notice--open'} role="status">
      {online ? null : OFFLINE_TEXT}
    </div>
  );
}
