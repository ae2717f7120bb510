/**
 * The natural persons a petition's event (as the log holds it) names, for whoever reads the event itself
 * (an auditor): the requestor when a person (an IDNP; a legal entity's IDNO is not personal data, as the
 * service's own access log has it) and the civil servant responsible for the answer.
 */
export function petitionEventSubjects(data: unknown): string[] {
  const { requestor, responsiblePersonIdnp } = (data ?? {}) as { requestor?: { idn?: unknown; kind?: unknown }; responsiblePersonIdnp?: unknown };
  return [...(requestor?.kind === 'Person' && typeof requestor.idn === 'string' ? [requestor.idn] : []), ...(typeof responsiblePersonIdnp === 'string' ? [responsiblePersonIdnp] : [])];
}
