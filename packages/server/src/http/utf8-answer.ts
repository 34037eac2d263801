/**
 * An answer's JSON as UTF-8 bytes, encoded once: sent as they are and, for an Idempotency-Key, kept as
 * they are. A sale's answer is text with Thai in it, which V8 holds as UTF-16: as text it was converted
 * to UTF-8 three times (its length for Content-Length, the socket, SQLite's parameter), ~7 % of a
 * sale's instructions (issue 17). `encodeInto` writes into a buffer kept for the next answer and the
 * bytes are copied out: one pass, where `Buffer.from` measures the text first.
 */
const encoder = new TextEncoder();
let scratch = Buffer.allocUnsafeSlow(16 * 1024);

export function utf8Answer(json: string): Buffer {
  // UTF-8 takes at most three bytes for each UTF-16 unit.
  if (scratch.length < json.length * 3) scratch = Buffer.allocUnsafeSlow(json.length * 3);
  const { written } = encoder.encodeInto(json, scratch);
  const bytes = Buffer.allocUnsafe(written);
  scratch.copy(bytes, 0, 0, written);
  return bytes;
}

/** A kept answer as text, whether it was kept as text (older rows, PostgreSQL) or as bytes. */
export function answerText(answer: string | Buffer): string {
  return typeof answer === 'string' ? answer : answer.toString('utf8');
}
