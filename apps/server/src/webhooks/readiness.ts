import type { Storage } from '@comply/storage';
import type { WebhookService } from './service.js';

/**
 * `readiness.changed` events (docs/jobs.md, "Readiness events"): every `intervalMs` each instance
 * running jobs looks at the readiness of the frameworks whose organization has an endpoint
 * subscribed to the event; storage emits each change once however many instances look.
 */
export function registerReadinessWatch(args: {
  storage: Storage;
  webhooks: WebhookService;
  intervalMs: number;
}) {
  args.webhooks.extend(async (engine) => {
    engine.every('readiness-watch', args.intervalMs, async () => {
      await args.storage.readinessWatch.scan();
    });
  });
}
