/**
 * A request's URL as the log keeps it: without the secrets some addresses carry. A calendar feed's path
 * is its credential (decision 013), and the links of mails (verify email, reset password, unsubscribe)
 * carry theirs as `token=`; a log line must not be a way into an account.
 */
export function loggedUrl(url: string): string {
  return url
    .replace(/(\/calendar-feed\/)(?!reset(?:[/?#]|$))[^/?#]+/, '$1[secret]')
    .replace(/([?&]token=)[^&#]*/g, '$1[secret]');
}
