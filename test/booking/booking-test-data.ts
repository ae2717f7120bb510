/** Reference data of the booking tests: two organizations, three locations, five calendar-locations. */
export const IDS = {
  "ORG_A": "0a000000-0000-4000-8000-000000000001",
  "ORG_B": "0b000000-0000-4000-8000-000000000001",
  "LOC_A1": "1a000000-0000-4000-8000-000000000001",
  "LOC_A2": "1a000000-0000-4000-8000-000000000002",
  "LOC_B1": "1b000000-0000-4000-8000-000000000001",
  "CAL_PASSPORT": "2a000000-0000-4000-8000-000000000001",
  "CAL_ID_CARD": "2a000000-0000-4000-8000-000000000002",
  "CAL_TAX": "2b000000-0000-4000-8000-000000000001",
  "OPTION_URGENT": "4d000000-0000-4000-8000-000000000001"
} as const;

/** calendar-locations: passport and ID card at A1 (capacity 3), passport and ID card at A2, tax advice at B1 */
export const CL = {
  "passportA1": "3c000000-0000-4000-8000-000000000001",
  "idCardA1": "3c000000-0000-4000-8000-000000000002",
  "passportA2": "3c000000-0000-4000-8000-000000000003",
  "taxB1": "3c000000-0000-4000-8000-000000000004",
  "idCardA2": "3c000000-0000-4000-8000-000000000005"
} as const;

/** The import file (POST /api/v1/booking-admin/imports). Holidays 7-8 January, 9 January recovered on Saturday 24. */
export const TEST_DATA = {
  "organizations": [
    {
      "id": "0a000000-0000-4000-8000-000000000001",
      "idno": "1003600000003",
      "code": "TA",
      "name": {
        "ro": "Agenția de Test",
        "en": "Test Agency",
        "ru": "Тестовое агентство"
      }
    },
    {
      "id": "0b000000-0000-4000-8000-000000000001",
      "idno": "1002600000099",
      "code": "OO",
      "name": {
        "ro": "Oficiul Celălalt",
        "en": "Other Office",
        "ru": "Другой офис"
      }
    }
  ],
  "locations": [
    {
      "id": "1a000000-0000-4000-8000-000000000001",
      "organizationId": "0a000000-0000-4000-8000-000000000001",
      "name": {
        "ro": "Sediul A1",
        "en": "Office A1",
        "ru": "Офис A1"
      },
      "about": {},
      "capacity": 3,
      "country": "Republica Moldova",
      "region": "mun. Chișinău",
      "locality": "Chișinău",
      "locationAddress": "str. Test 1",
      "coordinatesUrl": "https://maps.example/a1",
      "relatedIdno": "1003600000777"
    },
    {
      "id": "1a000000-0000-4000-8000-000000000002",
      "organizationId": "0a000000-0000-4000-8000-000000000001",
      "name": {
        "ro": "Sediul A2",
        "en": "Office A2",
        "ru": "Офис A2"
      },
      "about": {},
      "capacity": 100,
      "country": "Republica Moldova",
      "region": "mun. Bălți",
      "locality": "Bălți",
      "locationAddress": "str. Test 2",
      "coordinatesUrl": "https://maps.example/a2"
    },
    {
      "id": "1b000000-0000-4000-8000-000000000001",
      "organizationId": "0b000000-0000-4000-8000-000000000001",
      "name": {
        "ro": "Sediul B1",
        "en": "Office B1",
        "ru": "Офис B1"
      },
      "about": {},
      "capacity": 5,
      "country": "Republica Moldova",
      "region": "raionul Cahul",
      "locality": "Cahul",
      "locationAddress": "str. Test 3",
      "coordinatesUrl": "https://maps.example/b1",
      "relatedIdno": "1002600000099"
    }
  ],
  "calendars": [
    {
      "id": "2a000000-0000-4000-8000-000000000001",
      "organizationId": "0a000000-0000-4000-8000-000000000001",
      "code": "PASSPORT",
      "name": {
        "ro": "Pașaport",
        "en": "Passport",
        "ru": "Паспорт"
      },
      "documents": {
        "ro": "Buletinul",
        "en": "Identity card",
        "ru": "Удостоверение"
      }
    },
    {
      "id": "2a000000-0000-4000-8000-000000000002",
      "organizationId": "0a000000-0000-4000-8000-000000000001",
      "code": "ID_CARD",
      "name": {
        "ro": "Buletin",
        "en": "Identity card",
        "ru": "Удостоверение личности"
      }
    },
    {
      "id": "2b000000-0000-4000-8000-000000000001",
      "organizationId": "0b000000-0000-4000-8000-000000000001",
      "code": "TAX",
      "name": {
        "ro": "Consultații fiscale",
        "en": "Tax advice",
        "ru": "Налоговые консультации"
      }
    }
  ],
  "calendarLocations": [
    {
      "id": "3c000000-0000-4000-8000-000000000001",
      "calendarId": "2a000000-0000-4000-8000-000000000001",
      "locationId": "1a000000-0000-4000-8000-000000000001",
      "slotDuration": 30,
      "activeDays": 30,
      "intervals": [
        {
          "start": "08:00",
          "end": "12:00",
          "appointmentsPerSlotLimit": 2,
          "workDays": [
            1,
            2,
            3,
            4,
            5
          ]
        },
        {
          "start": "13:00",
          "end": "17:00",
          "appointmentsPerSlotLimit": 1,
          "workDays": [
            1,
            2,
            3,
            4
          ]
        }
      ],
      "requestOptions": [
        {
          "id": "4d000000-0000-4000-8000-000000000001",
          "name": {
            "ro": "Regim urgent",
            "en": "Urgent",
            "ru": "Срочно"
          }
        }
      ]
    },
    {
      "id": "3c000000-0000-4000-8000-000000000002",
      "calendarId": "2a000000-0000-4000-8000-000000000002",
      "locationId": "1a000000-0000-4000-8000-000000000001",
      "slotDuration": 30,
      "activeDays": 30,
      "appointmentsLimit": 3,
      "intervals": [
        {
          "start": "08:00",
          "end": "17:00",
          "appointmentsPerSlotLimit": 2,
          "workDays": [
            1,
            2,
            3,
            4,
            5
          ]
        }
      ]
    },
    {
      "id": "3c000000-0000-4000-8000-000000000003",
      "calendarId": "2a000000-0000-4000-8000-000000000001",
      "locationId": "1a000000-0000-4000-8000-000000000002",
      "slotDuration": 20,
      "activeDays": 30,
      "intervals": [
        {
          "start": "08:00",
          "end": "17:00",
          "appointmentsPerSlotLimit": 1,
          "workDays": [
            1,
            2,
            3,
            4,
            5
          ]
        }
      ]
    },
    {
      "id": "3c000000-0000-4000-8000-000000000004",
      "calendarId": "2b000000-0000-4000-8000-000000000001",
      "locationId": "1b000000-0000-4000-8000-000000000001",
      "slotDuration": 30,
      "activeDays": 30,
      "intervals": [
        {
          "start": "09:00",
          "end": "16:00",
          "appointmentsPerSlotLimit": 1,
          "workDays": [
            1,
            2,
            3,
            4,
            5
          ]
        }
      ]
    },
    {
      "id": "3c000000-0000-4000-8000-000000000005",
      "calendarId": "2a000000-0000-4000-8000-000000000002",
      "locationId": "1a000000-0000-4000-8000-000000000002",
      "slotDuration": 30,
      "activeDays": 30,
      "intervals": [
        {
          "start": "08:00",
          "end": "17:00",
          "appointmentsPerSlotLimit": 50,
          "workDays": [
            1,
            2,
            3,
            4,
            5
          ]
        }
      ]
    }
  ],
  "settings": [
    {
      "organizationId": "0a000000-0000-4000-8000-000000000001",
      "hoursUntilConfirmationDeadline": 24,
      "workHours": [
        {
          "start": "08:00",
          "end": "17:00"
        }
      ],
      "holidays": [
        "2026-01-07",
        "2026-01-08"
      ],
      "recoverableDaysOffs": [
        {
          "dayOff": "2026-01-09",
          "recovery": "2026-01-24"
        }
      ]
    },
    {
      "organizationId": "0b000000-0000-4000-8000-000000000001",
      "hoursUntilConfirmationDeadline": 48
    }
  ]
};
