import { cn, initialOf } from '../../lib/utils';

/** A person's initial in a circle (customers, users); decorative, as the name is shown beside it. */
export function Avatar({
  name,
  size = 'lg',
  muted = false,
}: {
  name: string;
  /** `lg` for cards and dialogs, `md` for table rows. */
  size?: 'md' | 'lg';
  /** Greyed out, e.g. for an inactive user. */
  muted?: boolean;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full font-semibold',
        size === 'lg' ? 'size-12 text-lg' : 'size-10',
        muted ? 'bg-slate-100 text-slate-500' : 'bg-blue-100 text-blue-700',
      )}
    >
      {initialOf(name)}
    </span>
  );
}
