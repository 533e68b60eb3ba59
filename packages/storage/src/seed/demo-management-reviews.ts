import type { Actor } from '../context.js';
import type { Repositories } from '../repositories.js';

/** A demo management review; dates are days from the seed's today. */
interface DemoManagementReview {
  title: string;
  date: number;
  status: 'PLANNED' | 'HELD';
  notes: boolean;
  nextDue: number | null;
}

/** Last year's review, held after the internal audit, and the next one, planned. */
export const DEMO_MANAGEMENT_REVIEWS: DemoManagementReview[] = [
  { title: 'ISMS management review', date: -100, status: 'HELD', notes: true, nextDue: 265 },
  { title: 'ISMS management review (next)', date: 265, status: 'PLANNED', notes: false, nextDue: null },
];

/** The clause 9.3.2 inputs and 9.3.3 outputs a held review records. */
const HELD_NOTES = {
  attendees: 'CEO, CISO, CTO, Head of People, DPO',
  previous_actions: 'All actions of the previous review closed except the supplier reassessment.',
  issue_changes: 'New telehealth product line; NIS2 now applies to the organization.',
  party_needs: 'Two hospital customers ask for SOC 2 Type II reports.',
  performance: 'Internal audit: 2 major and 2 minor nonconformities; 80% of objectives met.',
  party_feedback: 'Customers asked for faster security questionnaire answers.',
  risk_results: 'Risk assessment repeated; 6 high risks remain in treatment.',
  improvement: 'Automate evidence collection for access reviews.',
  decisions: 'Start SOC 2 Type II; fund MDM enforcement of disk encryption.',
  actions: 'SOC 2 readiness assessment, CISO, within 90 days. MDM rollout, IT Operations, within 60 days.',
};

/** Seeds the demo organization's management reviews. */
export async function seedManagementReviews(args: {
  repos: Repositories;
  organizationId: string;
  actor: Actor;
  day: (offset: number) => string;
}): Promise<void> {
  for (const review of DEMO_MANAGEMENT_REVIEWS) {
    await args.repos.management_reviews.create({
      organizationId: args.organizationId,
      actor: args.actor,
      data: {
        title: review.title,
        review_date: args.day(review.date),
        status: review.status,
        chair: 'CEO',
        owner: 'CISO',
        next_review_due: review.nextDue === null ? null : args.day(review.nextDue),
        ...(review.notes && HELD_NOTES),
      },
    });
  }
}
