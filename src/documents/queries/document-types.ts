import type { ValidateFunction } from 'ajv';
import type { DocumentStore } from '../../platform/document-store/document-store';
import { DocumentsCollections } from '../../../projections/documents';
import type { DocumentTypeRecord } from '../../../projections/documents/settings';
import { compileContentSchema } from '../document-type/content-schema';
import { DocumentTypeNotFoundError } from '../document-type/decider';
import { builtInTypeOf, type DocumentTypeDefinition } from '../document-type/definition';

/** A type as the handlers use it: its definition and the revision its schema was compiled for. */
export type KnownType = DocumentTypeDefinition & { revision: string };

/**
 * The document types: the built-in ones, and those administrators defined (read model). Compiled schemas
 * are kept per type and revision, so a changed type is compiled again and an unchanged one once.
 */
export class DocumentTypes {
  private readonly validators = new Map<string, { revision: string; validate: ValidateFunction }>();

  constructor(private readonly store: DocumentStore) {}

  private get collection() {
    return this.store.collection<DocumentTypeRecord>(DocumentsCollections.types);
  }

  async find(code: string): Promise<KnownType | null> {
    const builtIn = builtInTypeOf(code);
    if (builtIn) return { ...builtIn, revision: 'built-in' };
    const record = await this.collection.findOne({ _id: code });
    if (!record) return null;
    const { _id, ...type } = record;
    return type;
  }

  async require(code: string): Promise<KnownType> {
    const type = await this.find(code);
    if (!type) throw new DocumentTypeNotFoundError(code);
    return type;
  }

  /** The types of these codes, by code (unknown codes are left out). */
  async many(codes: string[]): Promise<Map<string, KnownType>> {
    const found = new Map<string, KnownType>();
    for (const code of new Set(codes)) {
      const type = await this.find(code);
      if (type) found.set(code, type);
    }
    return found;
  }

  /** Administrators' types, by code, after a cursor (a code) */
  async page(after: string | undefined, limit: number): Promise<KnownType[]> {
    const records = await this.collection.find(after ? { _id: { $gt: after } } : {}, { sort: { _id: 1 }, limit });
    return records.map(({ _id, ...type }) => type);
  }

  /** The compiled schema content of the type must satisfy (null: none). */
  validatorOf(type: KnownType): ValidateFunction | null {
    if (!type.schema) return null;
    const known = this.validators.get(type.code);
    if (known?.revision === type.revision) return known.validate;
    const validate = compileContentSchema(type.schema);
    this.validators.set(type.code, { revision: type.revision, validate });
    return validate;
  }
}
