/**
 * A TCP proxy of our own between a server and PostgreSQL (127.0.0.1:5432), so a scenario can cut, refuse and
 * restore the database connection without touching the machine's PostgreSQL service that others share.
 */
import net from 'node:net';

/** Forwarding state: up, resetting every connection, or not listening at all. */
export type ProxyMode = 'up' | 'reset' | 'refuse';

/** A started proxy; `port` stays the same across refuse/restore. */
export class TcpProxy {
  private server: net.Server;
  private readonly open = new Set<net.Socket>();
  private mode: ProxyMode = 'up';

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
    server: net.Server,
  ) {
    this.server = server;
  }

  /** Listens on a free loopback port and forwards to the target. */
  static async start(target = { host: '127.0.0.1', port: 5432 }): Promise<TcpProxy> {
    let proxy: TcpProxy | null = null;
    const server = net.createServer((socket) => proxy!.accept(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new TcpProxy((server.address() as net.AddressInfo).port, target, server);
    return proxy;
  }

  private accept(client: net.Socket): void {
    if (this.mode !== 'up') {
      client.destroy();
      return;
    }
    const upstream = net.connect(this.target.port, this.target.host);
    for (const s of [client, upstream]) {
      this.open.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        this.open.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** Drops every open connection; new ones are accepted and reset ('reset') or refused ('refuse'). */
  async cut(mode: Exclude<ProxyMode, 'up'>): Promise<void> {
    this.mode = mode;
    for (const s of this.open) s.destroy();
    if (mode === 'refuse' && this.server.listening)
      await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Forwards again (listening on the same port if it had stopped). */
  async restore(): Promise<void> {
    this.mode = 'up';
    if (!this.server.listening) {
      this.server = net.createServer((socket) => this.accept(socket));
      await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    }
  }

  /** Stops the proxy. */
  async close(): Promise<void> {
    await this.cut('refuse');
  }
}
