// Starts the browser's date formatting, as the home page's banner card uses it, while the page's code is
// still downloading: its first use costs 30-60 ms, which would otherwise be a long task after the first
// paint.
new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(0);
