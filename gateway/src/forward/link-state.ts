/** States of a platform link (dictionary forward_link_state), stored on the platform row for the list. */
export const LinkState = {
  /** Not forwarding (switched off, or no gateway holds the platform). */
  idle: 0,
  connecting: 1,
  loggedIn: 2,
  /** The superior platform answered the login with an error (credentials, not registered). */
  refused: 3,
  /** Logged in and sending the backlog of an outage as reissue. */
  draining: 4,
  /** No TCP connection, or the link broke. */
  unreachable: 5,
} as const;
export type LinkState = (typeof LinkState)[keyof typeof LinkState];
