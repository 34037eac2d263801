import type { Settings } from '@pos/core';
import { Send } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { CheckboxField } from '../../components/form/checkbox-field';
import { TextField } from '../../components/form/text-field';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { newSecret, type SettingsControl } from './settings-form';
import { useTestNotification } from './settings-screen.queries';

/**
 * LINE fields and the test button. The saved token is never shown (only its tail); the box
 * takes a new one. The test sends, through the server, what is typed, else the saved values.
 */
export function NotificationsTab({
  control,
  saved,
  readOnly,
}: {
  control: SettingsControl;
  saved: Settings['notifications'];
  readOnly: boolean;
}) {
  const t = useT();
  const test = useTestNotification();
  const typedToken = useWatch({ control, name: 'settings.notifications.lineChannelAccessToken' });
  const typedUserId = useWatch({ control, name: 'settings.notifications.lineUserId' });

  const sendTest = () => {
    const token = newSecret(typeof typedToken === 'string' ? typedToken : '');
    const userId = typeof typedUserId === 'string' ? typedUserId.trim() : '';
    if ((token === undefined && !saved.lineChannelAccessTokenSet) || userId === '') {
      toast.error(t('common.error'), { description: t('settings.line.incomplete') });
      return;
    }
    test.mutate(
      { lineUserId: userId, ...(token === undefined ? {} : { lineChannelAccessToken: token }) },
      {
        onSuccess: () => toast.success(t('settings.line.testSent')),
        onError: (error) =>
          toast.error(t('common.error'), { description: errorMessage(error, t('settings.line.testError')) }),
      },
    );
  };

  const tail = saved.lineChannelAccessToken.slice(-4);
  return (
    <div className="grid max-w-2xl gap-4">
      <TextField
        control={control}
        name="settings.notifications.lineChannelAccessToken"
        id="settings-line-token"
        label={t('settings.line.token')}
        hint={saved.lineChannelAccessTokenSet ? t('settings.line.tokenSet', { tail }) : t('settings.line.tokenHint')}
        autoComplete="off"
        secret
      />
      <TextField
        control={control}
        name="settings.notifications.lineUserId"
        id="settings-line-user"
        label={t('settings.line.userId')}
        autoComplete="off"
      />
      <CheckboxField
        control={control}
        name="settings.notifications.notifyOnSale"
        id="settings-notify-on-sale"
        label={t('settings.line.notifyOnSale')}
      />
      <div>
        <Button type="button" variant="outline" onClick={sendTest} disabled={readOnly || test.isPending}>
          <Send aria-hidden />
          {t('settings.line.test')}
        </Button>
      </div>
    </div>
  );
}
