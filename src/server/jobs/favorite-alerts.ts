// The daily favorites mails (services/favorite-alerts): the first instance past
// 08:00 Madrid time claims the day and queues them (jobs/mail-job.ts checks).
import type { FastifyInstance } from 'fastify';
import { installMailJob, type MailJobSchedule } from './mail-job.ts';

export async function installFavoriteAlerts(app: FastifyInstance, schedule: MailJobSchedule = {}): Promise<void> {
  const now = schedule.now ?? (() => new Date());
  await installMailJob(app, 'favorites alerts', schedule, async (store) => {
    const run = await app.services.favoriteAlerts.runDue(now(), store.db);
    return run && { ...run, mails: run.mailed };
  });
}
