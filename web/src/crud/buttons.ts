/** Which controls a screen shows: the user's button codes `<menuCode>_<action>` (spec §6). */
export interface ButtonSet {
  add: boolean;
  edit: boolean;
  delete: boolean;
  view: boolean;
  /** An entity's own action: `has('grant')` checks `<menuCode>_grant`. */
  has(action: string): boolean;
}

export function buttonSet(permission: Record<string, true | undefined>, menuCode: string | undefined): ButtonSet {
  const has = (action: string) => Boolean(menuCode && permission[`${menuCode}_${action}`]);
  return { add: has('add'), edit: has('edit'), delete: has('delete'), view: has('view'), has };
}

/** Every button shown (tests, stories). */
export const ALL_BUTTONS: ButtonSet = { add: true, edit: true, delete: true, view: true, has: () => true };
