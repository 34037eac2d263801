import { LOGO_MAX_BYTES } from '@pos/core';
import { ImageUp, Store, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { useDeleteLogo, useUploadLogo } from './settings-screen.queries';

/** The logo: upload (an image of at most 5 MB, checked again by the server) and delete, saved at once. */
export function LogoCard({ logoUrl, readOnly }: { logoUrl: string; readOnly: boolean }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const busy = upload.isPending || remove.isPending;

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      toast.error(t('common.error'), { description: t('settings.logo.tooLarge') });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success(t('settings.logo.uploaded')),
      onError: (error) =>
        toast.error(t('common.error'), { description: errorMessage(error, t('settings.logo.uploadError')) }),
    });
  };

  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => toast.success(t('settings.logo.deleted')),
      onError: (error) =>
        toast.error(t('common.error'), { description: errorMessage(error, t('settings.logo.deleteError')) }),
    });

  return (
    <Card className="flex flex-col items-center gap-3 self-start p-4 text-center">
      <h3 className="self-start text-sm font-medium text-slate-900">{t('settings.logo.title')}</h3>
      <div className="flex size-32 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
        {logoUrl ? (
          <img
            src={logoUrl}
            alt={t('settings.logo.alt')}
            className="size-full object-contain"
            data-testid="settings-logo"
          />
        ) : (
          <span className="flex flex-col items-center gap-1 text-sm text-slate-500">
            <Store className="size-8" aria-hidden />
            {t('settings.logo.none')}
          </span>
        )}
      </div>
      <p id="settings-logo-hint" className="text-xs text-slate-500">
        {t('settings.logo.hint')}
      </p>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="settings-logo-input"
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      <div className="flex w-full flex-wrap justify-center gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={readOnly || busy}
          aria-describedby="settings-logo-hint"
          onClick={() => input.current?.click()}
        >
          <ImageUp aria-hidden />
          {t('settings.logo.upload')}
        </Button>
        {logoUrl ? (
          <Button type="button" variant="outline" disabled={readOnly || busy} onClick={onDelete}>
            <Trash2 aria-hidden />
            {t('settings.logo.delete')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
