import { createTransport } from 'nodemailer';

/** How long a send may take, each step (connect, greeting, the whole exchange): a dead server fails, it never hangs. */
export const SMTP_TIMEOUT_MS = 30_000;

export interface SmtpServer {
  host: string;
  port: number;
  /** Implicit TLS from the first byte (port 465); otherwise STARTTLS whenever the server offers it. */
  secure: boolean;
  user: string;
  /** From the environment (ETAX_SMTP_PASSWORD), never from settings; null: the server takes no sign-in. */
  password: string | null;
}

export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  cc: string | null;
  subject: string;
  text: string;
  /** Sent as the Message-ID header: a resend after a lost answer is recognisably the same message. */
  messageId: string;
  attachments: { filename: string; content: Buffer | string; contentType: string }[];
}

/** An SMTP server's refusal or a network failure; `permanent` for a 5xx answer (sending again will not help). */
export class SmtpSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Sends one message through the shop's SMTP server with nodemailer (one connection, closed after). */
export async function sendMail(server: SmtpServer, mail: OutgoingMail): Promise<void> {
  const transport = createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    auth: server.user === '' ? undefined : { user: server.user, pass: server.password ?? '' },
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  let rejected: string[] = [];
  let rejectedAnswer = '';
  try {
    const info = await transport.sendMail({
      from: mail.from,
      to: mail.to,
      cc: mail.cc ?? undefined,
      subject: mail.subject,
      text: mail.text,
      messageId: mail.messageId,
      attachments: mail.attachments,
    });
    rejected = info.rejected.map((address) => address.toLowerCase());
    rejectedAnswer = (info.rejectedErrors ?? [])
      .map((e) => (e as { response?: string }).response ?? e.message)
      .join('; ');
  } catch (err) {
    const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
    const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500;
    // The server's answer or the network's error, never the password.
    throw new SmtpSendError(e.response ?? `${e.code ?? 'ERROR'}: ${e.message ?? 'send failed'}`, permanent);
  } finally {
    transport.close();
  }
  // A server that takes the message for the copy but refuses the main recipient has not delivered it.
  if (rejected.includes(mail.to.toLowerCase())) {
    throw new SmtpSendError(rejectedAnswer || `the server refused ${mail.to}`, true);
  }
}
