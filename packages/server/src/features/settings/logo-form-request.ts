import { ERROR_MESSAGES, FIELD_MESSAGES, LOGO_FORM_FIELD, LOGO_MAX_BYTES } from '@pos/core';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';

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
        throw new AppError({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: FIELD_MESSAGES.unknownFile(part.fieldname),
          fields: { [part.fieldname]: FIELD_MESSAGES.logoField(LOGO_FORM_FIELD) },
        });
      }
      if (data.length > 0) logo = data;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof errors.RequestFileTooLargeError) throw new AppError({ status: 413, code: 'LOGO_TOO_LARGE' });
    if (
      err instanceof errors.FilesLimitError ||
      err instanceof errors.FieldsLimitError ||
      err instanceof errors.PartsLimitError
    ) {
      throw new AppError({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    }
    throw new AppError({ status: 400, code: 'VALIDATION_FAILED', message: FIELD_MESSAGES.formInvalid });
  }
  if (!logo) throw fileRequired();
  return logo;
}
