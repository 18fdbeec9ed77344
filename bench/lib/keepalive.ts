// Keep-alive HTTP/1.1 straight onto a socket, one request at a time: the driver shares the cores with the server,
// and node:http's client costs about as much CPU per request as the route.
import net from 'node:net';

/** An answer: status (0 when the connection failed), the undecoded body (or the error) and its size on the wire. */
export type Answer = { status: number; body: Buffer; wireBytes: number };

const HEAD_END = Buffer.from('\r\n\r\n');

/** A keep-alive connection to a server's URL, opened on first use and again after the server closed it. */
export class KeepAliveConnection {
  private socket: net.Socket | null = null;
  private pending: Buffer | null = null;
  private waiting: ((a: Answer) => void) | null = null;
  private readonly url: URL;

  constructor(base: string) {
    this.url = new URL(base);
  }

  /** Sends one request (headers as `name: value` lines joined by CRLF) and resolves with its answer. */
  request(method: string, path: string, headerLines: string, body?: string): Promise<Answer> {
    const socket = this.socket ?? this.open();
    const length = body === undefined ? '' : `\r\nContent-Length: ${Buffer.byteLength(body)}`;
    const head = `${method} ${path} HTTP/1.1\r\n${headerLines}\r\nHost: ${this.url.host}\r\nConnection: keep-alive${length}\r\n\r\n`;
    return new Promise((resolve) => {
      this.waiting = resolve;
      socket.write(head + (body ?? ''));
    });
  }

  /** Closes the connection. */
  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): net.Socket {
    const socket = net.connect({ host: this.url.hostname, port: Number(this.url.port), noDelay: true });
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const fail = (why: string) => {
      if (this.socket === socket) this.socket = null;
      this.pending = null;
      this.finish(failed(why));
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
    if (headEnd < 0) return void (this.pending = buf);
    const head = buf.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      this.close();
      return this.finish(failed(`answer without content-length: ${head.slice(0, 200)}`));
    }
    const bodyStart = headEnd + HEAD_END.length;
    const bodyEnd = bodyStart + Number(length[1]);
    if (buf.length < bodyEnd) return void (this.pending = buf);
    this.pending = buf.length > bodyEnd ? buf.subarray(bodyEnd) : null;
    if (/\r\nconnection:\s*close/i.test(head)) this.close();
    this.finish({ status: Number(head.slice(9, 12)), body: buf.subarray(bodyStart, bodyEnd), wireBytes: bodyEnd });
  }
}

function failed(why: string): Answer {
  return { status: 0, body: Buffer.from(why), wireBytes: 0 };
}
