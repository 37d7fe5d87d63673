/** The zone names the service accepts live in src-shared, where the renderer reads them too. */
export { isIanaTimeZone, isKnownTimeZone, railsTimeZones } from '../../src-shared/timeZones'
