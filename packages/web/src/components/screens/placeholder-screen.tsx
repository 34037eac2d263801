import { Construction } from 'lucide-react';
import { useT, type MessageKey } from '../../i18n';
import { Card } from '../ui/card';
import { PageHeader } from '../ui/page-header';

/** A screen that exists in the route table but is not built yet. */
export function PlaceholderScreen({ titleKey }: { titleKey: MessageKey }) {
  const t = useT();
  return (
    <section>
      <PageHeader title={t(titleKey)} />
      <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <Construction className="size-7" aria-hidden />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">{t('screens.notBuiltTitle')}</h2>
        <p className="max-w-md text-slate-600">{t('screens.notBuilt')}</p>
      </Card>
    </section>
  );
}
