import { formatBytes, type UploadProgress } from './upload.js';

/** The upload's progress bar and words, announced politely to screen readers. */
export function UploadProgressNote({ progress }: { progress: UploadProgress | null }) {
  if (!progress) return null;
  const percent = progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const done = progress.sent >= progress.total;
  return (
    <p className="upload-progress" role="status">
      <progress max={100} value={percent} aria-label="Upload progress" />{' '}
      {done
        ? 'Sent; the server is storing and checking the file…'
        : `Uploading… ${percent}% (${formatBytes(progress.sent)} of ${formatBytes(progress.total)})`}
    </p>
  );
}
