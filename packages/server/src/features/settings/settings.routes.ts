import { SettingsResponse, StoreSettingsResponse, UpdateSettingsRequest } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { currentUser, needs, signedIn } from '../../http/route-access';
import { getSettings, getStoreSettings, updateSettings } from './settings.service';

export function settingsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['settings'];
    // The whole settings (LINE user id, token tail) belong to the settings screen (spec: settings_view).
    app.get(
      '/settings',
      { config: { access: needs('settings_view') }, schema: { tags, response: { 200: SettingsResponse } } },
      async () => ({ settings: await getSettings(deps) }),
    );
    // Every signed-in screen needs the store's name, logo, tax and payment options: this part only.
    app.get(
      '/settings/store',
      { config: { access: signedIn }, schema: { tags, response: { 200: StoreSettingsResponse } } },
      async () => ({ settings: await getStoreSettings(deps) }),
    );
    app.put(
      '/settings',
      {
        config: { access: needs('settings_edit') },
        schema: { tags, body: UpdateSettingsRequest, response: { 200: SettingsResponse } },
      },
      async (req) => ({ settings: await updateSettings(deps, currentUser(req), req.body.settings) }),
    );
  };
}
