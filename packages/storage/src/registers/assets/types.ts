import type { CreateData, ListFilters, OrderField, PatchData } from '../spec-types.js';

export type { Asset } from '@comply/schemas';

/** addAsset's data. */
export type AssetCreate = CreateData<'addAsset'>;

/** updateAsset's patch. */
export type AssetPatch = PatchData<'updateAsset'>;

/** listAssets filters. */
export type AssetFilters = ListFilters<'listAssets'>;

/** listAssets order_by fields. */
export type AssetOrderField = OrderField<'listAssets'>;
