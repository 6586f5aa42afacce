import { describe, expect, it } from 'vitest';
import { actionLabel, auditDiff, formatTokyo, showValue, targetName } from '@/features/staff/audit/labels';

describe('audit labels', () => {
  it('names every action the console writes in Japanese, and shows an unknown one as stored', () => {
    for (const action of [
      'content.create',
      'content.update',
      'content.publish',
      'content.unpublish',
      'content.delete',
      'media.upload',
      'media.update',
      'media.delete',
      'media.reorder',
      'legal.update',
      'member.grant',
      'member.revoke_grant',
      'members.export',
      'plan.create',
      'plan.retire',
      'staff.add',
      'staff.role',
      'staff.remove',
      'chat.delete',
      'chat.pin',
      'chat.unpin',
      'chat.slow',
      'chat.mute',
      'chat.ban',
      'chat.lift',
    ]) {
      expect(actionLabel(action)).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
    expect(actionLabel('something.new')).toBe('something.new');
  });

  it('shows only the fields that changed, long values cut', () => {
    const body = 'あ'.repeat(500);
    expect(
      auditDiff({ title: 'A', body: '', state: 'draft' }, { title: 'B', body, state: 'draft', extra: 1 }),
    ).toEqual([
      { field: 'title', label: 'タイトル', before: 'A', after: 'B' },
      { field: 'body', label: '本文', before: '', after: `${'あ'.repeat(200)}…（全500文字）` },
      { field: 'extra', label: 'extra', before: null, after: '1' },
    ]);
    expect(auditDiff(null, { role: 'editor' })).toEqual([
      { field: 'role', label: '役割', before: null, after: '編集者' },
    ]);
    expect(auditDiff({ active: true, interval: 'year' }, { active: false, interval: 'month' })).toEqual([
      { field: 'active', label: '提供中', before: 'はい', after: 'いいえ' },
      { field: 'interval', label: '間隔', before: '年額', after: '月額' },
    ]);
    expect(auditDiff([{ id: 1 }], null)).toEqual([
      { field: '', label: '内容', before: '[{"id":1}]', after: null },
    ]);
    expect(auditDiff({ a: 1 }, { a: 1 })).toEqual([]);
    expect(showValue(undefined)).toBe('（なし）');
  });

  it('names the target from the row and writes the time in Japan', () => {
    expect(targetName(null, { title: '新曲' })).toBe('新曲');
    expect(targetName({ email: 'a@example.com' }, null)).toBe('a@example.com');
    expect(targetName([1], 2)).toBeNull();
    expect(formatTokyo(new Date('2026-11-22T15:05:00Z'))).toBe('2026/11/23 00:05');
    expect(formatTokyo(new Date('2026-01-02T03:04:00Z'))).toBe('2026/01/02 12:04');
  });
});
