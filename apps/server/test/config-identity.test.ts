import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startTestServer } from './harness.js';

const SSO = {
  COMPLY_SSO_ISSUER: 'https://login.example.com',
  COMPLY_SSO_CLIENT_ID: 'comply',
  COMPLY_SSO_CLIENT_SECRET: 'secret',
  COMPLY_SSO_DOMAINS: 'Example.com, example.org',
};

describe('identity settings', () => {
  it('leaves mail and SSO off by default', () => {
    const config = loadConfig({});
    expect(config.smtpUrl).toBeUndefined();
    expect(config.sso).toBeNull();
    expect(config.oauth).toBe(false);
  });

  it('reads the SMTP URL and refuses another scheme', () => {
    expect(loadConfig({ COMPLY_SMTP_URL: 'smtps://u:p@mail.example.com:465' }).smtpUrl).toBe(
      'smtps://u:p@mail.example.com:465',
    );
    expect(() => loadConfig({ COMPLY_SMTP_URL: 'http://mail.example.com' })).toThrow(/COMPLY_SMTP_URL/);
  });

  it('reads SSO with its defaults', () => {
    expect(loadConfig(SSO).sso).toEqual({
      issuer: 'https://login.example.com',
      clientId: 'comply',
      clientSecret: 'secret',
      name: 'single sign-on',
      domains: ['example.com', 'example.org'],
      organizationId: null,
      role: 'VIEWER',
      required: false,
    });
  });

  it('names the setting and what is allowed when SSO is misconfigured', () => {
    expect(() => loadConfig({ ...SSO, COMPLY_SSO_ISSUER: 'http://login.example.com' })).toThrow(
      'COMPLY_SSO_ISSUER must be an https:// URL (http:// only on loopback)',
    );
    expect(loadConfig({ ...SSO, COMPLY_SSO_ISSUER: 'http://127.0.0.1:9000' }).sso?.issuer).toBe(
      'http://127.0.0.1:9000',
    );
    expect(() => loadConfig({ ...SSO, COMPLY_SSO_CLIENT_SECRET: '' })).toThrow(/COMPLY_SSO_CLIENT_SECRET/);
    expect(() => loadConfig({ ...SSO, COMPLY_SSO_DOMAINS: '' })).toThrow(/COMPLY_SSO_DOMAINS/);
    expect(() => loadConfig({ ...SSO, COMPLY_SSO_DOMAINS: 'not a domain' })).toThrow(
      'COMPLY_SSO_DOMAINS must list e-mail domains',
    );
    expect(() => loadConfig({ ...SSO, COMPLY_SSO_DEFAULT_ROLE: 'KING' })).toThrow(
      'COMPLY_SSO_DEFAULT_ROLE must be one of OWNER, ADMIN, EDITOR, VIEWER',
    );
    expect(() => loadConfig({ ...SSO, COMPLY_SSO_REQUIRED: 'maybe' })).toThrow(
      /COMPLY_SSO_REQUIRED must be on or off/,
    );
  });
});

describe('identity settings at start-up', () => {
  it('refuses an SSO organization that does not exist', async () => {
    const sso = { ...loadConfig(SSO).sso!, organizationId: 'org_missing' };
    await expect(startTestServer({ driver: 'pglite', config: { sso } })).rejects.toThrow(
      'COMPLY_SSO_ORGANIZATION names no organization of this database: "org_missing"',
    );
  });
});
