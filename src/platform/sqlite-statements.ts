import type Database from 'better-sqlite3';

export type PreparedStatements<Row> = ((sql: string) => Database.Statement<unknown[], Row>) & { clear(): void };

/** Prepares each distinct SQL text once per connection and hands back the same statement after that. */
export function preparedStatements<Row = unknown>(connection: Database.Database): PreparedStatements<Row> {
  const statements = new Map<string, Database.Statement<unknown[], Row>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = connection.prepare<unknown[], Row>(sql)));
    return statement;
  };
  return Object.assign(prepared, { clear: () => statements.clear() });
}
