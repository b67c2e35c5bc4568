import type { Logger } from 'pino';
import { subjects, type AlarmCardMessage } from '@wdiov/contracts';
import type { MessageBus } from '../bus/bus.ts';
import type { CardOutlet } from '../live/card-dispatcher.ts';
import { CARD_RESOURCES, inScope, type VinScopes } from '../live/vehicle-scope.ts';
import { principalOf, type MintedKeys } from './minted-keys.ts';

/**
 * Alarm cards for browsers on nats.ws: each card once on the subject of every recipient who holds
 * unexpired nats.ws credentials (from any gateway, minted-keys.ts) and whose vehicle scope holds
 * the card's vehicle. The dispatcher hands it only the cards of events this gateway's engine
 * raised, so each card is published once in the cluster however many gateways see the event.
 */
export function natsCardPublisher(bus: MessageBus, keys: MintedKeys, scopes: VinScopes, logger: Pick<Logger, 'error'>): CardOutlet & { readonly published: number } {
  let published = 0;
  return {
    get published() {
      return published;
    },
    async send(tenantId, users, card: AlarmCardMessage) {
      const holders = keys.holders(tenantId);
      const ids = users === 'everyone' ? [...holders.keys()] : users.filter((id) => holders.has(id));
      let text: string | undefined;
      for (const id of ids) {
        try {
          const holder = principalOf(holders.get(id)!);
          if (!inScope(await scopes.vinsOf(holder), card.data.vin)) continue;
          const resource = CARD_RESOURCES[card.data.type];
          if (resource && !inScope(await scopes.vinsOf(holder, resource), card.data.vin)) continue;
        } catch (err) {
          logger.error({ err, userId: id }, 'vehicle scope not read: no nats.ws card for this user');
          continue;
        }
        bus.publish(subjects.userMessages(tenantId, id), (text ??= JSON.stringify(card)));
        published++;
      }
    },
  };
}
