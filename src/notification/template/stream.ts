/** One stream per template. */
export const toTemplateStreamId = (templateId: string) => `notification-template-${templateId}`;
