import type { DocumentStore } from '../../platform/document-store/document-store';
import { TEMPLATES, type TemplateDocument } from '../../../projections/notification/templates';
import { listOptions, type ListQuery } from './list-query';

const ORDERABLE = { Id: 'Id', Name: 'Name', CreatedAt: 'CreatedAt', LastUpdatedAt: 'LastUpdatedAt', CreatedBy: 'CreatedBy', LastUpdatedBy: 'LastUpdatedBy' };

/** A sender's templates that are not deleted; SearchBy is a template id. */
export function listTemplates(documents: DocumentStore, owner: string, query: ListQuery): Promise<TemplateDocument[]> {
  const filter = query.SearchBy ? { owner, deleted: false, Id: query.SearchBy.toLowerCase() } : { owner, deleted: false };
  return documents.collection<TemplateDocument>(TEMPLATES).find(filter, listOptions(query, ORDERABLE));
}

export function getTemplate(documents: DocumentStore, owner: string, id: string): Promise<TemplateDocument | null> {
  return documents.collection<TemplateDocument>(TEMPLATES).findOne({ _id: id, owner, deleted: false });
}
