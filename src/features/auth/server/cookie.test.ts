import { describe, expect, it } from 'vitest';
import { sessionTokenOf } from './cookie';

describe('sessionTokenOf', () => {
  it('finds the session cookie among others, and nothing else', () => {
    expect(sessionTokenOf('a=1; __Host-fc_session=tok.en; b=2')).toBe('tok.en');
    expect(sessionTokenOf('x__Host-fc_session=no; fc_session=no')).toBeNull();
    expect(sessionTokenOf(undefined)).toBeNull();
  });
});
