export type ReferenceCommand<T> =
  | { type: 'create'; definition: T }
  | { type: 'update'; definition: T }
  /** create or update: what the import does */
  | { type: 'define'; definition: T };
