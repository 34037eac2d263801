/** Pause between the success toast and leaving the sign-in screen (spec 000 §2). */
export const POST_LOGIN_DELAY_MS = 100;

/** Whether the sign-in form may be sent: both fields filled and no request running (spec 000 §5). */
export function canSubmitLogin(values: { username?: string; password?: string }, busy: boolean): boolean {
  return !busy && (values.username ?? '').trim() !== '' && (values.password ?? '') !== '';
}
