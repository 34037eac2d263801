import { ETAX_EMAIL_STATUSES, type EtaxEmail } from '@pos/core';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { QueryStates } from '../../components/ui/query-states';
import { Skeleton } from '../../components/ui/skeleton';
import { EmptyState } from '../../components/ui/states';
import { useI18n, type MessageKey } from '../../i18n';
import { errorDetail, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { useEtaxEmails, useResendEtaxEmail, type EtaxEmailStatus } from './settings-screen.queries';

const STATUS_TEXT: Record<EtaxEmailStatus, { title: MessageKey; option: MessageKey; empty: MessageKey }> = {
  failed: {
    title: 'settings.etaxEmails.titleFailed',
    option: 'settings.etaxEmails.statusFailed',
    empty: 'settings.etaxEmails.emptyFailed',
  },
  pending: {
    title: 'settings.etaxEmails.titlePending',
    option: 'settings.etaxEmails.statusPending',
    empty: 'settings.etaxEmails.emptyPending',
  },
  sent: {
    title: 'settings.etaxEmails.titleSent',
    option: 'settings.etaxEmails.statusSent',
    empty: 'settings.etaxEmails.emptySent',
  },
};

/** The order the filter offers: what needs a manager first. */
const FILTER_ORDER: readonly EtaxEmailStatus[] = ['failed', 'pending', 'sent'];

const STATUS_TONE: Record<EtaxEmailStatus, BadgeTone> = { failed: 'red', pending: 'amber', sent: 'green' };

/** When the row's state was reached: a failed or sent e-mail when it finished, a waiting one when it was queued. */
function whenKey(status: EtaxEmailStatus): MessageKey {
  if (status === 'failed') return 'settings.etaxEmails.failedAt';
  if (status === 'sent') return 'settings.etaxEmails.sentAt';
  return 'settings.etaxEmails.queuedAt';
}

/**
 * The e-Tax e-mails for managers (settings_edit, issue 36): failed ones by default, each with the SMTP server's
 * answer and "send again" (back to the outbox: the row leaves the failed list); waiting and sent ones on request.
 */
export function EtaxEmailsSection() {
  const { t } = useI18n();
  const [status, setStatus] = useState<EtaxEmailStatus>('failed');
  const emails = useEtaxEmails(status);
  const text = STATUS_TEXT[status];
  return (
    <section className="grid gap-4" aria-labelledby="settings-etax-emails-title" data-testid="settings-etax-emails">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id="settings-etax-emails-title" className="text-base font-semibold text-slate-900">
            {t(text.title)}
          </h3>
          <p className="text-sm text-slate-600">{t('settings.etaxEmails.hint')}</p>
        </div>
        <div className="w-full space-y-1.5 sm:w-48">
          <Label htmlFor="settings-etax-emails-status">{t('settings.etaxEmails.status')}</Label>
          <select
            id="settings-etax-emails-status"
            value={status}
            onChange={(event) => setStatus(ETAX_EMAIL_STATUSES.find((s) => s === event.target.value) ?? 'failed')}
            className={cn(inputClasses, 'cursor-pointer')}
          >
            {FILTER_ORDER.map((option) => (
              <option key={option} value={option}>
                {t(STATUS_TEXT[option].option)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryStates
        query={emails}
        loading={
          <div className="grid gap-2" aria-hidden>
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
        }
        errorTitle={t('settings.etaxEmails.loadError')}
        errorMessage={errorDetail(emails.error)}
        empty={<EmptyState title={t(text.empty)} />}
      >
        {(list) => (
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
            aria-labelledby="settings-etax-emails-title"
          >
            {list.map((email) => (
              <EtaxEmailRow key={email.id} email={email} />
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}

/** One e-mail: the document, to whom, how many tries and when, the reason it failed, and "send again". */
function EtaxEmailRow({ email }: { email: EtaxEmail }) {
  const { t } = useI18n();
  const resend = useResendEtaxEmail();
  const [error, setError] = useState<string | null>(null);
  const kind = t(email.kind === 'credit_note' ? 'settings.etaxEmails.creditNote' : 'settings.etaxEmails.taxInvoice');
  const when = email.status === 'pending' ? email.createdAt : (email.finishedAt ?? email.createdAt);

  const onResend = () => {
    setError(null);
    resend.mutate(email.id, {
      onSuccess: () => toast.success(t('settings.etaxEmails.resent', { number: email.documentNumber })),
      onError: (cause) => setError(errorMessage(cause, t('settings.etaxEmails.resendError'))),
    });
  };

  return (
    <li
      className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start sm:justify-between"
      data-testid={`etax-email-${email.id}`}
    >
      {/* On a phone the button goes under the facts, so they keep the whole width. */}
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold break-all text-slate-900">{email.documentNumber}</span>
          <span className="text-sm text-slate-600">{kind}</span>
          <Badge tone={STATUS_TONE[email.status]}>{t(STATUS_TEXT[email.status].option)}</Badge>
        </p>
        <p className="text-sm break-all text-slate-700">{t('settings.etaxEmails.to', { to: email.to })}</p>
        <p className="flex flex-wrap gap-x-2 text-sm text-slate-600">
          <span>{t(whenKey(email.status), { when: formatDateTime(when) })}</span>
          <span aria-hidden>·</span>
          <span className="whitespace-nowrap">{t('settings.etaxEmails.attempts', { n: email.attempts })}</span>
        </p>
        {email.lastError ? (
          <p className="mt-2 rounded-lg bg-slate-50 p-2 text-sm break-words text-slate-800">
            <span className="font-medium">{t('settings.etaxEmails.reason')}</span> {email.lastError}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
      {email.status === 'failed' ? (
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={onResend}
          disabled={resend.isPending}
          aria-label={t('settings.etaxEmails.resendLabel', { number: email.documentNumber, to: email.to })}
        >
          <Send aria-hidden />
          {t('settings.etaxEmails.resend')}
        </Button>
      ) : null}
    </li>
  );
}
