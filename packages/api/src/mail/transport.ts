import nodemailer from 'nodemailer';
import type { MailTransport } from './outbox.ts';

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}

/** With no SMTP configured, delivery is into the development mailbox (the outbox row). */
export const mailboxTransport: MailTransport = {
  async send() {},
};
