import { afterEach, describe, expect, it } from 'vitest';
import { audienceFromFront, markFrontServer } from '@/features/front/server/decided-audience';

afterEach(() => markFrontServer(false));

describe('audienceFromFront (what proxy.ts believes)', () => {
  it('believes the audience the front server named, when one runs in the process', () => {
    markFrontServer();
    expect(audienceFromFront('premium')).toBe('premium');
    expect(audienceFromFront('guest')).toBe('guest');
    expect(audienceFromFront('owner')).toBeNull();
    expect(audienceFromFront(null)).toBeNull();
  });

  it("believes no header without a front server (next start, next dev): it can only be the client's", () => {
    markFrontServer(false);
    expect(audienceFromFront('premium')).toBeNull();
  });
});
