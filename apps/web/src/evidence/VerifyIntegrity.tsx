import { useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { useSubmit } from '../submit.js';
import { formatBytes } from './upload.js';

interface Verification {
  checked: number;
  bytes: number;
  mismatches: {
    evidence_id: string;
    revision: number;
    expected_sha256: string;
    actual_sha256: string | null;
  }[];
}

/**
 * "Verify integrity": verifyEvidence re-reads every stored revision (of one record, or of the whole
 * organization without `evidenceId`) and re-computes its SHA-256; the answer says plainly whether
 * every byte is what was uploaded.
 */
export function VerifyIntegrity({
  organizationId,
  evidenceId,
}: {
  organizationId: string;
  evidenceId?: string;
}) {
  const [result, setResult] = useState<Verification | null>(null);
  const { error, busy, submit } = useSubmit();
  const verify = () => {
    setResult(null);
    return submit(async () => {
      setResult(
        await api<Verification>(`/orgs/${organizationId}/tools/verifyEvidence`, {
          method: 'POST',
          body: evidenceId ? { evidence_id: evidenceId } : {},
        }),
      );
    });
  };
  return (
    <div className="stack">
      <p>
        <button type="button" className="secondary" onClick={verify} disabled={busy}>
          {busy ? 'Verifying…' : 'Verify integrity'}
        </button>
      </p>
      <ErrorNote error={error} />
      {result && result.mismatches.length === 0 && (
        <p className="success" role="status">
          Intact: {result.checked} stored {result.checked === 1 ? 'revision' : 'revisions'} re-read (
          {formatBytes(result.bytes)}), each matching the SHA-256 recorded at upload.
        </p>
      )}
      {result && result.mismatches.length > 0 && (
        <div className="error" role="alert">
          <p>
            {result.mismatches.length} of {result.checked} stored revisions no longer match what was uploaded:
          </p>
          <ul>
            {result.mismatches.map((m) => (
              <li key={`${m.evidence_id}/${m.revision}`}>
                Revision {m.revision}:{' '}
                {m.actual_sha256 === null
                  ? 'its content is missing from storage.'
                  : `recorded ${m.expected_sha256.slice(0, 16)}…, now ${m.actual_sha256.slice(0, 16)}…`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
