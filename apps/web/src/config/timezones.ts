/** The curated time-zone picker (spec §2): standard offset in minutes, IANA zone, place names. */
const zones: [offset: number, value: string, places: string][] = [
  [-720, 'Etc/GMT+12', 'International Date Line West'],
  [-660, 'Pacific/Midway', 'Midway Island, Samoa'],
  [-600, 'Pacific/Honolulu', 'Hawaii'],
  [-540, 'America/Anchorage', 'Alaska'],
  [-480, 'America/Los_Angeles', 'Pacific Time (US & Canada)'],
  [-480, 'America/Tijuana', 'Tijuana, Baja California'],
  [-420, 'America/Phoenix', 'Arizona'],
  [-420, 'America/Denver', 'Mountain Time (US & Canada)'],
  [-420, 'America/Mazatlan', 'Chihuahua, La Paz, Mazatlan'],
  [-360, 'America/Chicago', 'Central Time (US & Canada)'],
  [-360, 'America/Mexico_City', 'Guadalajara, Mexico City, Monterrey'],
  [-360, 'America/Regina', 'Saskatchewan'],
  [-360, 'America/Guatemala', 'Central America'],
  [-300, 'America/New_York', 'Eastern Time (US & Canada)'],
  [-300, 'America/Indiana/Indianapolis', 'Indiana (East)'],
  [-300, 'America/Bogota', 'Bogota, Lima, Quito'],
  [-240, 'America/Halifax', 'Atlantic Time (Canada)'],
  [-240, 'America/Caracas', 'Caracas'],
  [-240, 'America/La_Paz', 'La Paz'],
  [-240, 'America/Manaus', 'Manaus'],
  [-240, 'America/Santiago', 'Santiago'],
  [-210, 'America/St_Johns', 'Newfoundland'],
  [-180, 'America/Sao_Paulo', 'Brasilia'],
  [-180, 'America/Argentina/Buenos_Aires', 'Buenos Aires, Georgetown'],
  [-180, 'America/Montevideo', 'Montevideo'],
  [-120, 'America/Noronha', 'Mid-Atlantic'],
  [-60, 'Atlantic/Azores', 'Azores'],
  [-60, 'Atlantic/Cape_Verde', 'Cape Verde Is.'],
  [0, 'UTC', 'Coordinated Universal Time'],
  [0, 'Europe/London', 'Dublin, Edinburgh, Lisbon, London'],
  [0, 'Atlantic/Reykjavik', 'Monrovia, Reykjavik'],
  [60, 'Europe/Amsterdam', 'Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna'],
  [60, 'Europe/Belgrade', 'Belgrade, Bratislava, Budapest, Ljubljana, Prague'],
  [60, 'Europe/Brussels', 'Brussels, Copenhagen, Madrid, Paris'],
  [60, 'Europe/Warsaw', 'Sarajevo, Skopje, Warsaw, Zagreb'],
  [60, 'Africa/Lagos', 'West Central Africa'],
  [60, 'Africa/Casablanca', 'Casablanca'],
  [120, 'Europe/Athens', 'Athens, Bucharest'],
  [120, 'Asia/Beirut', 'Beirut'],
  [120, 'Africa/Cairo', 'Cairo'],
  [120, 'Africa/Johannesburg', 'Harare, Pretoria'],
  [120, 'Europe/Helsinki', 'Helsinki, Kyiv, Riga, Sofia, Tallinn, Vilnius'],
  [120, 'Asia/Jerusalem', 'Jerusalem'],
  [120, 'Africa/Windhoek', 'Windhoek'],
  [180, 'Europe/Istanbul', 'Istanbul'],
  [180, 'Europe/Minsk', 'Minsk'],
  [180, 'Europe/Moscow', 'Moscow, St. Petersburg, Volgograd'],
  [180, 'Asia/Kuwait', 'Kuwait, Riyadh'],
  [180, 'Asia/Baghdad', 'Baghdad'],
  [180, 'Africa/Nairobi', 'Nairobi'],
  [210, 'Asia/Tehran', 'Tehran'],
  [240, 'Asia/Dubai', 'Abu Dhabi, Muscat'],
  [240, 'Asia/Baku', 'Baku'],
  [240, 'Asia/Tbilisi', 'Tbilisi'],
  [240, 'Asia/Yerevan', 'Yerevan'],
  [270, 'Asia/Kabul', 'Kabul'],
  [300, 'Asia/Yekaterinburg', 'Yekaterinburg'],
  [300, 'Asia/Karachi', 'Islamabad, Karachi, Tashkent'],
  [330, 'Asia/Kolkata', 'Chennai, Kolkata, Mumbai, New Delhi'],
  [330, 'Asia/Colombo', 'Sri Jayawardenepura'],
  [345, 'Asia/Kathmandu', 'Kathmandu'],
  [300, 'Asia/Almaty', 'Almaty, Astana'],
  [360, 'Asia/Omsk', 'Omsk'],
  [360, 'Asia/Dhaka', 'Dhaka'],
  [390, 'Asia/Yangon', 'Yangon (Rangoon)'],
  [420, 'Asia/Bangkok', 'Bangkok, Hanoi, Jakarta'],
  [420, 'Asia/Krasnoyarsk', 'Krasnoyarsk'],
  [480, 'Asia/Shanghai', 'Beijing, Chongqing, Hong Kong, Urumqi'],
  [480, 'Asia/Singapore', 'Kuala Lumpur, Singapore'],
  [480, 'Asia/Irkutsk', 'Irkutsk, Ulaanbaatar'],
  [480, 'Australia/Perth', 'Perth'],
  [480, 'Asia/Taipei', 'Taipei'],
  [540, 'Asia/Tokyo', 'Osaka, Sapporo, Tokyo'],
  [540, 'Asia/Seoul', 'Seoul'],
  [540, 'Asia/Yakutsk', 'Yakutsk'],
  [570, 'Australia/Adelaide', 'Adelaide'],
  [570, 'Australia/Darwin', 'Darwin'],
  [600, 'Australia/Brisbane', 'Brisbane'],
  [600, 'Australia/Sydney', 'Canberra, Melbourne, Sydney'],
  [600, 'Australia/Hobart', 'Hobart'],
  [600, 'Pacific/Guam', 'Guam, Port Moresby'],
  [600, 'Asia/Vladivostok', 'Vladivostok'],
  [660, 'Asia/Magadan', 'Magadan, Solomon Is., New Caledonia'],
  [720, 'Pacific/Auckland', 'Auckland, Wellington'],
  [720, 'Pacific/Fiji', 'Fiji, Kamchatka, Marshall Is.'],
  [780, 'Pacific/Tongatapu', "Nuku'alofa"],
  [840, 'Pacific/Kiritimati', 'Kiritimati, Line Islands'],
]

export interface TimeZoneOption {
  value: string
  label: string
  offsetMinutes: number
}

export function formatGmtOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  const hours = String(Math.floor(abs / 60)).padStart(2, '0')
  const mins = String(abs % 60).padStart(2, '0')
  return `GMT${sign}${hours}:${mins}`
}

/** Sorted by offset, from -12 to +14. */
export const timeZoneOptions: readonly TimeZoneOption[] = zones
  .map(([offsetMinutes, value, places]) => ({
    value,
    offsetMinutes,
    label: `(${formatGmtOffset(offsetMinutes)}) ${places}`,
  }))
  .sort((a, b) => a.offsetMinutes - b.offsetMinutes)
