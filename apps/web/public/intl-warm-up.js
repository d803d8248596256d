// Starts the browser's date and number formatting while the app's code is still downloading.
new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(0);
new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(0);
