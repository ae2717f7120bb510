import { templateFor, type Language } from '../document-type/definition';
import { checkedContent } from '../handlers/upload-content';
import type { DocumentsContext } from '../handlers/context';
import { InvalidInputError } from '../invalid-input';
import type { KnownType } from '../queries/document-types';
import { renderHtml } from './render-html';
import { renderTemplatePdf } from './render-pdf';
import { fillTemplate } from './template-values';

export type Rendition = { contentType: string; body: Buffer };

/**
 * POST /mdocs/transform, and a download with format: JSON content of a type rendered by the type's
 * template in the language asked (Romanian when absent, or when the type has no template in it), as a
 * PDF or an HTML page. Content is checked against the type's schema first.
 */
export async function transformContent(ctx: DocumentsContext, type: KnownType, format: 'pdf' | 'html', language: Language | undefined, content: unknown): Promise<Rendition> {
  const chosen = language ?? 'ro';
  const template = templateFor(type, chosen);
  if (!template) throw new InvalidInputError('documentTypeCode', `type ${type.code} has no templates to transform with`);
  checkedContent(ctx, type, content);
  const filled = fillTemplate(template, content);
  if (format === 'html') return { contentType: 'text/html; charset=utf-8', body: Buffer.from(renderHtml(filled, type.templates?.[chosen] ? chosen : 'ro')) };
  return { contentType: 'application/pdf', body: await renderTemplatePdf(filled, ctx.deps.clock.now()) };
}

/** Headers that keep a rendition (or any content served) from running in a browser: no sniffing, no scripts, no loads. */
export const CONTENT_SAFETY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};
