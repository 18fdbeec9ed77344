/**
 * One keep-alive HTTP/1.1 connection that carries one request at a time, as a browser tab's connection does,
 * written straight onto a socket. node:http's client spends about as much CPU per request as the server's
 * route does (URL parsing, header objects, stream machinery); the load driver shares the bench machine's cores
 * with the server and PostgreSQL while pgbench's client is C, so the driver stays lean. The requests on the wire
 * are the ones node:http sent (same request line and headers).
 */
import net from 'node:net';

/** An answer: status (0 when the connection failed) and the body as text (or the error). */
export interface Answer {
  status: number;
  text: string;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** A keep-alive connection to host:port, opened on first use and again after the server closed it. */
export class KeepAliveConnection {
  private socket: net.Socket | null = null;
  private pending: Buffer | null = null;
  private waiting: ((a: Answer) => void) | null = null;
  private readonly hostHeader: string;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {
    this.hostHeader = `${host}:${port}`;
  }

  /** Sends one request (headers as `name: value` lines, no trailing CRLF) and resolves with its answer. */
  request(method: string, path: string, headerLines: string, body?: string): Promise<Answer> {
    if (this.waiting) return Promise.resolve({ status: 0, text: 'request while another is in flight' });
    const socket = this.socket ?? this.open();
    const length = body === undefined ? '' : `\r\nContent-Length: ${Buffer.byteLength(body)}`;
    const head = `${method} ${path} HTTP/1.1\r\n${headerLines}\r\nHost: ${this.hostHeader}\r\nConnection: keep-alive${length}\r\n\r\n`;
    return new Promise((resolve) => {
      this.waiting = resolve;
      socket.write(body === undefined ? head : head + body);
    });
  }

  /** Closes the connection. */
  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): net.Socket {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const fail = (why: string) => {
      if (this.socket === socket) this.socket = null;
      this.pending = null;
      this.finish({ status: 0, text: why });
    };
    socket.on('error', (err) => fail(String(err)));
    socket.on('close', () => fail('connection closed'));
    this.socket = socket;
    return socket;
  }

  private finish(answer: Answer): void {
    const resolve = this.waiting;
    this.waiting = null;
    resolve?.(answer);
  }

  private onData(chunk: Buffer): void {
    const buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    const headEnd = buf.indexOf(HEAD_END);
    if (headEnd < 0) {
      this.pending = buf;
      return;
    }
    const head = buf.toString('latin1', 0, headEnd);
    const status = Number(head.slice(9, 12));
    const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!lengthMatch) {
      // The server sets Content-Length on every API answer; anything else is reported, not guessed at.
      this.pending = null;
      this.close();
      this.finish({ status: 0, text: `answer without content-length: ${head.slice(0, 200)}` });
      return;
    }
    const bodyStart = headEnd + HEAD_END.length;
    const bodyEnd = bodyStart + Number(lengthMatch[1]);
    if (buf.length < bodyEnd) {
      this.pending = buf;
      return;
    }
    this.pending = buf.length > bodyEnd ? buf.subarray(bodyEnd) : null;
    if (/\r\nconnection:\s*close/i.test(head)) this.close();
    this.finish({ status, text: buf.toString('utf8', bodyStart, bodyEnd) });
  }
}
