import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers from this size on are compressed for clients that accept it. Smaller ones (a sale's answer is
 * 2-5 KB) save the network a few KB at most, while compressing each cost a sale ~16 % of its main-thread
 * work for a browser, which asks for br or gzip (issue 17: instructions counted under callgrind).
 */
export const COMPRESS_FROM_BYTES = 8 * 1024;

/**
 * Compression of answers to reads (GET, and HEAD with them): the lists, reports and the app's files,
 * which shrink 5-10× (the till's product list of 10,000 products is ~1.3 MB as text). The writes'
 * answers are one record or a sale (2-5 KB, under the threshold), so the plugin's hooks are left off
 * their routes rather than run per request to find each answer too small (issue 17). Request bodies
 * are never compressed by the app's clients: no route decompresses them (an encoded body is refused
 * as the JSON or form it is not).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before the plugin's own onRoute hook, which reads these options.
  app.addHook('onRoute', (route) => {
    route.decompress = false;
    const methods = [route.method].flat();
    if (!methods.includes('GET')) route.compress = false;
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: COMPRESS_FROM_BYTES });
}
