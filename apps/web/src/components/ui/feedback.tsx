import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { LoadingOverlay } from './LoadingOverlay';
import { Modal, type ModalOptions } from './Modal';
import { Snackbar, type SnackbarTone } from './Snackbar';

/** Spec 000 §9: a snackbar message clears after 5000 ms. */
export const SNACKBAR_MS = 5000;

export interface Feedback {
  /** Opens a modal (queued behind any open one); resolves when the person closes it. */
  showModal(options: ModalOptions): Promise<void>;
  /** A modal with `cancelText` as a second button; resolves true when the person chose the main button. */
  confirm(options: ModalOptions & { cancelText: string }): Promise<boolean>;
  /** A 5-second message; `tone` colours it (spec 000 §8: danger or success for the SMS token answer). */
  showSnackbar(message: string, tone?: SnackbarTone): void;
  /** Takes the message away before its time: the screen it was about is being left for good. */
  hideSnackbar(): void;
  showLoading(message: string): void;
  hideLoading(): void;
}

const FeedbackContext = createContext<Feedback | null>(null);

export function useFeedback(): Feedback {
  const value = useContext(FeedbackContext);
  if (!value) throw new Error('useFeedback outside FeedbackProvider');
  return value;
}

interface QueuedModal extends ModalOptions {
  id: number;
  resolve: (confirmed: boolean) => void;
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [modals, setModals] = useState<QueuedModal[]>([]);
  const [snackbar, setSnackbar] = useState<{ message: string; tone?: SnackbarTone | undefined } | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  const nextId = useRef(0);
  const snackbarTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(snackbarTimer.current), []);

  const feedback = useMemo<Feedback>(() => {
    const enqueue = (options: ModalOptions) =>
      new Promise<boolean>((resolve) => {
        nextId.current += 1;
        const id = nextId.current;
        setModals((queue) => [...queue, { ...options, id, resolve }]);
      });
    return {
      showModal: async (options) => {
        await enqueue(options);
      },
      confirm: enqueue,
      showSnackbar: (message, tone) => {
        clearTimeout(snackbarTimer.current);
        setSnackbar({ message, tone });
        snackbarTimer.current = setTimeout(() => setSnackbar(null), SNACKBAR_MS);
      },
      hideSnackbar: () => {
        clearTimeout(snackbarTimer.current);
        setSnackbar(null);
      },
      showLoading: (message) => setLoading(message),
      hideLoading: () => setLoading(null),
    };
  }, []);

  const current = modals[0];
  const close = useCallback(
    (confirmed: boolean) => {
      current?.resolve(confirmed);
      setModals((queue) => queue.slice(1));
    },
    [current],
  );

  const blocked = Boolean(current || loading);
  return (
    <FeedbackContext.Provider value={feedback}>
      <div className="app-root" inert={blocked}>
        {children}
      </div>
      <Snackbar message={snackbar?.message ?? null} tone={snackbar?.tone} />
      {loading !== null && <LoadingOverlay message={loading} />}
      {current && (
        <Modal
          key={current.id}
          title={current.title}
          text={current.text}
          style={current.style}
          buttonText={current.buttonText}
          cancelText={current.cancelText}
          onClose={close}
        />
      )}
    </FeedbackContext.Provider>
  );
}
