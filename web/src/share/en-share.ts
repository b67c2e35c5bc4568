import type { zhShare } from './zh-share';

/** English texts of a vehicle's position share links and of the page a link opens. */
export const enShare: Record<keyof typeof zhShare, string> = {
  vehicleShare: 'Share position',
  vehicleShareTitle: 'Share position · {name}',
  vehicleShareHint: 'Makes a read-only link: whoever opens it sees this vehicle\'s live position without signing in, until it expires or is revoked.',
  vehicleShareHours: 'Valid for',
  vehicleShareFor: '{n} hours',
  vehicleShareCreate: 'Create link',
  vehicleShareUrl: 'Share link',
  vehicleShareCopy: 'Copy',
  vehicleShareCopied: 'Link copied',
  vehicleShareNone: 'No share links of this vehicle yet',
  vehicleShareUntil: 'Valid until {time}',
  vehicleShareRevoke: 'Revoke',
  vehicleShareRevoked: 'Revoked',
  vehicleShareExpired: 'Expired',
  vehicleShareRevokeDone: 'Link revoked',
  sharedVehicleTitle: 'Vehicle live position',
  sharedVehicleLoading: 'Reading the vehicle\'s position…',
  sharedVehicleNoFix: 'No position yet',
  sharedVehicleState: 'State',
  sharedVehicleSpeed: 'Speed',
  sharedVehicleTime: 'Position time',
  sharedVehicleExpires: 'Link valid until {time}',
  sharedVehicleMap: 'Position of {name}',
};
