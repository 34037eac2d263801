import { Store } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';

/** The store logo, or the default icon when there is none or it fails to load. */
export function StoreLogo({ logoUrl, className }: { logoUrl: string | null; className?: string }) {
  const t = useT();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = logoUrl !== null && failedUrl !== logoUrl;
  return (
    <span
      className={cn(
        'flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-lg',
        showImage ? 'bg-white ring-1 ring-slate-200' : 'bg-blue-600 text-white',
        className,
      )}
    >
      {showImage ? (
        <img
          src={logoUrl}
          alt={t('layout.storeLogo')}
          className="size-full object-contain"
          onError={() => setFailedUrl(logoUrl)}
        />
      ) : (
        <Store className="size-6" aria-hidden />
      )}
    </span>
  );
}
