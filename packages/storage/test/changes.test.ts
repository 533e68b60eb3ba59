import { describe, expect, it } from 'vitest';
import { createChangeFeed } from '../src/changes/feed.js';

describe('change feed', () => {
  it('gives no data version while remote changes could go unseen', () => {
    const feed = createChangeFeed({ schema: 's' });
    expect(feed.dataVersion('org_1')).toBeUndefined();
    feed.setLive(true);
    expect(feed.dataVersion('org_1')).toBeTypeOf('number');
    feed.setLive(false);
    expect(feed.dataVersion('org_1')).toBeUndefined();
  });

  it('bumps only the named organization, and only for its own schema', () => {
    const feed = createChangeFeed({ schema: 's', live: true });
    const one = feed.dataVersion('org_1');
    const two = feed.dataVersion('org_2');
    feed.receive('other org org_1');
    expect(feed.dataVersion('org_1')).toBe(one);
    feed.receive('s org org_1');
    expect(feed.dataVersion('org_1')).not.toBe(one);
    expect(feed.dataVersion('org_2')).toBe(two);
    const auth = feed.authVersion();
    feed.receive('s auth');
    expect(feed.authVersion()).not.toBe(auth);
  });

  it('starts every version afresh when the listener comes back', () => {
    const feed = createChangeFeed({ schema: 's', live: true });
    const version = feed.dataVersion('org_1');
    const auth = feed.authVersion();
    feed.setLive(false);
    feed.setLive(true);
    expect(feed.dataVersion('org_1')).not.toBe(version);
    expect(feed.authVersion()).not.toBe(auth);
  });
});
