import { entityTagOf, noneMatchHits } from '../src/http-cache';

describe('public caching', () => {
  const etag = entityTagOf(Buffer.from('{"a":1}'));

  it('tags the bytes: the same body the same tag, another body another', () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(entityTagOf(Buffer.from('{"a":1}'))).toBe(etag);
    expect(entityTagOf(Buffer.from('{"a":2}'))).not.toBe(etag);
  });

  it('matches If-None-Match weakly, in a list, or *', () => {
    expect(noneMatchHits(etag, etag)).toBe(true);
    expect(noneMatchHits(`W/${etag}`, etag)).toBe(true);
    expect(noneMatchHits(`"other", ${etag}`, etag)).toBe(true);
    expect(noneMatchHits('*', etag)).toBe(true);
    expect(noneMatchHits('"other"', etag)).toBe(false);
    expect(noneMatchHits(undefined, etag)).toBe(false);
  });
});
