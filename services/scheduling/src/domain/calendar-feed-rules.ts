/*
 * A calendar feed's window and refresh (docs/decisions.md "Calendar feeds"); what each event shows of an
 * appointment is service-kit's `appointmentEvent`, shared with the confirmation e-mail's attachment.
 */

/** The days before and after today a feed covers. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 180;
/** At most this many events per feed (a busy staff member has far fewer in the window). */
export const FEED_MAX_EVENTS = 2000;
/** How often calendar apps are asked to refresh (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_MINUTES = 15;
