// The secrets some addresses carry: a calendar feed's path is its credential (decision 013), and the links
// of mails (verify email, reset password, invitation, unsubscribe) carry theirs as `token=`. Each secret
// ends where an address does, in a request's URL, a mail's text or HTML, or a header.
const FEED_SECRET = /(\/calendar-feed\/)(?!reset(?:[/?#\s"'<>]|$))[^/?#\s"'<>]+/g;
const TOKEN_PARAMETER = /([?&](?:amp;)?token=)[^&#\s"'<>]*/g;
// A gift's code gives its credits to whoever types it: in its mail's text and in its link (/gift/{code}).
const GIFT_CODE = /(GIFT-)[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/g;

/** `text` with the secret of every such address (and every gift code) in it replaced by `mask`. */
export function hideUrlSecrets(text: string, mask: string): string {
  return text
    .replace(FEED_SECRET, `$1${mask}`)
    .replace(TOKEN_PARAMETER, `$1${mask}`)
    .replace(GIFT_CODE, `$1${mask}`);
}

/** A request's URL as the log keeps it: a log line must not be a way into an account. */
export function loggedUrl(url: string): string {
  return hideUrlSecrets(url, '[secret]');
}
