import { defaultServerConditions, type UserConfig } from 'vite';

/** Tests run against the workspace packages' TypeScript sources, not their build output. */
export const sharedTestConfig: UserConfig & { test: Record<string, unknown> } = {
  resolve: { conditions: ['@comply/source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['@comply/source', ...defaultServerConditions] } },
  // The environment that runs global set-up files (apps/server's makes the database template).
  environments: { __vitest__: { resolve: { conditions: ['@comply/source', ...defaultServerConditions] } } },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
};
