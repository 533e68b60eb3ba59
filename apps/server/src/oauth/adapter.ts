import type { Storage } from '@comply/storage';
import type { Adapter, AdapterPayload } from 'oidc-provider';

const CONNECTED_APPS_ACTOR = {
  userId: null,
  tokenId: null,
  source: 'console',
  action: 'revokeApp',
} as const;

/**
 * The authorization server's storage adapter over `storage.oauthRecords`, one instance per model
 * (Client, Interaction, AuthorizationCode, AccessToken, RefreshToken, Grant, Session, …). When the
 * library revokes a grant (a refresh token reused after rotation, a revocation request), the
 * connected app's token row is revoked too, so the console and every instance see it at once.
 */
export function storageAdapter(storage: Storage) {
  return class StorageAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      await storage.oauthRecords.upsert({
        model: this.model,
        id,
        payload: { ...payload },
        expiresInSeconds: expiresIn,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return (await storage.oauthRecords.find({ model: this.model, id })) as AdapterPayload | undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return (await storage.oauthRecords.findByUid({ model: this.model, uid })) as AdapterPayload | undefined;
    }

    async findByUserCode(): Promise<undefined> {
      return undefined;
    }

    async consume(id: string): Promise<void> {
      await storage.oauthRecords.consume({ model: this.model, id });
    }

    async destroy(id: string): Promise<void> {
      await storage.oauthRecords.destroy({ model: this.model, id });
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      const app = await storage.tokens.getByGrant({ grantId });
      if (app && !app.revoked_at) {
        await storage.tokens.revoke({
          tokenId: app.id,
          actor: { ...CONNECTED_APPS_ACTOR, userId: app.user_id },
        });
      }
      await storage.oauthRecords.revokeByGrantId({ grantId });
    }
  };
}
