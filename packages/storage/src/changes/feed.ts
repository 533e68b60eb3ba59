/** The channel the change triggers (migration 006) notify on. */
export const CHANGES_CHANNEL = 'comply_changes';

/**
 * What this process knows about changes to the database: a version per organization's registers
 * and one for authentication data, bumped by local writes and by notifications from every
 * instance (this one included). Caches tag entries with the version read BEFORE their query and
 * use them only while it is unchanged, so a write racing with a read never leaves a stale entry.
 */
export interface ChangeFeed {
  /** The organization's data version; undefined while remote changes could go unseen. */
  dataVersion(organizationId: string): number | undefined;
  /** The version of tokens, memberships and users as a whole. */
  authVersion(): number;
  /** Records a change to an organization's registers (local writes, notifications). */
  dataChanged(organizationId: string): void;
  /** Records a change to tokens, memberships or users. */
  authChanged(): void;
  /** Applies one `comply_changes` payload: `<schema> org <id>` or `<schema> auth`. */
  receive(payload: string): void;
  /** Whether notifications are being received; a change of state invalidates everything. */
  setLive(live: boolean): void;
  readonly live: boolean;
}

/** A feed for the tables of `schema`; `live` starts false until a listener confirms it. */
export function createChangeFeed({ schema, live = false }: { schema: string; live?: boolean }): ChangeFeed {
  let counter = 0;
  let floor = 0;
  let auth = 0;
  let isLive = live;
  const versions = new Map<string, number>();

  const feed: ChangeFeed = {
    dataVersion: (organizationId) => (isLive ? (versions.get(organizationId) ?? floor) : undefined),
    authVersion: () => auth,
    dataChanged(organizationId) {
      versions.set(organizationId, ++counter);
    },
    authChanged() {
      auth += 1;
    },
    receive(payload) {
      const [from, kind, id] = payload.split(' ', 3);
      if (from !== schema) return;
      if (kind === 'org' && id) feed.dataChanged(id);
      else if (kind === 'auth') feed.authChanged();
    },
    setLive(next) {
      if (next === isLive) return;
      isLive = next;
      // Notifications may have been missed in between: everything cached before is suspect.
      versions.clear();
      floor = ++counter;
      auth += 1;
    },
    get live() {
      return isLive;
    },
  };
  return feed;
}
