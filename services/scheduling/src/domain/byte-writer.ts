/** Appends byte pieces to one growing buffer: for answers too big to build as one string first. */
export class ByteWriter {
  private buffer = Buffer.allocUnsafe(64 * 1024);
  private length = 0;

  bytes(piece: Uint8Array): void {
    if (this.length + piece.length > this.buffer.length) this.grow(piece.length);
    this.buffer.set(piece, this.length);
    this.length += piece.length;
  }

  text(piece: string): void {
    this.bytes(Buffer.from(piece));
  }

  /** The bytes written so far (a view, not a copy). */
  result(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  private grow(needed: number): void {
    const next = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + needed));
    this.buffer.copy(next, 0, 0, this.length);
    this.buffer = next;
  }
}
