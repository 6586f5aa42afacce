import { describe, expect, it } from 'vitest';
import { can, permissionsOf } from '@/features/staff/roles';

describe('staff roles', () => {
  it('lets owners do everything', () => {
    expect(permissionsOf('owner')).toHaveLength(11);
  });

  it('keeps editors to content, legal pages and announcements', () => {
    expect(permissionsOf('editor')).toEqual(['content:write', 'legal:write', 'announcements:send']);
  });

  it('keeps support to members, their contact details and complimentary grants', () => {
    expect(permissionsOf('support')).toEqual([
      'members:read',
      'members:contact',
      'members:grant',
      'door:check',
    ]);
    expect(can('support', 'content:write')).toBe(false);
    expect(can('support', 'plans:write')).toBe(false);
  });

  it('keeps door staff to the entrance check alone', () => {
    expect(permissionsOf('door')).toEqual(['door:check']);
  });
});
