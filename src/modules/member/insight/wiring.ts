// What the insight part wires at start-up: the health of GET /members/{id} and /members/{id}/health.
import type { Platform } from '../../../platform/platform.ts';
import { provideMemberSection } from '../core/service/sections.ts';
import { healthOf } from './health.ts';

export function wireInsight(platform: Platform): void {
  provideMemberSection(platform, 'health', (userId) => healthOf(platform, userId));
}
