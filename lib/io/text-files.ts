// The files of loadtxt and savetxt: the lines read from a path (gunzipped for '.gz'), a
// descriptor or a list of lines, and text written to a path or descriptor in pieces (gzipped for
// '.gz'), as NumPy's datasource opens them.
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describeValue } from '../util/options.js';

/** A text file to read: a path ('.gz' ones are decompressed), an open file descriptor, or the lines themselves. */
export type TextSource = string | number | readonly string[];

/** A text file to write: a path (a '.gz' one is gzipped) or an open file descriptor (left open). */
export type TextTarget = string | number;

const NEWLINE = /\r\n|\r|\n/;

/** The lines of the source (line ends removed). */
export function sourceLines(fname: unknown): string[] {
  if (Array.isArray(fname)) {
    return listLines(fname, 'loadtxt').flatMap((l) => {
      const parts = l.split(NEWLINE);
      if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
      return parts;
    });
  }
  const lines = fileText(fname, 'loadtxt').split(NEWLINE);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * The lines of the source as Python iterates a text file (universal newlines: each line ends with
 * '\n' but the last may not) or a list of lines (each element one line, as it is).
 */
export function pythonLines(fname: unknown, fn: string): string[] {
  if (Array.isArray(fname)) return listLines(fname, fn);
  return fileText(fname, fn).match(/[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/g)?.map((l) => l.replace(/\r\n?$/, '\n')) ?? [];
}

/** The strings of a list of lines. */
function listLines(fname: readonly unknown[], fn: string): string[] {
  return fname.map((l: unknown, i) => {
    if (typeof l !== 'string') throw new TypeError(`${fn}: line ${i} of fname is ${describeValue(l)}, not a string`);
    return l;
  });
}

/** The whole text of a path (gunzipped for '.gz') or descriptor, decoded as UTF-8. */
function fileText(fname: unknown, fn: string): string {
  let bytes: Buffer;
  if (typeof fname === 'string') {
    bytes = readFileSync(fname);
    if (fname.endsWith('.gz')) bytes = gunzipSync(bytes);
  } else if (typeof fname === 'number' && Number.isInteger(fname) && fname >= 0) bytes = readFileSync(fname);
  else throw new TypeError(`${fn}: fname must be a path string, a file descriptor or a list of lines, got ${describeValue(fname)}`);
  return bytes.toString('utf8');
}

/** Write text to a path or descriptor in pieces (a '.gz' path: gzipped whole). */
export class TextWriter {
  readonly #fd: number;
  readonly #own: boolean;
  readonly #gzip: boolean;
  #pending: string[] = [];
  #size = 0;
  readonly #all: Buffer[] = [];

  /** Open a path (created or truncated) or take a descriptor as it is. */
  constructor(target: TextTarget) {
    this.#own = typeof target === 'string';
    this.#gzip = typeof target === 'string' && target.endsWith('.gz');
    this.#fd = typeof target === 'string' ? openSync(target, 'w') : target;
  }

  /** Queue `s`; the queue goes to the file past 1 MiB (one large string would double the memory). */
  write(s: string): void {
    this.#pending.push(s);
    this.#size += s.length;
    if (this.#size > 1 << 20) this.flush();
  }

  /** Send the queued text on (to the file, or to the gzip buffer). */
  flush(): void {
    const b = Buffer.from(this.#pending.join(''), 'utf8');
    this.#pending = [];
    this.#size = 0;
    if (this.#gzip) this.#all.push(b);
    else writeAll(this.#fd, b);
  }

  /** Finish (after a failure `ok` is false: nothing more is written) and close a file opened here. */
  close(ok: boolean): void {
    try {
      if (ok) {
        this.flush();
        if (this.#gzip) writeAll(this.#fd, gzipSync(Buffer.concat(this.#all)));
      }
    } finally {
      if (this.#own) closeSync(this.#fd);
    }
  }
}

/** All of `b` to `fd` (writeSync may write less than asked). */
function writeAll(fd: number, b: Uint8Array): void {
  for (let done = 0; done < b.length; ) done += writeSync(fd, b, done, b.length - done);
}
