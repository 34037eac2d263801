import { ERROR_MESSAGES, LOGO_FORM_FIELD, LOGO_MAX_BYTES, msg } from '@pos/core';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { multipartError, unknownFileError } from '../../http/multipart-errors';

const fileRequired = () =>
  new AppError({
    status: 400,
    code: 'LOGO_FILE_REQUIRED',
    fields: { [LOGO_FORM_FIELD]: ERROR_MESSAGES.LOGO_FILE_REQUIRED },
  });

/**
 * The bytes of the `logo` file of a multipart form (spec 001 §7). A file over
 * 5 MB is a 413 with the spec's message before anything is kept; no file, or a
 * body that is not a form, is a 400.
 */
export async function readLogoForm(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fileRequired();
  const errors = request.server.multipartErrors;
  let logo: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: LOGO_MAX_BYTES } })) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname !== LOGO_FORM_FIELD) {
        throw unknownFileError(part.fieldname, msg('server.logoField', { field: LOGO_FORM_FIELD }));
      }
      if (data.length > 0) logo = data;
    }
  } catch (err) {
    throw multipartError(err, errors, 'LOGO_TOO_LARGE');
  }
  if (!logo) throw fileRequired();
  return logo;
}
