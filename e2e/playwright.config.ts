import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// A fresh embedded database per run, seeded with the demo data the tests log in with.
const dataDir = mkdtempSync(join(tmpdir(), 'tokenly-e2e-'));
// The server's mail goes to a mailbox of the run's own (apps/server/src/test/mail-sink-cli.ts): the
// Outbox masks the links that open an account, so the tests read them where a recipient would. Its
// directory is set in the environment, which the workers inherit, so they read where the mailbox writes.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1);
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'tokenly-e2e-mail-'));

// What every other test sees: the school's settings, and classes starting within the hour (the late
// cancel's, the class screen's), which would be the first classes of the calendar that other specs pick.
const SCHOOL_WIDE = /(school-settings|late-cancel|class-screen)\.spec\.ts$/;
// Turns on the school's level rule, which every other spec runs without.
const LEVEL_RULE = /placement\.spec\.ts$/;

// Debian's chromium-headless-shell when installed (.ci/run installs it): the headless-only build that
// Playwright itself prefers, lighter than the full browser on a two-core machine. Else the full browser.
const CHROMIUM =
  process.env.E2E_CHROMIUM ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

export default defineConfig({
  testDir: './tests',
  // Room for a slow machine: on CI machines where this suite took 21.5 and 28.5 minutes, 30 s and then
  // 60 s a test failed tests that were only slow (a learner's settings: five password hashes).
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI
    ? [['list'], ['./slowest-tests-reporter.ts']]
    : [['list'], ['./slowest-tests-reporter.ts'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // As a visitor who asks for less motion: dialogs and menus open and close at once, with nothing for
    // a test to wait out (the app honours the setting, app/theme.ts).
    reducedMotion: 'reduce',
    // A failed test's trace keeps the page's DOM at each step, for a run on a developer's machine; its
    // screencast would double the browser's CPU time in every test that passes (a failure's screenshot
    // is kept below). CI keeps only what it prints, so there the trace is not recorded at all: recording
    // it for every test cost about a seventh of the suite's CPU time.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      // The system Chromium (Debian packages); Playwright never downloads a browser here.
      executablePath: CHROMIUM,
      args: [
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
        // Pages live for seconds: V8's optimizing tiers (Maglev, Turbofan) spend more CPU compiling than
        // they return. Ignition and Sparkplug alone cut the suite's CPU time by about an eighth here.
        '--js-flags=--max-opt=1',
      ],
    },
  },
  projects: [
    // The school as the suite wants it: bookings whatever the learner's level (tests/school.setup.ts).
    { name: 'school-setup', testMatch: /school\.setup\.ts$/ },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: [SCHOOL_WIDE, LEVEL_RULE],
      dependencies: ['school-setup'],
    },
    // These run after all others.
    {
      name: 'school-wide',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: SCHOOL_WIDE,
      dependencies: ['desktop'],
    },
    // The level rule turned on: last and alone, as no other spec's learner then books outside its level.
    {
      name: 'level-rule',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: LEVEL_RULE,
      dependencies: ['school-wide'],
    },
  ],
  webServer: [
    {
      command: 'node --import tsx src/test/mail-sink-cli.ts',
      cwd: '../apps/server',
      port: smtpPort,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_DIR: process.env.E2E_MAIL_DIR },
    },
    {
      // As a new user starts it: the build checks what is stale, then plain node runs the compiled server.
      command: 'npm start --silent',
      cwd: '..',
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        DEMO_DATA: '1',
        LOG_LEVEL: 'warn',
        // The suite signs in, signs up and asks for links from one address far more often than people would.
        LOGIN_RATE_LIMIT: '1000',
        REGISTER_RATE_LIMIT: '1000',
        FORGOT_PASSWORD_RATE_LIMIT: '1000',
        CONTACT_RATE_LIMIT: '1000',
        MAIL_RECIPIENT_RATE_LIMIT: '1000',
        // The demo timetable's first class can start less than a day away (tomorrow 9:00, seen from this
        // evening), where the default 24-hour window would already forbid the cancellations the tests do.
        CANCEL_WINDOW_HOURS: '1',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      },
    },
  ],
});
