import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonVariant } from '../../components/ui/button';

/**
 * One action of a product's row or card: an icon button named by `fullLabel` in the table, the icon with its
 * short `label` filling its share of the card's button grid on a phone.
 */
export function RowActionButton({
  icon: Icon,
  label,
  fullLabel,
  withText,
  onClick,
  variant = 'outline',
  disabled,
}: {
  icon: LucideIcon;
  label: string;
  fullLabel: string;
  withText: boolean;
  onClick: () => void;
  variant?: ButtonVariant;
  disabled?: boolean;
}) {
  return (
    <Button
      variant={variant}
      size={withText ? 'md' : 'icon'}
      onClick={onClick}
      disabled={disabled}
      aria-label={withText ? undefined : fullLabel}
      title={withText ? undefined : fullLabel}
      className={withText ? 'flex-1' : undefined}
    >
      <Icon aria-hidden />
      {withText ? label : null}
    </Button>
  );
}
