/**
 * `1 framework`, `2 frameworks`, `0 records`: a count with its noun, singular only for one. The
 * plural is `singular + s` unless given (`plural({ count, singular: 'entry', plural: 'entries' })`).
 */
export function plural({ count, singular, plural }: { count: number; singular: string; plural?: string }) {
  return `${count.toLocaleString('en')} ${count === 1 ? singular : (plural ?? `${singular}s`)}`;
}
