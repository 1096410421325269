import { createTransport, type Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Mail out through SMTP: the development mail catcher locally and in tests, a real relay in
 * production (SMTP_URL, e.g. smtps://user:pass@relay:465).
 */
export class Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  close(): void {
    this.transport.close();
  }
}
