// The four source formats by their --from name.
import type { SourceFormat } from '../format.ts';
import type { SourceSystem } from '../statuses.ts';
import { memberpress } from './memberpress.ts';
import { pmpro } from './pmpro.ts';
import { rcp } from './rcp.ts';
import { wcm } from './wcm.ts';

export const SOURCE_SYSTEMS = ['pmpro', 'memberpress', 'rcp', 'wcm'] as const satisfies readonly SourceSystem[];
export const FORMATS: Record<SourceSystem, SourceFormat> = { pmpro, memberpress, rcp, wcm };
