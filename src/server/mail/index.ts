// Wires the mail outbox into the app: the worker starts when the app is ready
// and stops (finishing a send in flight) before the store closes.
import type { FastifyInstance } from 'fastify';
import { MailOutbox, type OutboxOptions } from './outbox.ts';
import { transportFromConfig, type MailTransport } from './transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: MailOutbox;
  }
}

export function installMailOutbox(app: FastifyInstance, transport?: MailTransport, options: Partial<OutboxOptions> = {}): MailOutbox {
  const outbox = new MailOutbox(app.store.db, app.store.dialect, transport ?? transportFromConfig(app.config), {
    from: app.config.MAIL_FROM,
    siteUrl: app.config.SITE_URL,
    log: app.log,
    ...options,
  });
  app.decorate('outbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  // preClose runs before every onClose hook, so the store is still open here.
  app.addHook('preClose', async () => outbox.stop());
  return outbox;
}

export { MailOutbox } from './outbox.ts';
export type { MailTransport } from './transport.ts';
