import { ArrowLeft, Check } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../i18n';

/** Back and confirm under each payment view (cash, transfer, PromptPay, split). */
export function PaymentViewFooter({
  pending,
  onBack,
  confirmLabel,
  confirmDisabled = false,
}: {
  pending: boolean;
  onBack: () => void;
  confirmLabel: string;
  confirmDisabled?: boolean;
}) {
  const t = useT();
  return (
    <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row">
      <Button variant="outline" onClick={onBack} disabled={pending} className="sm:flex-1">
        <ArrowLeft aria-hidden />
        {t('common.back')}
      </Button>
      <Button type="submit" size="lg" disabled={pending || confirmDisabled} className="sm:flex-[2]">
        {pending ? <Spinner /> : <Check aria-hidden />}
        {pending ? t('payment.saving') : confirmLabel}
      </Button>
    </div>
  );
}
