/**
 * Which process runs a turn. The desktop app and the CLI open the same per-user library, so a turn
 * marked running may be answered right now by another process: it is taken over (failed as
 * interrupted, so it can be retried) only once its owner has stopped — its process is gone, or it has
 * not renewed its heartbeat for STALE_MS.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';

/** How often a running turn renews its heartbeat. */
export const HEARTBEAT_MS = 10_000;
/**
 * A heartbeat older than this means the owner stopped. Generous, because a live owner can miss beats
 * while another process holds the library's write lock (an import), and a false take-over costs more
 * than a crashed turn shown as running for a minute; a crash on this host is seen at once (pid gone).
 */
export const STALE_MS = 60_000;

/** One Consultations instance: host and pid tell whether it still runs, the token tells instances of one process apart. */
export function newOwner(): string {
  return `${os.hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
}

export function ownerStopped(owner: string | null, heartbeatAt: number | null, now = Date.now()): boolean {
  if (owner === null || heartbeatAt === null || now - heartbeatAt > STALE_MS) return true;
  const [host, pid] = owner.split('/');
  // Another host's processes cannot be seen from here: its heartbeat decides. So does this process's own
  // (another instance in it may still run the turn).
  return host === os.hostname() && Number(pid) !== process.pid && !processAlive(Number(pid));
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
