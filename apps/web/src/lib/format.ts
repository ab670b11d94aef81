const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const monthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** Money in dollars as the API carries it, shown as en-US USD ("$1,234.50"). */
export function formatMoney(amount: number): string {
  return usd.format(amount);
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date as 'MMM d, yyyy' ("Mar 7, 2026"), in the viewer's time zone. */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return '';
  return `${monthNames[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** 'MMM d, yyyy, h:mm a' for timestamps where the time matters (mail, timelines). */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return '';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${formatDate(date)}, ${hour12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Initials for an avatar: first letters of first and last name. */
export function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}
