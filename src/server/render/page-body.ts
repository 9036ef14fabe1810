// What React writes a page into, in place of a PassThrough between
// renderToPipeableStream and Fastify. React writes a page in 4 KB pieces and
// calls flush() after each pass; the pieces of a pass go out as one chunk (one
// write to the socket, one zlib call), and while the body is held, not at all:
// a page with nothing pending is written whole during pipe(), and is then sent
// as one Buffer (compressed once, with a Content-Length) instead of a stream.
import { Readable, type Writable } from 'node:stream';

/** A compressing stream: what a pass writes is flushed through at once, so the browser gets it. */
export type FlushingWritable = Writable & { flush(): void };

// React types its destination as a Writable, and calls only write, end, flush,
// on and destroy: a Readable with the first three is enough (see asDestination).
export class PageBody extends Readable {
  private parts: Buffer[] = [];
  private held = true;
  private into: FlushingWritable | null = null;
  /** React has written the whole document (also emitted as 'complete'). */
  complete = false;

  write(chunk: Uint8Array | string): boolean {
    this.parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    return true;
  }

  /** React's end of a pass: what it wrote goes out as one chunk. */
  flush(): void {
    if (this.held || !this.parts.length) return;
    const chunk = this.written();
    if (!this.into) {
      this.push(chunk);
      return;
    }
    this.into.write(chunk);
    this.into.flush();
  }

  end(chunk?: Uint8Array | string): void {
    if (chunk !== undefined) this.write(chunk);
    this.complete = true;
    this.emit('complete');
    if (!this.held) this.finish();
  }

  /** What has been written and not sent, as one Buffer. */
  written(): Buffer {
    const all = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
    this.parts = [];
    return all;
  }

  /** Streams from now on: what was written and what follows, read from this body or written into `into`, which is returned. */
  release(into?: FlushingWritable): PageBody | FlushingWritable {
    this.held = false;
    this.into = into ?? null;
    if (this.complete) this.finish();
    else this.flush();
    return into ?? this;
  }

  private finish(): void {
    this.flush();
    if (this.into) this.into.end();
    else this.push(null);
  }

  /** This body typed as what React's pipe() takes. */
  asDestination(): NodeJS.WritableStream {
    return this as unknown as NodeJS.WritableStream;
  }

  override _read(): void {
    // Pushed as React writes; nothing to pull.
  }
}
