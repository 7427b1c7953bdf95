/** Calendar arithmetic without the Date constructor, whose local days can be missing (Pacific/Kiritimati, 1994-12-31). */
export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export const daysInMonth = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** Whether year-month-day (month 1–12) is a real date of the Gregorian calendar. */
export const isRealDate = (year: number, month: number, day: number) =>
  Number.isInteger(year) && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
