/** Link states of the forward_link_state dictionary (the gateway writes them on the platform row). */
export const LINK_STATE = { idle: 0, connecting: 1, loggedIn: 2, refused: 3, draining: 4, unreachable: 5 } as const;

type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary';

/** The colour of a link state: logged in green, draining amber, refused and unreachable red. */
export function linkSeverity(state: number): Severity {
  switch (state) {
    case LINK_STATE.loggedIn: return 'success';
    case LINK_STATE.connecting: return 'info';
    case LINK_STATE.draining: return 'warning';
    case LINK_STATE.refused: case LINK_STATE.unreachable: return 'danger';
    default: return 'secondary';
  }
}

/** The message key of a link state's name (zh and en). */
export const linkStateKey = (state: number) => (`fwdState${state >= 0 && state <= 5 ? state : 0}`) as `fwdState${0 | 1 | 2 | 3 | 4 | 5}`;
