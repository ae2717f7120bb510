/** Read-model collections of the booking service (owned by the projections in this folder). */
export const BookingCollections = {
  organizations: 'booking_organizations',
  locations: 'booking_locations',
  calendars: 'booking_calendars',
  calendarLocations: 'booking_calendar_locations',
  settings: 'booking_settings',
  appointments: 'booking_appointments',
  slotUsage: 'booking_slot_usage',
  requests: 'booking_requests',
} as const;
