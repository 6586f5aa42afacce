import { describe, expect, it } from 'vitest';
import { can, permissionsOf } from '@/features/staff/roles';

describe('staff roles', () => {
  it('lets owners do everything', () => {
    expect(permissionsOf('owner')).toHaveLength(18);
    // The club's takings are the owner's alone.
    expect(can('support', 'sales:read') || can('editor', 'sales:read') || can('door', 'sales:read')).toBe(
      false,
    );
    // So is closing a chargeback (対応済み): the owners are the ones told of it.
    expect(['support', 'editor', 'door'].some((role) => can(role as 'support', 'disputes:handle'))).toBe(
      false,
    );
  });

  it('keeps editors to content, legal pages, announcements, the presales paid list and the live chat', () => {
    expect(permissionsOf('editor')).toEqual([
      'content:write',
      'legal:write',
      'announcements:send',
      'presales:paid',
      'chat:moderate',
    ]);
    // Cancelling an event refunds everyone: the owner's alone.
    expect(can('editor', 'presales:cancel')).toBe(false);
  });

  it("keeps support to members, their contact details, complimentary grants, fans' questions and the live chat", () => {
    expect(permissionsOf('support')).toEqual([
      'members:read',
      'members:contact',
      'members:grant',
      'door:check',
      'support:answer',
      'chat:moderate',
    ]);
    expect(can('support', 'content:write')).toBe(false);
    expect(can('support', 'plans:write')).toBe(false);
  });

  it('keeps door staff to the entrance check alone', () => {
    expect(permissionsOf('door')).toEqual(['door:check']);
  });
});
