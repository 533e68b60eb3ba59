import {
  addDays,
  integerArgument,
  mention,
  ORGANIZATION_ARGUMENT,
  type PromptDefinition,
  step,
} from './prompt.js';

const DEFAULT_WITHIN_DAYS = 30;

const withinDays = (args: Readonly<Record<string, string>>) =>
  Number(args.within_days ?? DEFAULT_WITHIN_DAYS);

/** Vendors whose review is overdue, never done, or due soon, and contracts ending soon. */
export const vendorReview: PromptDefinition = {
  name: 'vendorReview',
  title: 'Vendor review',
  description:
    'Plan the vendor reviews: overdue reviews, vendors never reviewed, reviews and contract ends coming up.',
  arguments: [
    ORGANIZATION_ARGUMENT,
    {
      name: 'within_days',
      description: `How far ahead an upcoming review or contract end counts, in days (1-365); default ${DEFAULT_WITHIN_DAYS}.`,
      required: false,
    },
  ],
  check: (args) => integerArgument({ args, name: 'within_days', min: 1, max: 365 }),
  task: ({ organization, args, today }) =>
    `Prepare the vendor reviews of the organization ${JSON.stringify(organization.name)} (${organization.id}) as of ${today}: what is overdue, what was never reviewed and what falls due within ${withinDays(args)} days.`,
  steps: ({ organization, args, today }) => {
    const horizon = addDays(today, withinDays(args));
    const organization_id = organization.id;
    return [
      step({
        tool: 'listVendors',
        args: {
          organization_id,
          review_overdue: true,
          order_by: { field: 'next_review_due', direction: 'asc' },
        },
        why: 'ACTIVE vendors whose review is overdue, longest overdue first.',
      }),
      step({
        tool: 'listVendors',
        args: { organization_id, never_reviewed: true },
        why: 'ACTIVE vendors that were never reviewed.',
      }),
      step({
        tool: 'listVendors',
        args: {
          organization_id,
          status: ['ACTIVE'],
          review_overdue: false,
          never_reviewed: false,
          review_due_before: horizon,
          order_by: { field: 'next_review_due', direction: 'asc' },
        },
        why: `reviews falling due before ${horizon}.`,
      }),
      step({
        tool: 'listVendors',
        args: { organization_id, status: ['ACTIVE'], contract_ends_before: horizon },
        why: `contracts ending before ${horizon}, to review before renewal.`,
      }),
    ];
  },
  report: () =>
    [
      'Then list the vendors to review in order: overdue first (CRITICAL and HIGH risk_tier, and those processing personal data, before the others), then never reviewed, then upcoming, each with owner, risk_tier and next_review_due.',
      `When a review is done and the user asks, record it with ${mention('updateVendor', 'last_reviewed_at')}.`,
    ].join(' '),
};
