import type { ReminderMail, ReminderTask } from '@comply/storage';
import type { MailMessage } from '../mail/index.js';

/** The console's view of the member's open tasks (the web's "My tasks"). */
const MY_TASKS = '/registers/tasks?assignee=mine&status=OPEN,IN_PROGRESS';

function taskLines(task: ReminderTask, link: (path: string) => string | null): string[] {
  const lines = [`- ${task.title}`, `  Due: ${task.due_date}${task.overdue ? ' (overdue)' : ''}`];
  if (task.subject) lines.push(`  About: ${task.subject.title ?? task.subject.id} (${task.subject.id})`);
  const url = link(`/registers/tasks/${task.id}`);
  if (url) lines.push(`  Open: ${url}`);
  return lines;
}

/**
 * The plain-text mail of a reminder: what is due, when, what it is about, and a console link when
 * COMPLY_PUBLIC_URL is set (without it the server does not know the address people reach it at).
 */
export function reminderMessage(mail: ReminderMail, publicUrl: string | undefined): MailMessage {
  const base = publicUrl?.replace(/\/+$/, '');
  const link = (path: string) => (base ? `${base}${path}` : null);
  const greeting = `Hello ${mail.recipient.name ?? mail.recipient.email},`;
  const org = mail.organization.name;
  const footer = [
    '',
    '--',
    `You receive this as a member of ${org} in Comply.`,
    `Choose what you receive under Settings → Notifications${base ? `: ${base}/settings/notifications` : '.'}`,
  ];
  const [first] = mail.tasks;
  if (mail.kind === 'DIGEST') {
    const overdue = mail.tasks.filter((task) => task.overdue).length;
    return {
      to: mail.recipient.email,
      subject: `[${org}] Your week: ${mail.tasks.length} open task${mail.tasks.length === 1 ? '' : 's'}${overdue ? `, ${overdue} overdue` : ''}`,
      text: [
        greeting,
        '',
        `Your open tasks in ${org}, soonest due first:`,
        '',
        ...mail.tasks.flatMap((task) => taskLines(task, link)),
        ...(base ? ['', `All your tasks: ${base}${MY_TASKS}`] : []),
        ...footer,
      ].join('\n'),
    };
  }
  const task = first as ReminderTask;
  const overdue = mail.kind === 'OVERDUE';
  return {
    to: mail.recipient.email,
    subject: `[${org}] ${overdue ? 'Overdue' : 'Due soon'}: ${task.title} (due ${task.due_date})`,
    text: [
      greeting,
      '',
      overdue
        ? `A task assigned to you in ${org} is overdue:`
        : `A task assigned to you in ${org} is due on ${task.due_date}:`,
      '',
      ...taskLines(task, link),
      ...footer,
    ].join('\n'),
  };
}
