import WebSocket from 'ws';
import { ConnectionError } from '../errors.js';
import { consumedEvent, type ConsumedEvent } from '../events.js';
import { problemOf } from '../http-client.js';
import { ConsumerLifecycle } from './consumer-lifecycle.js';
import { instanceQuery } from './consumer-options.js';
import { deadReport, handOff } from './hand-off.js';

/** A connection held this long was fine: the back-off starts over after it drops. */
const STABLE_CONNECTION_MS = 5_000;

/** One connection: a consumer instance of its own, whose offsets mean nothing to any other connection. */
type Session = { socket: WebSocket; queue: ConsumedEvent[]; closed: boolean; pumping: Promise<void> | null };

/**
 * Consumes over WebSocket (`/ce/consume/ws`): hands events to the handler one at a time in the order
 * received, sends `confirm:<offset>` after the handler succeeds and `dead:<event>` (then the confirm)
 * when it gives up. A dropped connection is opened again with back-off; what was not confirmed on it
 * comes again on the new one, and events still queued from the old one are dropped, not handled twice.
 */
export class WebSocketConsumer extends ConsumerLifecycle {
  private session: Session | null = null;

  protected run(): void {
    void this.connectLoop();
  }

  private async connectLoop(): Promise<void> {
    for (;;) {
      const { error, openedFor } = await this.connectOnce();
      if (!(await this.recover(error, openedFor >= STABLE_CONNECTION_MS))) return;
    }
  }

  /** Resolves when the connection is closed, with why and how long it was open. */
  private connectOnce(): Promise<{ error: Error; openedFor: number }> {
    const url = new URL('/ce/consume/ws', this.http.baseUrl.replace(/^https:/, 'wss:'));
    for (const [name, value] of Object.entries(instanceQuery(this.options))) url.searchParams.set(name, value);
    const { ca, cert, key } = this.http.tls;
    const socket = new WebSocket(url, 'cloudevents.json', { ca, cert, key, handshakeTimeout: 30_000 });
    const session: Session = { socket, queue: [], closed: false, pumping: null };
    this.session = session;
    let openedAt = 0;
    let failure: Error | undefined;
    socket.on('open', () => {
      openedAt = Date.now();
      this.connected();
    });
    socket.on('message', (data) => {
      try {
        session.queue.push(consumedEvent(data.toString()));
      } catch (error) {
        failure = new Error(`an unreadable message from the exchange: ${(error as Error).message}`);
        socket.terminate();
        return;
      }
      session.pumping ??= this.pump(session);
    });
    socket.on('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        failure = problemOf({ status: response.statusCode ?? 0, headers: response.headers, text });
        socket.terminate();
      });
    });
    socket.on('error', (error) => (failure ??= new ConnectionError(url.toString(), error)));
    return new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        session.closed = true;
        session.queue.length = 0;
        const error = failure ?? new Error(`the connection closed (${code}${reason.length > 0 ? ` ${reason.toString()}` : ''})`);
        resolve({ error, openedFor: openedAt ? Date.now() - openedAt : 0 });
      });
    });
  }

  private async pump(session: Session): Promise<void> {
    while (session.queue.length > 0 && !session.closed && !this.stopping.signal.aborted) {
      const event = session.queue.shift()!;
      const outcome = await handOff(event, this.handler, this.options.retry ?? {}, this.stopping.signal);
      // a confirm on another connection would acknowledge that connection's events, not this one
      if (outcome.kind === 'stopped' || session.closed) break;
      if (outcome.kind === 'dead') session.socket.send(`dead:${deadReport(event, outcome.reason).toString()}`);
      session.socket.send(`confirm:${event.offset}`);
      if (outcome.kind === 'dead') this.emit('dead', event.offset, outcome.reason);
      this.emit('confirmed', event.offset);
    }
    session.pumping = null;
  }

  protected async shutDown(): Promise<void> {
    const session = this.session;
    if (!session || session.closed) return;
    await session.pumping;
    if (session.closed) return;
    await new Promise<void>((resolve) => {
      session.socket.once('close', () => resolve());
      session.socket.close(1000, 'consumer stopped');
    });
  }
}
