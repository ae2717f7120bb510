import type { RequestHandler } from 'express';
import { ProblemError } from '../platform/errors';
import { clientOf, requireRight } from '../platform/http/service-auth';
import { ruleProblem } from './problems';
import { languageOfRequest } from './messages';
import { hasRight, type ClientDefinition } from '../platform/identity/client-registry';
import type { Actor } from './appointment/commands';
import { BOOKING_SERVICE } from './service';

/**
 * Rights of the booking service in the client registry ("rights": { "booking": [...] }). A client acts for
 * the organization whose IDNO the registry gives it; the two "-all" rights make it platform-wide.
 */
export const BookingRights = {
  readOrganizations: 'organizations:read',
  readLocations: 'locations:read',
  readCalendars: 'calendars:read',
  readSettings: 'settings:read',
  requestAppointments: 'appointments:request',
  confirmAppointments: 'appointments:confirm',
  cancelAppointments: 'appointments:cancel',
  readAppointments: 'appointments:read',
  /** see the appointments of every organization */
  readAllAppointments: 'appointments:read-all',
  /** request, confirm and cancel appointments at every organization */
  manageAllAppointments: 'appointments:manage-all',
  /** the admin API and the import of reference data */
  manageReferenceData: 'reference-data:manage',
} as const;

/** The right, or a 403 in the caller's language. */
export const need = (right: (typeof BookingRights)[keyof typeof BookingRights]): RequestHandler => {
  const check = requireRight(BOOKING_SERVICE, right);
  return (request, response, next) =>
    check(request, response, (error?: unknown) => {
      if (!(error instanceof ProblemError && error.status === 403)) return next(error);
      next(ruleProblem(languageOfRequest(request), 403, 'missingRight', { client: clientOf(response).id, right }));
    });
};

/** The organization a client acts for (null: every organization). A client without an IDNO acts for none. */
export function actorOf(client: ClientDefinition, purpose: 'read' | 'manage'): Actor {
  const all = purpose === 'read' ? BookingRights.readAllAppointments : BookingRights.manageAllAppointments;
  return { clientId: client.id, organizationIdno: hasRight(client, BOOKING_SERVICE, all) ? null : (client.idno ?? '') };
}
