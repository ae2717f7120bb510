/** Appointment statuses as the v2 API numbers them. */
export const AppointmentStatus = {
  None: 0,
  Waiting: 1,
  Scheduled: 2,
  Canceled: 3,
  Finished: 4,
  Rejected: 5,
  Blocked: 6,
  Absent: 7,
} as const;
export type AppointmentStatusValue = (typeof AppointmentStatus)[keyof typeof AppointmentStatus];
