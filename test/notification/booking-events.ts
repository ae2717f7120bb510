import type { TestPlatform } from '../support/test-platform';

/**
 * Booking events as the booking service appends them (the fixed event contract), complete, so every
 * projection of the platform can read them. canceledAt is not in the contract; the booking read model
 * reads it, so the stand-ins carry it too.
 */
let sequence = 0;

export function appointmentRequested(overrides: Record<string, unknown> = {}, citizen: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    appointmentId: `00000000-0000-4000-8000-${String(process.pid % 10_000).padStart(4, '0')}${String(sequence).padStart(8, '0')}`,
    code: `A-${sequence}`,
    status: 'Scheduled',
    isEvo: false,
    notifyUser: true,
    language: 'ro',
    citizen: { isForeignCitizen: false, idnp: '2000000000011', firstName: 'Ion', lastName: 'Popescu', email: `citizen${sequence}@example.md`, phone: '+37369000011', ...citizen },
    organizationId: 'org-1',
    organizationName: { ro: 'Agenția Servicii Publice', ru: 'Агентство публичных услуг', en: 'Public Services Agency' },
    locationId: 'loc-1',
    locationName: { ro: 'Oficiul Centru', ru: 'Офис Центр', en: 'Centre office' },
    locationAddress: 'str. Pușkin 42, Chișinău',
    calendarLocationId: 'cal-1',
    calendarName: { ro: 'Buletin de identitate', ru: 'Удостоверение личности', en: 'Identity card' },
    slot: { start: '2025-03-10T08:00:00.000Z', end: '2025-03-10T08:20:00.000Z' },
    confirmationDeadline: null,
    userAccessToken: 'token',
    requestedBy: 'citizen',
    ...overrides,
  };
}

export function appointmentCanceled(overrides: Record<string, unknown> = {}, citizen: Record<string, unknown> = {}) {
  return {
    appointmentId: appointmentRequested().appointmentId,
    reason: 'canceled',
    notifyUser: true,
    language: 'ro',
    citizen: { firstName: 'Ana', lastName: 'Rusu', email: 'ana.rusu@example.md', ...citizen },
    code: 'ASP-CANCEL01',
    organizationName: { ro: 'Agenția Servicii Publice', ru: 'Агентство публичных услуг', en: 'Public Services Agency' },
    locationName: { ro: 'Oficiul Botanica', ru: 'Офис Ботаника', en: 'Botanica office' },
    locationAddress: 'bd. Dacia 10, Chișinău',
    calendarName: { ro: 'Pașaport', ru: 'Паспорт', en: 'Passport' },
    slot: { start: '2025-03-11T07:00:00.000Z', end: '2025-03-11T07:20:00.000Z' },
    canceledBy: 'citizen',
    canceledAt: new Date().toISOString(),
    ...overrides,
  };
}

export async function appendBookingEvent(platform: TestPlatform, type: 'requested' | 'canceled', data: { appointmentId: string }, id = `${type}-${data.appointmentId}`) {
  await platform.platform.stores.events.append(`booking-appointment-${data.appointmentId}`, [
    {
      producer: 'booking',
      event: { specversion: '1.0', id, source: 'urn:md:gov:booking', type: `md.gov.booking.appointment.${type}.v1`, time: new Date().toISOString(), partitionkey: data.appointmentId, data },
    },
  ]);
}
