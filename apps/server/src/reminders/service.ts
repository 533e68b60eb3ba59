import type { JobEngine, Storage } from '@comply/storage';
import type { Mailer } from '../mail/index.js';
import type { WebhookService } from '../webhooks/service.js';
import type { RemindersConfig } from './config.js';
import { reminderMessage } from './mail-text.js';

/** The queue of reminder mails: one job per claimed reminder. */
export const REMINDER_QUEUE = 'comply-reminders';

/**
 * Reminders by e-mail and the dated webhook events (docs/jobs.md, "Reminders"), on the webhook
 * service's job engine: every instance scans every `scanMs` and claims what is due in the ledger
 * (each reminder once across instances); a job per reminder sends its mail and only then marks it
 * sent, so a mail the SMTP server did not take is retried and never counted as sent.
 */
export function registerReminders(args: {
  storage: Storage;
  mailer: Mailer;
  webhooks: WebhookService;
  config: RemindersConfig;
  publicUrl: string | undefined;
  log: { info(object: unknown, message: string): void; error(object: unknown, message: string): void };
}): { start(): Promise<void> } {
  const { storage, mailer, config, log } = args;

  async function send(data: Record<string, unknown>) {
    const reminderId = String(data.reminderId ?? '');
    const mail = await storage.reminders.mail({ reminderId });
    if (!mail) {
      // Sent already, or the task was closed, moved or reassigned, or the member turned it off.
      await storage.reminders.markSent({ reminderId, skipped: true });
      return;
    }
    await mailer.send(reminderMessage(mail, args.publicUrl));
    await storage.reminders.markSent({ reminderId });
  }

  async function setup(engine: JobEngine) {
    await engine.queue(REMINDER_QUEUE, {
      retryLimit: config.retryLimit,
      retryDelaySeconds: config.retryDelaySeconds,
    });
    await engine.work(REMINDER_QUEUE, send);
    engine.every('reminder-scan', config.scanMs, async () => {
      // Tasks from other registers' dates first (generation is idempotent across instances, and
      // skipped for an organization whose data this process saw unchanged today).
      const organizations = await storage.db.selectFrom('organizations').select('id').execute();
      for (const { id } of organizations) await storage.tasks.catchUp({ organizationId: id });
      await storage.reminders.scan({
        mail: mailer.enabled,
        digestWeekday: config.digestWeekday,
        enqueue: (db, ids) =>
          engine.sendMany(
            REMINDER_QUEUE,
            ids.map((reminderId) => ({ reminderId })),
            { db },
          ),
      });
    });
  }

  args.webhooks.extend(setup);
  return {
    /** Starts the engine when mail can be sent (else it starts with the first webhook endpoint). */
    start: async () => {
      if (!mailer.enabled) {
        log.info({}, 'reminders by e-mail are off: no SMTP server is configured (COMPLY_SMTP_URL)');
        return;
      }
      // Not awaited: pg-boss may take seconds to create its schema; the server serves meanwhile.
      void args.webhooks
        .ensureStarted()
        .catch((error) => log.error({ err: error }, 'job engine did not start'));
    },
  };
}
