import { emptyFieldErrors, type ProblemFieldErrors } from '../../platform/errors';
import type { CreateAuthorization } from './commands';

/** At most this many co-signers on one power. */
export const MAX_CO_SIGNERS = 5;

/**
 * The rules a new power must meet beyond its request's schema, as problems by the request's member names
 * (none: it may be created). Pure: `at` is the command's instant.
 */
export function creationProblems(command: CreateAuthorization): ProblemFieldErrors {
  const problems = emptyFieldErrors();
  const report = (field: string, message: string) => (problems[field] ??= []).push(message);
  const { authorizationType: type, authorizing, authorized, coSignerIdns, fromDate, toDate, at } = command;
  if (authorizing.idn === authorized.idn) report('authorizedIdn', 'must differ from authorizingIdn: nobody represents themselves');
  if (toDate <= fromDate) report('toDate', 'must be later than fromDate');
  else if (toDate <= at) report('toDate', 'must be in the future: a power that ends before it is created would never be valid');
  if (type.requiresCoSigning && coSignerIdns.length === 0) report('coSignerIdns', `the authorization type ${type.code} needs co-signers: give at least one IDNP`);
  if (!type.requiresCoSigning && coSignerIdns.length > 0) report('coSignerIdns', `the authorization type ${type.code} takes no co-signers`);
  if (new Set(coSignerIdns).size !== coSignerIdns.length) report('coSignerIdns', 'must not name a co-signer twice');
  if (coSignerIdns.some((idn) => idn === authorizing.idn || idn === authorized.idn)) report('coSignerIdns', 'a party of the power cannot also co-sign it');
  return problems;
}
