import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** Real delivery through any SMTP server named by a URL (smtp:// or smtps://, with credentials). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => {
      transport.close();
    },
  };
}
