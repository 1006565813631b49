import { formatKoboForPeople, parseNairaToKobo } from '@karta/shared/money';

/** A naira amount from the API as people read it ("₦1,050.00"), through kobo, never floats. */
export function formatDeskNaira(naira: number): string {
  const kobo = parseNairaToKobo(Math.abs(naira));
  return formatKoboForPeople(naira < 0 ? -kobo : kobo);
}
