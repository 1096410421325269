'use strict';
/**
 * The development mail catcher (MailDev) on loopback for when no SMTP_URL is configured: every
 * mail the system sends lands in its web inbox instead of anyone's mailbox.
 */
async function startMailCatcher({ smtpPort, webPort }) {
  const MailDev = require('maildev');
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', web_ip: '127.0.0.1', silent: true });
  await new Promise((resolve, reject) => maildev.listen((error) => (error ? reject(error) : resolve())));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://127.0.0.1:${webPort}`,
    stop: () => new Promise((resolve) => maildev.close(() => resolve())),
  };
}

module.exports = { startMailCatcher };
