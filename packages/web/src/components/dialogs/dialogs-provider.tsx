import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { DeleteConfirmDialog } from './delete-confirm-dialog';
import { ErrorDialog } from './error-dialog';
import { LoadingDialog } from './loading-dialog';
import { SuccessDialog } from './success-dialog';

interface NoticeOptions {
  title?: string;
  message?: string;
}

interface ErrorOptions extends NoticeOptions {
  /** Offers "retry" beside OK (a failed load). */
  onRetry?: () => void;
}

interface ConfirmDeleteOptions extends NoticeOptions {
  confirmLabel?: string;
}

export interface DialogsApi {
  /** A success notice that closes itself after 2 s. */
  showSuccess: (options: NoticeOptions) => void;
  /** An error notice with an OK button (and a retry when given). */
  showError: (options: ErrorOptions) => void;
  /** Asks for a delete confirmation; resolves true when confirmed. */
  confirmDelete: (options?: ConfirmDeleteOptions) => Promise<boolean>;
  showLoading: (message?: string) => void;
  hideLoading: () => void;
}

const DialogsContext = createContext<DialogsApi | null>(null);

interface ConfirmState extends ConfirmDeleteOptions {
  resolve: (confirmed: boolean) => void;
}

/** The app's shared dialogs (spec 000 §2 "common dialogs"), opened from anywhere through `useDialogs()`. */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [success, setSuccess] = useState<NoticeOptions | null>(null);
  const [error, setError] = useState<ErrorOptions | null>(null);
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  const [loading, setLoading] = useState<{ message?: string } | null>(null);
  const confirmRef = useRef<ConfirmState | null>(null);

  const answerConfirm = useCallback((confirmed: boolean) => {
    confirmRef.current?.resolve(confirmed);
    confirmRef.current = null;
    setConfirm(null);
  }, []);

  const api = useMemo<DialogsApi>(
    () => ({
      showSuccess: (options) => setSuccess(options),
      showError: (options) => setError(options),
      confirmDelete: (options = {}) =>
        new Promise<boolean>((resolve) => {
          confirmRef.current?.resolve(false);
          const state = { ...options, resolve };
          confirmRef.current = state;
          setConfirm(state);
        }),
      showLoading: (message) => setLoading(message === undefined ? {} : { message }),
      hideLoading: () => setLoading(null),
    }),
    [],
  );

  const closeSuccess = useCallback(() => setSuccess(null), []);
  const closeError = useCallback(() => setError(null), []);

  return (
    <DialogsContext.Provider value={api}>
      {children}
      <SuccessDialog open={success !== null} onClose={closeSuccess} title={success?.title} message={success?.message} />
      <ErrorDialog
        open={error !== null}
        onClose={closeError}
        title={error?.title}
        message={error?.message}
        onRetry={error?.onRetry}
      />
      <DeleteConfirmDialog
        open={confirm !== null}
        onAnswer={answerConfirm}
        title={confirm?.title}
        message={confirm?.message}
        confirmLabel={confirm?.confirmLabel}
      />
      <LoadingDialog open={loading !== null} message={loading?.message} />
    </DialogsContext.Provider>
  );
}

export function useDialogs(): DialogsApi {
  const value = useContext(DialogsContext);
  if (!value) throw new Error('useDialogs must be used inside <DialogsProvider>');
  return value;
}
