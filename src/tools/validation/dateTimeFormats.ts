// The `date-time` and `duration` formats as RFC 3339 writes them (section 5.6 and appendix
// A): ajv-formats accepts an offset without minutes, hour 24 when the second is a leap
// second, and durations such as `P1Y2D` whose parts skip a unit.

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/**
 * The `date-time` format: an RFC 3339 date-time, a leap second only at 23:59:60 UTC.
 * @example isDateTime('1998-12-31T15:59:60.123-08:00') // true
 */
export function isDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (match === null) return false;
  // Fields in order; a `Z` offset leaves the offset groups unmatched, which count as 0.
  const [year, month, day, hour, minute, second, , offsetHour, offsetMinute] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const sign = match[7] === '-' ? -1 : 1;
  const monthDays = month === 2 && isLeapYear(year!) ? 29 : DAYS_IN_MONTH[month! - 1];
  if (monthDays === undefined || day! < 1 || day! > monthDays) return false;
  if (hour! > 23 || minute! > 59 || second! > 60 || offsetHour! > 23 || offsetMinute! > 59) return false;
  if (second !== 60) return true;
  // The leap second is the last second of a UTC day.
  const utcMinutes = (((hour! * 60 + minute! - sign * (offsetHour! * 60 + offsetMinute!)) % 1440) + 1440) % 1440;
  return utcMinutes === 23 * 60 + 59;
}

const DUR_TIME = 'T(?:\\d+H(?:\\d+M(?:\\d+S)?)?|\\d+M(?:\\d+S)?|\\d+S)';
const DUR_DATE = `(?:\\d+D|\\d+M(?:\\d+D)?|\\d+Y(?:\\d+M(?:\\d+D)?)?)(?:${DUR_TIME})?`;
const DURATION = new RegExp(`^P(?:${DUR_DATE}|${DUR_TIME}|\\d+W)$`);

/**
 * The `duration` format: an RFC 3339 (appendix A) duration.
 * @example [isDuration('P1Y2M3DT4H5M6S'), isDuration('P1Y2D')] // [true, false]
 */
export function isDuration(value: string): boolean {
  return DURATION.test(value);
}
