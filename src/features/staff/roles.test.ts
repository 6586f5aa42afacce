import { describe, expect, it } from 'vitest';
import { can, permissionsOf } from '@/features/staff/roles';

describe('staff roles', () => {
  it('lets owners do everything', () => {
    expect(permissionsOf('owner')).toHaveLength(16);
    // The club's takings are the owner's alone.
    expect(can('support', 'sales:read') || can('editor', 'sales:read') || can('door', 'sales:read')).toBe(
      false,
    );
  });

  it('keeps editors to content, legal pages, announcements and the presales paid list', () => {
    expect(permissionsOf('editor')).toEqual([
      'content:write',
      'legal:write',
      'announcements:send',
      'presales:paid',
    ]);
    // Cancelling an event refunds everyone: the owner's alone.
    expect(can('editor', 'presales:cancel')).toBe(false);
  });

  it("keeps support to members, their contact details, complimentary grants and fans' questions", () => {
    expect(permissionsOf('support')).toEqual([
      'members:read',
      'members:contact',
      'members:grant',
      'door:check',
      'support:answer',
    ]);
    expect(can('support', 'content:write')).toBe(false);
    expect(can('support', 'plans:write')).toBe(false);
  });

  it('keeps door staff to the entrance check alone', () => {
    expect(permissionsOf('door')).toEqual(['door:check']);
  });
});
