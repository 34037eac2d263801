import { SettingsResponse, UpdateSettingsRequest } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { currentUser, needs, signedIn } from '../../http/route-access';
import { getSettings, updateSettings } from './settings.service';

export function settingsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['settings'];
    // Every signed-in screen needs the store name, tax rate and payment options;
    // secrets are masked, so reading is open to any signed-in user.
    app.get(
      '/settings',
      { config: { access: signedIn }, schema: { tags, response: { 200: SettingsResponse } } },
      async () => ({ settings: await getSettings(deps) }),
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
