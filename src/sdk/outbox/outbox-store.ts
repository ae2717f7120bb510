import Database from 'better-sqlite3';

export type OutboxRow = { seq: number; source: string; id: string; json: string };
export type RejectedRow = OutboxRow & { problem: string };

export class OutboxConflictError extends Error {}

/**
 * The outbox's SQLite file: events waiting to be sent, in the order they were added, one row per
 * source + id. WAL with synchronous=FULL: an event added is on disk when add() returns, so a producer
 * that writes its own state and then adds its events loses none in a crash after it.
 */
export class OutboxStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS outbox_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        source TEXT NOT NULL,
        id TEXT NOT NULL,
        json TEXT NOT NULL,
        rejected_problem TEXT,
        UNIQUE (source, id)
      )`);
  }

  /**
   * Adds the events in one transaction. One already here with the same JSON is left as it is (added
   * twice = once); one here with other content is a conflict the exchange would refuse with 409, so
   * nothing of the call is added.
   */
  add(events: { source: string; id: string; json: string }[]): number {
    const existing = this.db.prepare<[string, string], { json: string }>('SELECT json FROM outbox_events WHERE source = ? AND id = ?');
    const insert = this.db.prepare('INSERT INTO outbox_events (source, id, json) VALUES (?, ?, ?)');
    const addAll = this.db.transaction(() => {
      let added = 0;
      for (const event of events) {
        const stored = existing.get(event.source, event.id);
        if (stored && stored.json !== event.json) throw new OutboxConflictError(`the outbox holds another event with source ${event.source} and id ${event.id}`);
        if (!stored) added += insert.run(event.source, event.id, event.json).changes;
      }
      return added;
    });
    return addAll();
  }

  /** The oldest waiting events, up to `maxEvents` and about `maxBytes` of JSON (at least one). */
  next(maxEvents: number, maxBytes: number): OutboxRow[] {
    const rows = this.db
      .prepare<[number], OutboxRow>('SELECT seq, source, id, json FROM outbox_events WHERE rejected_problem IS NULL ORDER BY seq LIMIT ?')
      .all(maxEvents);
    let bytes = 0;
    const batch: OutboxRow[] = [];
    for (const row of rows) {
      bytes += Buffer.byteLength(row.json) + 1;
      if (batch.length > 0 && bytes > maxBytes) break;
      batch.push(row);
    }
    return batch;
  }

  remove(rows: OutboxRow[]): void {
    const remove = this.db.prepare('DELETE FROM outbox_events WHERE seq = ?');
    this.db.transaction(() => rows.forEach((row) => remove.run(row.seq)))();
  }

  /** Kept, not sent again: the exchange refused the event for good (its problem says why). */
  reject(row: OutboxRow, problem: string): void {
    this.db.prepare('UPDATE outbox_events SET rejected_problem = ? WHERE seq = ?').run(problem, row.seq);
  }

  waiting(): number {
    return this.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM outbox_events WHERE rejected_problem IS NULL').get()!.n;
  }

  rejected(): RejectedRow[] {
    return this.db
      .prepare<[], RejectedRow>('SELECT seq, source, id, json, rejected_problem AS problem FROM outbox_events WHERE rejected_problem IS NOT NULL ORDER BY seq')
      .all();
  }

  /** Gives a rejected event another try (after the cause, a missing right say, was mended). */
  retryRejected(): number {
    return this.db.prepare('UPDATE outbox_events SET rejected_problem = NULL WHERE rejected_problem IS NOT NULL').run().changes;
  }

  close(): void {
    this.db.close();
  }
}
