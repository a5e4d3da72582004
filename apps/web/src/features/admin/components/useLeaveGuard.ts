import { useLeaveWarning } from '../../../components/ui/leave-warning';

/** What leaving a form with unsaved edits asks (an in-app link, the back button). */
const LEAVE_UNSAVED = {
  title: 'Sair sem salvar?',
  text: 'As alterações feitas neste formulário serão perdidas.',
  buttonText: 'Sair sem salvar',
  cancelText: 'Continuar editando',
  style: 'alert',
} as const;

/**
 * Asks before leaving a back-office form with unsaved edits: an in-app navigation waits for the app's confirmation,
 * closing or reloading the tab gets the browser's own question. `saved` says the edits went to the server (no
 * question). `inApp` false: the edits stay in the tab as a draft, so only closing the tab (which drops it) asks.
 */
export function useLeaveGuard(dirty: boolean, saved: { current: boolean }, inApp = true) {
  useLeaveWarning(
    ({ currentLocation, nextLocation }) =>
      inApp && dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname,
    dirty,
    LEAVE_UNSAVED,
  );
}
