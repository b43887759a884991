/**
 * Collects byte pieces and joins them once, into a buffer of the exact size: for answers too big to build as
 * one string first. Pieces are kept by reference, so a piece must not change after it is written.
 */
export class ByteWriter {
  private readonly pieces: Uint8Array[] = [];
  private length = 0;

  bytes(piece: Uint8Array): void {
    this.pieces.push(piece);
    this.length += piece.length;
  }

  text(piece: string): void {
    this.bytes(Buffer.from(piece));
  }

  /** Every piece written, in order, in one buffer. */
  result(): Buffer {
    const joined = Buffer.allocUnsafe(this.length);
    let at = 0;
    for (const piece of this.pieces) {
      joined.set(piece, at);
      at += piece.length;
    }
    return joined;
  }
}
