import { ByteWriter } from '../src/domain/byte-writer';

describe('ByteWriter', () => {
  it('keeps every piece in order across growth, multi-byte characters included', () => {
    const writer = new ByteWriter();
    const pieces: string[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      const piece =
        i % 3 === 0 ? `{"staff_name":"Siti Nurhaliza ${i}"},` : `{"staff_name":"Zoë Ångström 美容 ${i}"},`;
      pieces.push(piece);
      if (i % 2 === 0) writer.text(piece);
      else writer.bytes(Buffer.from(piece));
    }
    const result = writer.result();
    expect(result.length).toBeGreaterThan(64 * 1024);
    expect(result.toString('utf8')).toBe(pieces.join(''));
  });
});
