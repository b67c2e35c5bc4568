import { EMPTY_FILTER, type RecordFilter } from './record-api';
import { formatSlot, parseTimeSlot } from './time-slot';

/**
 * The filter a URL asks for: `vin` with `alarmType` (or `faultCode`, `type`) as 'view now'
 * sends it, or `vin` with `timeSlot=<startMs>,<endMs>` (spec part 2 §2).
 */
export function filterFromSearch(search: URLSearchParams, typeParam?: string): RecordFilter {
  const handled = search.get('isHandle');
  return {
    ...EMPTY_FILTER,
    vin: search.get('vin') ?? '',
    type: typeParam ? (search.get(typeParam) ?? '') : '',
    slot: parseTimeSlot(search.get('timeSlot')),
    handled: handled === '0' || handled === '1' ? handled : '',
  };
}

/** The reverse, so a filtered list can be bookmarked or sent as a link. */
export function searchFromFilter(filter: RecordFilter, typeParam?: string): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.vin) search.set('vin', filter.vin);
  if (typeParam && filter.type) search.set(typeParam, filter.type);
  if (filter.slot) search.set('timeSlot', formatSlot(filter.slot));
  if (filter.handled) search.set('isHandle', filter.handled);
  return search;
}
