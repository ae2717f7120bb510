import { Router, type Request } from 'express';
import { contentHash } from '../../platform/event-store/event-identity';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf } from '../../platform/http/service-auth';
import { APPOINTMENTS, type AppointmentDocument } from '../../../projections/booking/appointments';
import { bookAppointments } from '../handlers/book-appointments';
import type { BookingContext } from '../handlers/booking-context';
import type { CitizenRequest } from '../handlers/booking-plan';
import { cancelAppointment, confirmAppointment } from '../handlers/appointment-lifecycle';
import { publicModel } from '../queries/appointment-views';
import { actorOf, BookingRights, need } from '../rights';
import { languageOfRequest } from '../messages';
import { BOOKING_SERVICE } from '../service';
import { idempotencyKeyOf, jsonBody, refuseUndecodablePath, uuidParam } from './http-input';

/** POST request, PATCH {id}/confirm, DELETE {id}/cancel. Confirm and cancel answer with the AppointmentPublicModel. */
export function appointmentRoutes(context: BookingContext): Router {
  const router = Router();
  const schemas = RequestSchemas.of(BOOKING_SERVICE);
  const appointmentIdOf = (request: Request) => uuidParam(request.params.appointmentId, 'appointmentId', languageOfRequest(request));
  const current = async (appointmentId: string) =>
    publicModel((await context.documents.collection<AppointmentDocument>(APPOINTMENTS).findOne({ _id: appointmentId }))!);

  router.post(
    '/api/v2/appointments/request',
    need(BookingRights.requestAppointments),
    route(async (request, response) => {
      const language = languageOfRequest(request);
      const body = await jsonBody(request, language);
      const bodyHash = contentHash(body);
      const idempotencyKey = idempotencyKeyOf(request, language);
      const citizens = schemas.value<CitizenRequest[]>('appointment-request', body);
      const actor = actorOf(clientOf(response), 'manage');
      response.status(200).json(await bookAppointments(context, { citizens, actor, language, idempotencyKey, bodyHash }));
    }),
  );

  router.patch(
    '/api/v2/appointments/:appointmentId/confirm',
    need(BookingRights.confirmAppointments),
    route(async (request, response) => {
      const appointmentId = appointmentIdOf(request);
      await confirmAppointment(context, appointmentId, actorOf(clientOf(response), 'manage'));
      response.status(200).json(await current(appointmentId));
    }),
  );

  router.delete(
    '/api/v2/appointments/:appointmentId/cancel',
    need(BookingRights.cancelAppointments),
    route(async (request, response) => {
      const appointmentId = appointmentIdOf(request);
      const { notifyUser } = schemas.query<{ notifyUser: boolean }>('cancel.query', request.query);
      await cancelAppointment(context, appointmentId, actorOf(clientOf(response), 'manage'), notifyUser);
      response.status(200).json(await current(appointmentId));
    }),
  );
  router.use(refuseUndecodablePath('appointmentId'));
  return router;
}
