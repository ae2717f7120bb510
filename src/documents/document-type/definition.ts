/** A document type (seed: code, titles, versioningEnabled, icon; the guide's flags; a schema and templates). */
export type Language = 'ro' | 'en' | 'ru';
export const LANGUAGES: Language[] = ['ro', 'en', 'ru'];

/** A value of the content, found by JSON pointer; `columns` shows an array of objects as a table. */
export type TemplateField = { label: string; pointer: string; columns?: { label: string; pointer: string }[] };
/** What /transform renders in one language: a title, labelled values, free paragraphs, a footer. */
export type Template = { title: string; subtitle?: string; fields: TemplateField[]; paragraphs?: string[]; footer?: string };

export type DocumentTypeDefinition = {
  code: string;
  titles: { ro: string; en: string | null; ru: string | null };
  /** the type's icon, base64 (as the official client reads it: byte[]) */
  icon: string | null;
  versioningEnabled: boolean;
  /** documents of an official type carry the Official flag; built-in types cannot be official */
  official: boolean;
  /** documents of this type are deleted for good once they expire (else they stay, flagged) */
  deleteOnExpiry: boolean;
  /** a document created without expiresOn expires this many days after its createdOn (null: never) */
  expiresAfterDays: number | null;
  /** JSON Schema that JSON content of this type must satisfy */
  schema: Record<string, unknown> | null;
  /** transform templates by language; Romanian is the fallback */
  templates: Partial<Record<Language, Template>> | null;
};

export const UNKNOWN_TYPE = 'Unknown';
export const FOLDER_TYPE = 'Folder';

const builtIn = (code: string, ro: string, en: string, ru: string): DocumentTypeDefinition => ({
  code,
  titles: { ro, en, ru },
  icon: null,
  versioningEnabled: false,
  official: false,
  deleteOnExpiry: false,
  expiresAfterDays: null,
  schema: null,
  templates: null,
});

/** The guide's two built-in types: content without a type is Unknown; a folder is a document without a blob. */
export const BUILT_IN_TYPES: Record<string, DocumentTypeDefinition> = {
  [UNKNOWN_TYPE]: builtIn(UNKNOWN_TYPE, 'Necunoscut', 'Unknown', 'Неизвестный'),
  [FOLDER_TYPE]: builtIn(FOLDER_TYPE, 'Dosar', 'Folder', 'Папка'),
};

/** Codes compare as written, but a built-in's is taken in any letter case (the platform's guide writes "folder"). */
export function builtInTypeOf(code: string): DocumentTypeDefinition | undefined {
  return Object.values(BUILT_IN_TYPES).find((type) => type.code.toLowerCase() === code.toLowerCase());
}

/** The template for a language, falling back to Romanian; null when the type has none. */
export function templateFor(type: DocumentTypeDefinition, language: Language): Template | null {
  return type.templates?.[language] ?? type.templates?.ro ?? null;
}
