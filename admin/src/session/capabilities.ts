// The server's rule, mirrored for what the console offers: a member_* capability is also granted by member_manage
// (src/modules/member/core/capabilities.ts). The server stays the judge; a refused call shows its message.
export function hasCapability(held: readonly string[], capability: string): boolean {
  return held.includes(capability) || (capability.startsWith('member_') && held.includes('member_manage'));
}

export const hasAny = (held: readonly string[], capabilities: readonly string[]) =>
  capabilities.some((c) => hasCapability(held, c));
