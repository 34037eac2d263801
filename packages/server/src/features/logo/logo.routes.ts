import { LogoResponse, LogoUploadForm } from '@pos/core';
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { needs } from '../../http/route-access';
import { currentUser } from '../../http/request-user';
import { readLogoForm } from './logo-form-request';
import { deleteLogo, uploadLogo } from './logo.service';

/** The logo form is read by the handler (Fastify's schema validation never sees multipart parts). */
const bodyReadByHandler: FastifySchemaCompiler<unknown> = () => (value: unknown) => ({ value });

/**
 * The store logo (`/api/settings/logo`, under settings in the API document). Its own feature because it
 * both writes a setting and clears unused image files, which the storage feature does with the settings
 * it reads: settings and storage stay one-way.
 */
export function logoRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['settings'];
    app.post(
      '/settings/logo',
      {
        config: { access: needs('settings_edit'), errors: [503] },
        schema: {
          tags,
          description:
            'Multipart form with the file `logo` (checked by content: JPEG, PNG, GIF or WebP, at most 5 MB; re-encoded, at most 512 px). The old logo file is deleted once the new one is saved.',
          body: { content: { 'multipart/form-data': { schema: LogoUploadForm } } },
          response: { 200: LogoResponse },
        },
        validatorCompiler: bodyReadByHandler,
      },
      async (req) => uploadLogo(deps, currentUser(req).id, await readLogoForm(req)),
    );
    app.delete(
      '/settings/logo',
      {
        config: { access: needs('settings_edit'), errors: [503] },
        schema: { tags, response: { 200: LogoResponse } },
      },
      async (req) => deleteLogo(deps, currentUser(req).id),
    );
  };
}
