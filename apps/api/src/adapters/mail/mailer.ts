export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The mail port: the outbox in development, SMTP when SMTP_URL is set. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}
