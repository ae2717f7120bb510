import { resourceDto, type LocationDefinition, type OrganizationDefinition, type SettingsDefinition } from '../reference/definitions';
import { instantAt, formatWithOffset } from '../../platform/time/zoned-time';

/** OrganizationModel */
export function organizationModel(organization: OrganizationDefinition) {
  const { id, idno, code, homeAlias, name, title, subTitle, description, about, filterByLocation, filterByService, webPage, faqId, type, isActive, contact } = organization;
  const texts = { name: resourceDto(name), title: resourceDto(title), subTitle: resourceDto(subTitle), description: resourceDto(description), about: resourceDto(about) };
  return { id, idno, code, homeAlias, ...texts, filterByLocation, filterByService, webPage, faqId, type, isActive, contact };
}

/** LocationModel (relatedIDNO is the seed's spelling) */
export function locationModel(location: LocationDefinition) {
  return {
    id: location.id,
    name: resourceDto(location.name),
    title: resourceDto(location.title),
    about: resourceDto(location.about),
    webPage: location.webPage,
    phone: location.phone,
    email: location.email,
    relatedIDNO: location.relatedIdno,
    capacity: location.capacity,
    addressId: location.addressId,
    organizationId: location.organizationId,
    country: location.country,
    region: location.region,
    locality: location.locality,
    locationAddress: location.locationAddress,
    coordinatesUrl: location.coordinatesUrl,
    index: location.index,
    isActive: location.isActive,
    imageInfo: location.imageInfo,
    counters: location.counters?.map((counter) => ({ ...counter, name: resourceDto(counter.name) })),
  };
}

/** SettingModel: dates of holidays as date-times (local midnight, with offset) as the seed types them. */
export function settingModel(settings: SettingsDefinition, timeZone: string) {
  const midnight = (date: string) => formatWithOffset(instantAt(date, 0, timeZone), timeZone);
  return {
    organizationId: settings.organizationId,
    calendarId: settings.calendarId,
    workDays: settings.workDays,
    holidays: settings.holidays.map(midnight),
    recoverableDaysOffs: settings.recoverableDaysOffs.map((pair) => ({ dayOff: midnight(pair.dayOff), recovery: midnight(pair.recovery) })),
    workHours: settings.workHours,
    hoursUntilConfirmationDeadline: settings.hoursUntilConfirmationDeadline,
  };
}
