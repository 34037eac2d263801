import { describe, expect, it } from 'vitest';
import { cardSetupWarnings } from './card-setup-notes';

describe('card setup warnings', () => {
  it('says nothing when the server has both secrets and the key starts with pk_', () => {
    expect(cardSetupWarnings({ secret: true, webhook: true }, 'pk_live_abc')).toEqual([]);
  });

  it('warns of a missing secret key and a missing pk_ key, not of the webhook the secret key needs first', () => {
    expect(cardSetupWarnings({ secret: false, webhook: false }, '')).toEqual([
      'settings.payment.secretMissing',
      'settings.payment.publishableKeyMissing',
    ]);
  });

  it('warns that sales are recorded on return only without the webhook secret', () => {
    expect(cardSetupWarnings({ secret: true, webhook: false }, 'pk_test_1')).toEqual([
      'settings.payment.webhookMissing',
    ]);
  });

  it('treats a key of another kind as missing', () => {
    expect(cardSetupWarnings({ secret: true, webhook: true }, 'sk_test_1')).toEqual([
      'settings.payment.publishableKeyMissing',
    ]);
  });
});
