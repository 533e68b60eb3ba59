import { controlTestFrequencySchema, controlTestStatusSchema, testRunResultSchema } from '@comply/schemas';
import { sql } from 'kysely';
import { orgChangeTriggers } from './006_change_notify.js';
import { type Migration, oneOf, run } from './types.js';

/**
 * Control tests (docs/data-model.md, "Control tests"): a test plan per measure, and its runs.
 *
 * - `control_tests`: the register, one plan per row, its measure in the same organization.
 * - `control_test_runs`: performed runs over a period. A run is never changed or deleted: a
 *   trigger refuses UPDATE and DELETE, as it does for approved SoA versions.
 * - `control_test_run_evidence`: the vault evidence of a run, written with it, as immutable.
 */
export const controlTests: Migration = {
  version: 29,
  name: 'control_tests',
  up: async (trx) => {
    await run(trx, [
      sql`create table control_tests (
        id text primary key,
        organization_id text not null references organizations (id),
        measure_id text not null,
        title text not null constraint control_tests_title_check check (char_length(title) between 1 and 200),
        procedure text,
        frequency text not null check (frequency in ${oneOf(controlTestFrequencySchema.options)}),
        population text,
        sample_size integer check (sample_size >= 1),
        owner text,
        status text not null check (status in ${oneOf(controlTestStatusSchema.options)}),
        archived_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint control_tests_org_id_key unique (organization_id, id),
        constraint control_tests_measure_fkey foreign key (organization_id, measure_id)
          references measures (organization_id, id))`,
      sql`create index control_tests_measure_idx on control_tests (organization_id, measure_id)`,
      sql`create index control_tests_title_idx on control_tests (organization_id, lower(title), id)`,
      sql`create index control_tests_frequency_idx on control_tests (organization_id, frequency, id)`,
      sql`create index control_tests_created_idx on control_tests (organization_id, created_at, id)`,
      sql`create index control_tests_updated_idx on control_tests (organization_id, updated_at, id)`,
      sql`create table control_test_runs (
        id text primary key,
        organization_id text not null references organizations (id),
        control_test_id text not null,
        measure_id text not null,
        period_start date not null,
        period_end date not null,
        performed_by text not null references users (id),
        performed_at timestamptz not null,
        samples_tested integer not null check (samples_tested >= 0),
        result text not null check (result in ${oneOf(testRunResultSchema.options)}),
        notes text,
        exceptions jsonb not null default '[]'::jsonb,
        nonconformity_id text,
        recorded_at timestamptz not null,
        constraint control_test_runs_period_check check (period_end >= period_start),
        constraint control_test_runs_org_id_key unique (organization_id, id),
        constraint control_test_runs_test_fkey foreign key (organization_id, control_test_id)
          references control_tests (organization_id, id),
        constraint control_test_runs_measure_fkey foreign key (organization_id, measure_id)
          references measures (organization_id, id),
        constraint control_test_runs_nc_fkey foreign key (organization_id, nonconformity_id)
          references nonconformities (organization_id, id))`,
      sql`create index control_test_runs_test_idx on control_test_runs (control_test_id, period_end, id)`,
      sql`create index control_test_runs_measure_idx on control_test_runs (organization_id, measure_id, period_end)`,
      sql`create index control_test_runs_period_idx on control_test_runs (organization_id, period_end, id)`,
      sql`create table control_test_run_evidence (
        organization_id text not null,
        run_id text not null,
        evidence_id text not null,
        primary key (run_id, evidence_id),
        constraint control_test_run_evidence_run_fkey foreign key (organization_id, run_id)
          references control_test_runs (organization_id, id),
        constraint control_test_run_evidence_evidence_fkey foreign key (organization_id, evidence_id)
          references evidence (organization_id, id))`,
      sql`create function comply_test_run_immutable() returns trigger language plpgsql as $$
        begin
          raise exception 'A control test run is never changed or deleted.'
            using errcode = 'check_violation';
        end $$`,
      sql`create trigger control_test_runs_immutable before update or delete on control_test_runs
        for each row execute function comply_test_run_immutable()`,
      sql`create trigger control_test_run_evidence_immutable before update or delete on control_test_run_evidence
        for each row execute function comply_test_run_immutable()`,
      ...orgChangeTriggers('control_tests'),
      ...orgChangeTriggers('control_test_runs'),
      ...orgChangeTriggers('control_test_run_evidence'),
    ]);
  },
};
