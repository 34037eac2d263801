import { TestNotificationRequest, TestNotificationResponse } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { needs } from '../../http/route-access';
import { sendTestNotification } from './notifications.service';

export function notificationsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/settings/notifications/test',
      {
        config: { access: needs('settings_edit'), errors: [502] },
        schema: {
          tags: ['settings'],
          description:
            'Sends "ทดสอบการแจ้งเตือนจากระบบ Universal POS" to LINE now with the token and user id given, or the saved ones (absent or masked values). 400 LINE_SETTINGS_INCOMPLETE without both; 502 LINE_REJECTED with LINE\'s answer in `details` (lineStatus, lineMessage) or LINE_UNREACHABLE.',
          body: TestNotificationRequest,
          response: { 200: TestNotificationResponse },
        },
      },
      async (req) => sendTestNotification(deps, req.body),
    );
  };
}
