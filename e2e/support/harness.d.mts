export declare const REPO_ROOT: string;
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: string[];
/** The admin the app is started with (the first name "Karta", the last "Admin"). */
export declare const E2E_ADMIN: { email: string; password: string };

export declare function ensureChromium(): void;

export interface RunningApp {
  /** http://127.0.0.1:<port>, no trailing slash. */
  baseUrl: string;
  dataDir: string;
  logFile: string;
  /** The app's embedded PostgreSQL, for reading what it stored (the outbox) at teardown. */
  databaseUrl: string;
  /** SIGTERM, wait for the exit (the embedded PostgreSQL stops with it), remove the data. */
  stop(): Promise<void>;
}

/** `extraEnv` adds to or overrides the app's settings (STAFF_TWO_FACTOR, say). */
export declare function startApp(extraEnv?: Record<string, string>): Promise<RunningApp>;

/** `npm run create-admin` against the running app's database: an admin made on the server. */
export declare function createAdminOnServer(
  app: Pick<RunningApp, 'databaseUrl' | 'dataDir'>,
  admin: { email: string; password: string },
): void;
