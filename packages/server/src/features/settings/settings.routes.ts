import {
  EtdaPlacesResponse,
  PublicShopResponse,
  SettingsResponse,
  StoreSettingsResponse,
  UpdateSettingsRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { isPublic, needs, signedIn } from '../../http/route-access';
import { currentUser } from '../../http/request-user';
import { DISTRICTS, PROVINCES, SUBDISTRICTS } from './etda-places';
import { getPublicShop, getSettings, getStoreSettings, updateSettings } from './settings.service';

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
    // A fresh browser's sign-in page shows whose shop this is: the name and logo, nothing more.
    app.get(
      '/settings/public',
      { config: { access: isPublic }, schema: { tags, response: { 200: PublicShopResponse } } },
      async () => ({ shop: await getPublicShop(deps) }),
    );
    // The settings screen's province → district → sub-district choices for the shop's e-Tax address.
    app.get(
      '/settings/places',
      { config: { access: needs('settings_view') }, schema: { tags, response: { 200: EtdaPlacesResponse } } },
      async (_req, reply) => {
        // The same list until a new release: browsers keep it for a day.
        reply.header('cache-control', 'private, max-age=86400');
        return { provinces: PROVINCES, districts: DISTRICTS, subdistricts: SUBDISTRICTS };
      },
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
