// Starts the service for the tests: `fight-rules serve` on a free port, one worker, in-process cache, no Redis.
// FIGHT_RULES_TEST_URL points the tests at a service already running instead.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url)); // build/test/ → the repository
const START_TIMEOUT_MS = 60_000;

export interface Service {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error())));
    });
  });
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`)).ok;
  } catch {
    return false;
  }
}

/** Signals the child's whole process group (gunicorn's master and its worker); a group already gone is fine. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already stopped
  }
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => signalGroup(child, "SIGKILL"), 15_000);
      child.once("exit", () => {
        clearTimeout(kill);
        resolve();
      });
      signalGroup(child, "SIGTERM");
    });
}

// Every service still running is stopped when this process ends: on exit, or when told to stop (a test runner's
// timeout sends SIGTERM).
const running = new Set<ChildProcess>();
function stopAll(): void {
  for (const child of running) signalGroup(child, "SIGTERM");
}
process.once("exit", stopAll);
for (const [signal, code] of [
  ["SIGTERM", 143],
  ["SIGINT", 130],
] as const) {
  process.once(signal, () => {
    stopAll();
    process.exit(code);
  });
}

export async function startService(env: Record<string, string> = {}): Promise<Service> {
  const given = process.env.FIGHT_RULES_TEST_URL;
  if (given) return { url: given.replace(/\/$/, ""), stop: async () => {} };
  const port = await freePort();
  const bin = process.env.FIGHT_RULES_BIN ?? `${ROOT}.venv/bin/fight-rules`;
  const child = spawn(bin, ["serve"], {
    cwd: ROOT,
    detached: true, // its own process group, stopped as one
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      FIGHT_RULES_HOST: "127.0.0.1",
      FIGHT_RULES_PORT: String(port),
      FIGHT_RULES_WORKERS: "1",
      FIGHT_RULES_REDIS_URL: "",
      FIGHT_RULES_LOG_LEVEL: "warning",
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  running.add(child);
  child.once("exit", () => running.delete(child));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await healthy(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the service did not start on ${url}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop };
}
