import * as DialogPrimitive from '@radix-ui/react-dialog';
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import { cn } from '../../lib/utils';
import { overlayClasses } from './dialog';

/** A panel that slides in from one edge over a dimmed screen: the menu and the till's cart on narrow screens. */
export const Sheet = DialogPrimitive.Root;
export const SheetClose = DialogPrimitive.Close;

const SIDE_CLASSES = {
  left: 'left-0 data-[state=open]:animate-[drawer-in_200ms_ease-out]',
  right: 'right-0 data-[state=open]:animate-[drawer-right-in_200ms_ease-out]',
} as const;

interface SheetContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  side: keyof typeof SIDE_CLASSES;
  /** The sheet's accessible name; not shown (the content says what it is). */
  title: string;
  overlayClassName?: string;
}

export const SheetContent = forwardRef<ComponentRef<typeof DialogPrimitive.Content>, SheetContentProps>(
  function SheetContent({ side, title, className, overlayClassName, children, ...props }, ref) {
    return (
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={cn(overlayClasses, overlayClassName)} />
        <DialogPrimitive.Content
          ref={ref}
          aria-describedby={undefined}
          className={cn('fixed inset-y-0 z-50 shadow-xl focus:outline-none', SIDE_CLASSES[side], className)}
          {...props}
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    );
  },
);
