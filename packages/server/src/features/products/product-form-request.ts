import { msg, PRODUCT_FORM_IMAGE_FIELD } from '@pos/core';
import type { FastifyRequest } from 'fastify';
import { multipartError, unknownFileError } from '../../http/multipart-errors';

export interface ProductFormBody {
  /** Form fields as sent (text), or the JSON body. */
  fields: unknown;
  /** The bytes of the `newImage` file, if one was chosen. */
  image: Buffer | null;
}

/**
 * Reads the product form: multipart/form-data as the product dialog sends it
 * (spec 001 §3: text fields, `newImage` file), or a JSON body for API clients.
 * A file over the multipart file limit (5 MB) is a 413 before anything is kept.
 */
export async function readProductForm(request: FastifyRequest): Promise<ProductFormBody> {
  if (!request.isMultipart()) return { fields: request.body, image: null };
  const fields = new Map<string, unknown>();
  let image: Buffer | null = null;
  const errors = request.server.multipartErrors;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== PRODUCT_FORM_IMAGE_FIELD) {
          throw unknownFileError(part.fieldname, msg('server.imageField', { field: PRODUCT_FORM_IMAGE_FIELD }));
        }
        // A file input left empty still sends an empty part.
        if (data.length === 0 && !part.filename) continue;
        image = data;
      } else {
        const value = part.value;
        const previous = fields.get(part.fieldname);
        // A repeated field (sizes=S&sizes=M) is a list.
        if (previous === undefined) fields.set(part.fieldname, value);
        else fields.set(part.fieldname, [...(Array.isArray(previous) ? previous : [previous]), value]);
      }
    }
  } catch (err) {
    throw multipartError(err, errors, 'IMAGE_TOO_LARGE');
  }
  // fromEntries defines own properties, so a field named __proto__ stays a plain field.
  return { fields: Object.fromEntries(fields), image };
}
