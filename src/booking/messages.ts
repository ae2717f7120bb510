import type { IncomingHttpHeaders } from 'node:http';

/**
 * Texts of validation and business-rule messages in the three languages of x-custom-lang. A template's
 * {name} placeholders are filled from the parameters; unknown languages fall back to Romanian.
 */
export type Language = 'ro' | 'en' | 'ru';
type Texts = Record<Language, string>;

export function languageOf(header: unknown): Language {
  const value = (Array.isArray(header) ? header[0] : header)?.toString().trim().toLowerCase().slice(0, 2);
  return value === 'en' || value === 'ru' ? value : 'ro';
}

/** The caller's language: its x-custom-lang header. */
export const languageOfRequest = (request: { headers: IncomingHttpHeaders }): Language => languageOf(request.headers['x-custom-lang']);

const t = (ro: string, en: string, ru: string): Texts => ({ ro, en, ru });

export const MESSAGES = {
  validationTitle: t('Au apărut una sau mai multe erori de validare.', 'One or more validation errors occurred.', 'Произошла одна или несколько ошибок валидации.'),
  validationDetail: t('Verificați câmpurile enumerate în „errors”.', 'See the fields listed in "errors".', 'Проверьте поля, перечисленные в «errors».'),
  badRequestTitle: t('Cerere nevalidă', 'Bad Request', 'Неверный запрос'),
  unauthorizedTitle: t('Neautorizat', 'Unauthorized', 'Не авторизован'),
  forbiddenTitle: t('Acces interzis', 'Forbidden', 'Доступ запрещён'),
  conflictTitle: t('Conflict', 'Conflict', 'Конфликт'),
  notFoundTitle: t('Nu a fost găsit', 'Not Found', 'Не найдено'),
  payloadTooLargeTitle: t('Cerere prea mare', 'Payload Too Large', 'Слишком большой запрос'),
  tooManyRequestsTitle: t('Prea multe cereri', 'Too Many Requests', 'Слишком много запросов'),
  required: t('Câmpul {field} este obligatoriu.', 'The field {field} is required.', 'Поле {field} обязательно.'),
  type: t('Câmpul {field} trebuie să fie de tipul {expected}.', 'The field {field} must be of type {expected}.', 'Поле {field} должно иметь тип {expected}.'),
  lengthBetween: t('Câmpul {field} trebuie să aibă între {min} și {max} caractere.', 'The field {field} must be between {min} and {max} characters long.', 'Поле {field} должно содержать от {min} до {max} символов.'),
  minLength: t('Câmpul {field} trebuie să aibă cel puțin {min} caractere.', 'The field {field} must be at least {min} characters long.', 'Поле {field} должно содержать не менее {min} символов.'),
  maxLength: t('Câmpul {field} trebuie să aibă cel mult {max} caractere.', 'The field {field} must be at most {max} characters long.', 'Поле {field} должно содержать не более {max} символов.'),
  pattern: t('Câmpul {field} are un format nevalid.', 'The field {field} has an invalid format.', 'Поле {field} имеет неверный формат.'),
  nameFormat: t(
    'Câmpul {field} trebuie să conțină litere, fără caractere de control sau invizibile.',
    'The field {field} must contain letters, without control or invisible characters.',
    'Поле {field} должно содержать буквы, без управляющих или невидимых символов.',
  ),
  idnpFormat: t('Câmpul {field} trebuie să conțină un IDNP din exact 13 cifre.', 'The field {field} must be an IDNP of exactly 13 digits.', 'Поле {field} должно содержать IDNP ровно из 13 цифр.'),
  idnoFormat: t('Câmpul {field} trebuie să conțină un IDNO din exact 13 cifre.', 'The field {field} must be an IDNO of exactly 13 digits.', 'Поле {field} должно содержать IDNO ровно из 13 цифр.'),
  passportFormat: t('Numărul pașaportului ({field}) trebuie să conțină între 5 și 20 de litere sau cifre.', 'The passport number ({field}) must consist of 5 to 20 letters or digits.', 'Номер паспорта ({field}) должен состоять из 5–20 букв или цифр.'),
  phoneFormat: t('Numărul de telefon ({field}) nu este valid, de exemplu +37360000000.', 'The phone number ({field}) is not valid, for example +37360000000.', 'Номер телефона ({field}) неверен, пример: +37360000000.'),
  timeFormat: t('Câmpul {field} trebuie să fie o oră în formatul HH:mm.', 'The field {field} must be a time in the format HH:mm.', 'Поле {field} должно содержать время в формате ЧЧ:мм.'),
  email: t('Câmpul {field} nu conține o adresă de e-mail validă.', 'The field {field} is not a valid e-mail address.', 'Поле {field} не содержит корректный адрес электронной почты.'),
  uuid: t('Câmpul {field} trebuie să fie un identificator UUID.', 'The field {field} must be a UUID.', 'Поле {field} должно быть идентификатором UUID.'),
  dateTime: t('Câmpul {field} trebuie să fie o dată și o oră cu decalaj UTC, de exemplu 2026-01-15T09:30:00+02:00.', 'The field {field} must be a date and time with a UTC offset, for example 2026-01-15T09:30:00+02:00.', 'Поле {field} должно содержать дату и время со смещением UTC, например 2026-01-15T09:30:00+02:00.'),
  leapSecond: t('Câmpul {field} indică o secundă intercalată (secunda 60), care nu este acceptată.', 'The field {field} is a leap second (second 60), which is not accepted.', 'Поле {field} указывает на високосную секунду (секунда 60), которая не принимается.'),
  beforeFirstYear: t('Câmpul {field} trebuie să fie o dată din anul 1900 încoace.', 'The field {field} must be a date in 1900 or later.', 'Поле {field} должно содержать дату не ранее 1900 года.'),
  date: t('Câmpul {field} trebuie să fie o dată în formatul AAAA-LL-ZZ.', 'The field {field} must be a date in the format YYYY-MM-DD.', 'Поле {field} должно содержать дату в формате ГГГГ-ММ-ДД.'),
  range: t('Câmpul {field} trebuie să fie între {min} și {max}.', 'The field {field} must be between {min} and {max}.', 'Поле {field} должно быть от {min} до {max}.'),
  minimum: t('Câmpul {field} trebuie să fie cel puțin {min}.', 'The field {field} must be at least {min}.', 'Поле {field} должно быть не меньше {min}.'),
  maximum: t('Câmpul {field} trebuie să fie cel mult {max}.', 'The field {field} must be at most {max}.', 'Поле {field} должно быть не больше {max}.'),
  enum: t('Câmpul {field} trebuie să aibă una dintre valorile: {values}.', 'The field {field} must be one of: {values}.', 'Поле {field} должно иметь одно из значений: {values}.'),
  minItems: t('Câmpul {field} trebuie să conțină cel puțin {min} elemente.', 'The field {field} must contain at least {min} items.', 'Поле {field} должно содержать не менее {min} элементов.'),
  maxItems: t('Câmpul {field} poate conține cel mult {max} elemente.', 'The field {field} may contain at most {max} items.', 'Поле {field} может содержать не более {max} элементов.'),
  unknownField: t('Câmpul {field} nu este cunoscut.', 'The field {field} is not known.', 'Поле {field} неизвестно.'),
  invalidJson: t('Corpul cererii nu este un JSON valid.', 'The request body is not valid JSON.', 'Тело запроса не является корректным JSON.'),
  inexactNumber: t(
    'Numărul {value} nu poate fi păstrat exact (numerele JSON sunt citite în virgulă mobilă pe 64 de biți, circa 15 cifre semnificative); transmiteți-l ca text.',
    'The number {value} cannot be kept exactly (JSON numbers are read as 64-bit floating point, about 15 significant digits); send it as a string.',
    'Число {value} не может быть сохранено точно (числа JSON читаются как 64-битные числа с плавающей запятой, около 15 значащих цифр); передайте его строкой.',
  ),
  contentEncodingUnsupported: t(
    'Content-Encoding nu este acceptat: trimiteți corpul cererii necomprimat.',
    'Content-Encoding is not supported: send the request body uncompressed.',
    'Content-Encoding не поддерживается: отправьте тело запроса без сжатия.',
  ),
  bodyTooLarge: t('Corpul cererii depășește limita de {max} octeți.', 'The request body is larger than the limit of {max} bytes.', 'Тело запроса превышает ограничение в {max} байт.'),
  nestedTooDeep: t(
    'Corpul cererii are tablouri sau obiecte imbricate pe mai mult de {max} niveluri.',
    'The request body nests arrays or objects more than {max} levels deep.',
    'Тело запроса содержит массивы или объекты с вложенностью более {max} уровней.',
  ),
  endBeforeStart: t('Câmpul {field} nu poate fi înainte de Start.', 'The field {field} must not be before Start.', 'Поле {field} не должно быть раньше Start.'),
  repeatedParameter: t('Parametrul {field} este transmis de mai multe ori.', 'The parameter {field} is sent more than once.', 'Параметр {field} передан несколько раз.'),
  idnpRequired: t('IDNP-ul este obligatoriu când isForeignCitizen este false.', 'The IDNP is required when isForeignCitizen is false.', 'IDNP обязателен, если isForeignCitizen равно false.'),
  passportRequired: t('Numărul pașaportului este obligatoriu când isForeignCitizen este true.', 'The passport number is required when isForeignCitizen is true.', 'Номер паспорта обязателен, если isForeignCitizen равно true.'),
  emailRequired: t('Adresa de e-mail este obligatorie când notifyUser este true.', 'The e-mail address is required when notifyUser is true.', 'Адрес электронной почты обязателен, если notifyUser равно true.'),
  calendarLocationNotFound: t('Serviciul la locație {id} nu există.', 'There is no service at a location with id {id}.', 'Услуга в отделении с идентификатором {id} не существует.'),
  calendarLocationInactive: t('Serviciul {id} nu este disponibil pentru programări.', 'The service {id} is not open for appointments.', 'Услуга {id} недоступна для записи.'),
  optionNotFound: t('Opțiunea {id} nu există pentru acest serviciu.', 'The option {id} does not exist for this service.', 'Вариант {id} не существует для этой услуги.'),
  duplicateService: t('Aceeași persoană a cerut de două ori același serviciu la aceeași oră.', 'The same person asked twice for the same service at the same time.', 'Один и тот же человек дважды запросил ту же услугу на то же время.'),
  slotInPast: t('Ora solicitată a trecut deja.', 'The requested time has already passed.', 'Запрошенное время уже прошло.'),
  slotOutsideWindow: t('Data solicitată nu se află în perioada în care se pot face programări.', 'The requested date is outside the period open for appointments.', 'Запрошенная дата вне периода, открытого для записи.'),
  slotOnHoliday: t('Data solicitată este o zi de sărbătoare nelucrătoare.', 'The requested date is a public holiday.', 'Запрошенная дата — нерабочий праздничный день.'),
  slotOnDayOff: t('Data solicitată este o zi de odihnă transferată.', 'The requested date is a transferred day off.', 'Запрошенная дата — перенесённый выходной день.'),
  slotNotWorkDay: t('Data solicitată nu este o zi lucrătoare pentru acest serviciu.', 'The requested date is not a working day for this service.', 'Запрошенная дата не является рабочим днём для этой услуги.'),
  slotNotOnGrid: t('Ora solicitată nu este începutul unui interval de programare.', 'The requested time is not the start of a bookable slot.', 'Запрошенное время не является началом интервала записи.'),
  alreadyBooked: t(
    'Această persoană are deja o programare la acest serviciu la aceeași oră.',
    'This person already has an appointment for this service at this time.',
    'У этого человека уже есть запись на эту услугу на это время.',
  ),
  slotFull: t('Intervalul solicitat este deja ocupat.', 'The requested slot is already fully booked.', 'Запрошенный интервал уже полностью занят.'),
  dayFull: t('Nu mai sunt locuri pentru acest serviciu în ziua solicitată.', 'There are no more places for this service on the requested day.', 'На запрошенный день мест для этой услуги больше нет.'),
  locationFull: t('Locația nu mai are capacitate disponibilă la ora solicitată.', 'The location has no capacity left at the requested time.', 'В отделении нет свободных мест на запрошенное время.'),
  appointmentNotFound: t('Programarea {id} nu există.', 'The appointment {id} does not exist.', 'Запись {id} не существует.'),
  appointmentNotYours: t('Programarea aparține altei organizații.', 'The appointment belongs to another organization.', 'Запись принадлежит другой организации.'),
  serviceNotYours: t('Clientul nu poate face programări la serviciile altei organizații.', 'The client may not book services of another organization.', 'Клиент не может записывать на услуги другой организации.'),
  appointmentCanceled: t('Programarea este anulată și nu mai poate fi confirmată.', 'The appointment is canceled and can no longer be confirmed.', 'Запись отменена и больше не может быть подтверждена.'),
  appointmentAlreadyScheduled: t('Programarea este deja confirmată.', 'The appointment is already confirmed.', 'Запись уже подтверждена.'),
  appointmentAlreadyCanceled: t('Programarea este deja anulată.', 'The appointment is already canceled.', 'Запись уже отменена.'),
  confirmationDeadlinePassed: t('Termenul de confirmare a programării a expirat.', 'The confirmation deadline of the appointment has passed.', 'Срок подтверждения записи истёк.'),
  appointmentStarted: t('Programarea a început deja și nu mai poate fi anulată.', 'The appointment has already started and can no longer be canceled.', 'Запись уже началась и больше не может быть отменена.'),
  idempotencyKeyInvalid: t('Antetul Idempotency-Key trebuie să aibă între 1 și 200 de caractere vizibile.', 'The Idempotency-Key header must have 1 to 200 visible characters.', 'Заголовок Idempotency-Key должен содержать от 1 до 200 видимых символов.'),
  idempotencyKeyReused: t('Cheia Idempotency-Key a fost folosită deja pentru o cerere diferită.', 'The Idempotency-Key was already used for a different request.', 'Ключ Idempotency-Key уже использован для другого запроса.'),
  idempotencyKeyInProgress: t('O cerere cu aceeași cheie Idempotency-Key este în curs de procesare.', 'A request with the same Idempotency-Key is being processed.', 'Запрос с тем же ключом Idempotency-Key ещё обрабатывается.'),
  requestTimedOut: t(
    'Cererea nu a putut fi finalizată la timp și nu s-a făcut nicio programare; trimiteți-o din nou.',
    'The request could not be completed in time and nothing was booked; send it again.',
    'Запрос не удалось завершить вовремя, и запись не создана; отправьте его снова.',
  ),
  requestAbandoned: t(
    'Cererea cu această cheie Idempotency-Key nu a putut fi finalizată și nu s-a făcut nicio programare; trimiteți-o din nou cu o cheie nouă.',
    'The request with this Idempotency-Key could not be completed and nothing was booked; send it again with a new key.',
    'Запрос с этим ключом Idempotency-Key не удалось завершить, и запись не создана; отправьте его снова с новым ключом.',
  ),
  tooManyRequests: t(
    'Clientul a trimis mai multe cereri decât i se permite; reîncercați după intervalul din antetul Retry-After.',
    'The client sent more requests than it is allowed; try again after the interval in the Retry-After header.',
    'Клиент отправил больше запросов, чем ему разрешено; повторите после интервала из заголовка Retry-After.',
  ),
  clientNotIdentified: t(
    'Clientul nu a putut fi identificat: este necesar un certificat de client înregistrat.',
    'The client could not be identified: a registered client certificate is required.',
    'Клиент не может быть идентифицирован: требуется зарегистрированный клиентский сертификат.',
  ),
  missingRight: t('Clientul {client} nu are dreptul {right} în serviciul de programări.', 'The client {client} does not have the right {right} in the booking service.', 'У клиента {client} нет права {right} в сервисе записи.'),
  noSuchEndpoint: t('API-ul de programări nu are {method} {path}.', 'The booking API has no {method} {path}.', 'В API записи нет {method} {path}.'),
  referenceNotFound: t('Resursa {kind} {id} nu există.', 'The {kind} {id} does not exist.', 'Ресурс {kind} {id} не существует.'),
  referenceAlreadyExists: t('Resursa {kind} {id} există deja.', 'The {kind} {id} already exists.', 'Ресурс {kind} {id} уже существует.'),
  organizationMismatch: t('Calendarul și locația aparțin unor organizații diferite.', 'The calendar and the location belong to different organizations.', 'Календарь и отделение принадлежат разным организациям.'),
  organizationInUse: t(
    'Organizația nu poate fi schimbată: serviciul la locație {id} ar asocia un calendar și o locație ale unor organizații diferite.',
    'The organization cannot change: the service at a location {id} would pair a calendar and a location of different organizations.',
    'Организацию нельзя изменить: услуга в отделении {id} связала бы календарь и отделение разных организаций.',
  ),
  changeWithBookings: t(
    'Câmpul {field} nu poate fi schimbat cât timp există programări viitoare: cele noi nu ar mai fi numărate împreună cu ele.',
    'The field {field} cannot change while appointments are booked ahead: new ones would no longer be counted together with them.',
    'Поле {field} нельзя изменить, пока есть предстоящие записи: новые записи больше не учитывались бы вместе с ними.',
  ),
  settingsIdentity: t('organizationId și calendarId ale setărilor nu pot fi schimbate.', 'The organizationId and calendarId of settings cannot change.', 'organizationId и calendarId настроек нельзя изменить.'),
  intervalOrder: t('Începutul intervalului trebuie să fie înaintea sfârșitului.', 'The start of the interval must be before its end.', 'Начало интервала должно быть раньше конца.'),
  dateOrder: t('startDate trebuie să fie cel târziu endDate.', 'startDate must not be after endDate.', 'startDate не может быть позже endDate.'),
  timeZone: t('Fusul orar {value} nu este cunoscut.', 'The time zone {value} is not known.', 'Часовой пояс {value} неизвестен.'),
  invalidCursor: t('Cursorul nu este valid.', 'The cursor is not valid.', 'Курсор недействителен.'),
} satisfies Record<string, Texts>;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

export function message(language: Language, key: MessageKey, params: MessageParams = {}): string {
  return MESSAGES[key][language].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
