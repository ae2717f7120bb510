import type { DocumentStore } from '../../platform/document-store/document-store';
import type { DocumentRecord } from '../../../projections/documents/documents';
import { flagsOf } from '../document/flags';
import type { PrincipalNames } from '../principals/principal-names';
import type { DocumentTypes, KnownType } from './document-types';
import { recordsById } from './records';

/** The seed's Document: a list item and the detail alike. */
export type DocumentDto = {
  id: string;
  name: string;
  folderId: string | null;
  folderName: string;
  number: string | null;
  expiresOn: string | null;
  type: string;
  type_Name_Ro: string;
  type_Name_En: string | null;
  type_Name_Ru: string | null;
  typeIcon: string | null;
  size: number;
  indicativeFlags: number;
  createdOn: string;
  createdBy: string;
  createdByName: string | null;
  modifiedOn: string | null;
  modifiedBy: string | null;
  modifiedByName: string | null;
};

/** What a page of documents is shown with: their types, the folders they are in, names of principals. */
export type DocumentView = { types: Map<string, KnownType>; folders: Map<string, DocumentRecord>; names: PrincipalNames; now: string };

/** The guide's name for the top of a principal's tree. */
export const ROOT_FOLDER_NAME = 'Root';

export async function viewFor(store: DocumentStore, types: DocumentTypes, names: PrincipalNames, now: string, records: DocumentRecord[]): Promise<DocumentView> {
  return {
    types: await types.many(records.map((record) => record.type)),
    folders: await recordsById(store, records.flatMap((record) => (record.folderId ? [record.folderId] : []))),
    names,
    now,
  };
}

export function documentDto(record: DocumentRecord, view: DocumentView): DocumentDto {
  const type = view.types.get(record.type);
  return {
    id: record._id,
    name: record.name,
    folderId: record.folderId,
    folderName: record.folderId ? (view.folders.get(record.folderId)?.name ?? '') : ROOT_FOLDER_NAME,
    number: record.number,
    expiresOn: record.expiresOn,
    type: record.type,
    type_Name_Ro: type?.titles.ro ?? record.type,
    type_Name_En: type?.titles.en ?? null,
    type_Name_Ru: type?.titles.ru ?? null,
    typeIcon: type?.icon ?? null,
    size: record.size,
    indicativeFlags: flagsOf(record, type, view.now),
    createdOn: record.createdOn,
    createdBy: record.createdBy,
    createdByName: view.names.nameOf(record.createdBy),
    modifiedOn: record.modifiedOn,
    modifiedBy: record.modifiedBy,
    modifiedByName: view.names.nameOf(record.modifiedBy),
  };
}
