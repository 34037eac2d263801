import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef, type HTMLAttributes } from 'react';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import { Button } from './button';
import { Spinner } from './spinner';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * No backdrop blur: without a GPU (Chromium's software compositing, as on a till PC whose graphics are not
 * supported, and in the browser tests) a blur over the whole screen is drawn again on every frame and took
 * most of the browser's CPU while a dialog was open; at 1 px it was all but invisible.
 */
export const overlayClasses = 'fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-[fade-in_150ms_ease-out]';

/**
 * Centred in the screen less the toasts' band (app/providers toastPlacement), so a toast never covers a
 * dialog's title or buttons: below the top 5.5 rem on desktop, above the bottom 6 rem on narrower screens.
 */
export const contentClasses = cn(
  'fixed top-[calc(50%-2.5rem)] left-1/2 z-50 grid max-h-[calc(100dvh-7rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
  'lg:top-[calc(50%+2.25rem)] lg:max-h-[calc(100dvh-6.5rem)]',
  'gap-4 overflow-y-auto rounded-xl bg-white p-5 shadow-xl focus:outline-none sm:p-6',
  'data-[state=open]:animate-[dialog-in_150ms_ease-out]',
);

interface DialogContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  /** Hide the corner close button (for dialogs that must be answered). */
  hideClose?: boolean;
  /** Keep the dialog open on a click outside or Escape. */
  dismissible?: boolean;
}

export const DialogContent = forwardRef<ComponentRef<typeof DialogPrimitive.Content>, DialogContentProps>(
  function DialogContent(
    {
      className,
      children,
      hideClose = false,
      dismissible = true,
      onPointerDownOutside,
      onInteractOutside,
      onEscapeKeyDown,
      ...props
    },
    ref,
  ) {
    const t = useT();
    const block = (event: Event) => event.preventDefault();
    return (
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content
          ref={ref}
          className={cn(contentClasses, className)}
          onPointerDownOutside={dismissible ? onPointerDownOutside : block}
          onInteractOutside={dismissible ? onInteractOutside : block}
          onEscapeKeyDown={dismissible ? onEscapeKeyDown : block}
          {...props}
        >
          {children}
          {hideClose ? null : (
            <DialogPrimitive.Close
              aria-label={t('common.close')}
              className="absolute top-2 right-2 flex size-11 cursor-pointer items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <X className="size-5" aria-hidden />
            </DialogPrimitive.Close>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    );
  },
);

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1 pr-8', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

/**
 * A form dialog's two buttons: the way out ("cancel" unless `cancelLabel` says otherwise)
 * and submit, which spins and says "saving" while `pending`; both are disabled meanwhile.
 */
export function DialogFormFooter({
  pending,
  submitLabel,
  onCancel,
  cancelLabel,
}: {
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
  cancelLabel?: string;
}) {
  const t = useT();
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {cancelLabel ?? t('common.cancel')}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner /> : null}
        {pending ? t('common.saving') : submitLabel}
      </Button>
    </DialogFooter>
  );
}

export const DialogTitle = forwardRef<
  ComponentRef<typeof DialogPrimitive.Title>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Title>
>(function DialogTitle({ className, ...props }, ref) {
  return (
    <DialogPrimitive.Title ref={ref} className={cn('text-lg font-semibold text-slate-900', className)} {...props} />
  );
});

export const DialogDescription = forwardRef<
  ComponentRef<typeof DialogPrimitive.Description>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Description>
>(function DialogDescription({ className, ...props }, ref) {
  return <DialogPrimitive.Description ref={ref} className={cn('text-sm text-slate-600', className)} {...props} />;
});
