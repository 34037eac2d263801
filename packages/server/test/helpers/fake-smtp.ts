import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the fake accepted: the envelope as sent and the message parsed with mailparser. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  parsed: ParsedMail;
}

export interface FakeSmtp {
  host: string;
  port: number;
  /** The sign-in it accepts (it refuses any other, and mail without one). */
  user: string;
  password: string;
  received: ReceivedMail[];
  /** Recipients it refuses with 550 (a mailbox that does not exist). */
  refuse: Set<string>;
  /** While set, every message is answered with this temporary failure (451) after its data. */
  busy: boolean;
  close(): Promise<void>;
}

/**
 * A small SMTP server on 127.0.0.1 (nodemailer's own smtp-server): it requires a sign-in, refuses the
 * recipients it is told to with 550, answers 451 while `busy`, and keeps every message it accepted, parsed.
 * No STARTTLS: the test sends plain text on the loopback.
 */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const fake: FakeSmtp = {
    host: '127.0.0.1',
    port: 0,
    user: 'shop-mailer',
    password: `smtp-${Math.random().toString(36).slice(2)}`,
    received: [],
    refuse: new Set(),
    busy: false,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === fake.user && auth.password === fake.password) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (fake.refuse.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error('5.1.1 Mailbox does not exist'), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (fake.busy) {
          callback(Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            fake.received.push({
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              parsed,
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = (server.server.address() as AddressInfo).port;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
