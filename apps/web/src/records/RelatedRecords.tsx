import { useEffect, useState } from 'react';
import { api, toQuery } from '../api.js';
import { Link } from '../components/Link.js';
import { humanize } from '../format.js';
import type { ListPage } from '../types.js';
import { viewPath } from '../views.js';
import { loadCatalog } from './catalog.js';
import { LinkedBlock, RecordRows } from './RecordSections.js';

interface Related {
  register: string;
  filter: string;
  records: Record<string, unknown>[];
  total: number;
}

/**
 * Records of other registers that point to this one, found through the list filters named after
 * it (`audit_id` of nonconformities, `risk_id` of measures…): the first 10 of each with their state,
 * and a link to the filtered list of all.
 */
export function RelatedRecords({
  organizationId,
  register,
  singular,
  id,
  shown,
}: {
  organizationId: string;
  register: string;
  singular: string;
  id: string;
  /** Registers the record itself already links to (its `…_ids`), not repeated here. */
  shown: readonly string[];
}) {
  const [related, setRelated] = useState<Related[]>([]);
  const skip = shown.join(',');
  useEffect(() => {
    let live = true;
    loadCatalog().then(
      async (registers) => {
        const filter = `${singular}_id`;
        const found = await Promise.all(
          registers
            .filter(
              (r) =>
                r.name !== register &&
                !skip.split(',').includes(r.name) &&
                r.filters.some((f) => f.name === filter),
            )
            .map(async (r) => {
              const page = await api<ListPage>(
                `/orgs/${organizationId}/registers/${r.name}${toQuery({ [filter]: id, page_size: '10' })}`,
              );
              return {
                register: r.name,
                filter,
                records: (page[r.name] as Record<string, unknown>[]) ?? [],
                total: page.total_count,
              };
            }),
        );
        if (live) setRelated(found);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [organizationId, register, singular, id, skip]);
  return (
    <>
      {related.map((r) => (
        <LinkedBlock key={r.register} heading={humanize(r.register)} count={r.total}>
          <RecordRows register={r.register} records={r.records} />
          {r.total > r.records.length && (
            <p className="hint">
              The first {r.records.length} of {r.total}:{' '}
              <Link to={viewPath({ register: r.register, filters: { [r.filter]: id } })}>show all</Link>.
            </p>
          )}
        </LinkedBlock>
      ))}
    </>
  );
}
