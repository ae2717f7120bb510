import { recordPdf, renderPdf, type PdfContent } from '../../platform/pdf/pdf-document';
import { formatWithOffset } from '../../platform/time/zoned-time';
import { COUNTRY_TIME_ZONE } from '../../platform/time/work-calendar';
import type { Party } from '../authorization/events';
import type { AuthorizationState } from '../authorization/state';
import { INTAKE_API } from '../service';
import { fileStatement, stateDigest } from './state-digest';

const PARTY_TYPES = { 1: 'natural person, IDNP', 2: 'legal entity, IDNO' } as const;

/** An instant in UTC and on the Chișinău clock. */
const when = (instant: string | null) => (instant ? `${instant} (${formatWithOffset(new Date(instant), COUNTRY_TIME_ZONE)} Chișinău)` : '-');
const party = (who: Party) => `${who.name || '(name not known)'} (${PARTY_TYPES[who.partyType]} ${who.idn})`;

/**
 * The authorization file: a PDF of what the power is at the instant it is issued (parties, type, dates,
 * status) with the SHA-256 of that statement printed in it, and the digest itself.
 */
export async function authorizationFile(state: AuthorizationState, issuedAt: Date): Promise<{ pdf: Buffer; sha256: string }> {
  const now = issuedAt.toISOString();
  const statement = fileStatement(state, now);
  const sha256 = stateDigest(state, now);
  const definition = recordPdf({
    title: 'Power of representation',
    subtitle: `Authorization code ${state.authorizationCode}`,
    rows: [
      ['Status at issue', `${statement.status} (valid: ${statement.isValid ? 'yes' : 'no'})`],
      ['Authorization type', `${state.authorizationType.code} ${state.authorizationType.name}`],
      ['Service provider', `${state.authorizationType.serviceProviderName} (IDNO ${state.authorizationType.serviceProviderIdno})`],
      ['Represented party', party(state.authorizing)],
      ['Representative', party(state.authorized)],
      ...state.coSigners.map((signer): [string, string] => ['Co-signer', `IDNP ${signer.idn}: ${signer.signedAt ? `signed ${when(signer.signedAt)}` : 'not signed'}`]),
      ['Valid from', when(state.validFrom ?? state.fromDate)],
      ['Valid until', when(state.toDate)],
      ['Issued', when(now)],
    ],
    paragraphs: ['SHA-256 of the power\'s state at issue (the statement above as canonical JSON):'],
    footer: `To check later that the power still stands as this file states: POST ${INTAKE_API}/authorizations/${state.authorizationCode}/file-verifications with {"sha256": "<the digest>"}.`,
  });
  const digestLine: PdfContent = { text: sha256, font: 'Roboto', fontSize: 9, margin: [0, 2, 0, 8] };
  (definition.content as PdfContent[]).push(digestLine);
  return { pdf: await renderPdf(definition, issuedAt), sha256 };
}
