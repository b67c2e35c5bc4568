import { SocketCmd, type AlarmCardData, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import { cardIdentity, mostSevereFirst } from '../live/alarm-card-view';

/** The live link's cards: what waits for the operator, and what was shown (live or caught up) once. */

/** Cards waiting for the operator (one shows, the others are counted); the least severe, oldest drop off beyond this. */
export const MAX_CARDS = 200;
/**
 * Each time the link comes up the gateway is asked for the cards opened since the link went down
 * (or since sign-in), reaching back this much further for clocks that differ and links that died
 * before anyone noticed; what was already shown is skipped by id.
 */
export const CATCH_UP_MARGIN_MS = 30_000;
/** A catch-up that failed is asked again this often while the link stays up. */
export const CATCH_UP_RETRY_MS = 10_000;
/** Ids of cards already shown, remembered so a catch-up or a repeat never shows one twice. */
export const MAX_SEEN_CARDS = 2_000;

/** The part of the live link's context the cards live in. */
export interface CardsContext {
  cards: { key: number; card: AlarmCardData }[];
  nextKey: number;
  seen: string[];
}

/** Cards not shown yet, each once: those with an id already seen (or twice in `cards`) are left out. */
export function unseen(cards: readonly AlarmCardData[], seen: readonly string[]): AlarmCardData[] {
  const known = new Set(seen);
  return cards.filter((card) => {
    const id = cardIdentity(card);
    if (id === undefined) return true;
    if (known.has(id)) return false;
    known.add(id);
    return true;
  });
}

/** The context after `cards` (newest last) arrive. */
export function withCards(context: CardsContext, cards: readonly AlarmCardData[]): Pick<CardsContext, 'cards' | 'nextKey' | 'seen'> {
  let { nextKey } = context;
  const shown = cards.map((card) => ({ key: nextKey++, card })).reverse();
  const ids = cards.map(cardIdentity).filter((id): id is string => id !== undefined);
  return {
    // The most severe stay first and are the last to drop off.
    cards: mostSevereFirst([...shown, ...context.cards]).slice(0, MAX_CARDS),
    nextKey,
    seen: [...context.seen, ...ids].slice(-MAX_SEEN_CARDS),
  };
}

export const cardMessage = (data: AlarmCardData, ts: number): ServerSocketMessage => ({ code: 200, cmd: SocketCmd.alarmCard, msg: '', data, ts });

/**
 * A card already shown, come again with its location in words (the gateway sends it once the
 * online address arrives): the waiting card takes the new address; nothing else changes.
 */
export function withLocation(context: CardsContext, card: AlarmCardData): Pick<CardsContext, 'cards'> {
  const id = cardIdentity(card);
  if (id === undefined || (!card.location && !card.address)) return { cards: context.cards };
  return {
    cards: context.cards.map((c) => (cardIdentity(c.card) === id ? { ...c, card: { ...c.card, address: card.address, location: card.location } } : c)),
  };
}
