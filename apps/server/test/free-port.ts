import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';

// A probed port is only free at the moment of the probe: another process of the run (vitest runs files in parallel)
// may listen on it before the server the test starts there does. onFreePorts starts such a server again on other
// ports when that happened; untilListening tells it from a slow start.

/**
 * The kernel's range for the local ports of outgoing connections (Linux), which it also gives a listen on port 0.
 * A server that restarts on its port must not live there: while it is down, any connection the run opens (to
 * PostgreSQL, Redis, another test's server) may take that port as its own end.
 */
export function ephemeralRangeStart(): number | null {
  try {
    return (
      Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || null
    );
  } catch {
    return null;
  }
}

/** Below the ephemeral range, above the well-known and commonly configured ports. */
const FIXED_PORTS_FROM = 10_000;

/**
 * Ports Chromium refuses to load from (ERR_UNSAFE_PORT; its restricted list, net/base/port_util.cc) above
 * FIXED_PORTS_FROM: a browser test's portal drawn there failed every page of its file in CI.
 */
const BROWSER_UNSAFE_PORTS = new Set([10_080]);

function listenOn(port: number): Promise<Server | null> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(null));
    probe.listen(port, '127.0.0.1', () => resolve(probe));
  });
}

const closeProbe = (probe: Server) => new Promise((resolve) => probe.close(resolve));

/**
 * `count` different TCP ports free on the loopback interface now, chosen at random below the kernel's ephemeral
 * range where it has one (no outgoing connection takes them), else as the kernel picks them; never one a browser
 * refuses.
 */
export async function freePorts(count: number): Promise<number[]> {
  const ephemeral = ephemeralRangeStart();
  const below = ephemeral !== null && ephemeral > FIXED_PORTS_FROM + 1_000;
  const probes: Server[] = [];
  // All held at once, so that no two are the same.
  for (let tries = 0; probes.length < count; tries++) {
    if (tries === 1_000) throw new Error(`no ${count} free ports found on 127.0.0.1`);
    const port = below ? FIXED_PORTS_FROM + Math.floor(Math.random() * (ephemeral - FIXED_PORTS_FROM)) : 0;
    const probe = await listenOn(port);
    if (!probe) continue;
    if (BROWSER_UNSAFE_PORTS.has((probe.address() as AddressInfo).port)) await closeProbe(probe);
    else probes.push(probe);
  }
  const ports = probes.map((probe) => (probe.address() as AddressInfo).port);
  await Promise.all(probes.map(closeProbe));
  return ports;
}

/** A TCP port free on the loopback interface now (nothing listens there unless someone starts to). */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}

/** A start that failed because another process listened on its port first. */
export class PortTaken extends Error {}

/** How often something whose port was taken starts again on other ports. */
const PORT_RETRIES = 2;

/**
 * `start(ports)` on `count` ports probed free; when a port was taken (PortTaken, or EADDRINUSE from an in-process
 * listen), again on other ports, at most PORT_RETRIES more times. `start` cleans up after its own failure.
 */
export async function onFreePorts<T>(count: number, start: (ports: number[]) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const ports = await freePorts(count);
    try {
      return await start(ports);
    } catch (error) {
      const taken = error instanceof PortTaken || (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!taken || attempt === PORT_RETRIES) throw error;
      console.info(`port ${ports.join(', ')} taken by another process; starting again on another`);
    }
  }
}

/**
 * An in-process server that must know its port before it listens (links, callbacks): `make(port)` makes it for a port
 * probed free, `listen` listens there; when the port was taken meanwhile, `close` ends it and another is made.
 */
export function listeningOnFreePort<T>(
  make: (port: number) => Promise<T>,
  listen: (made: T, port: number) => Promise<unknown>,
  close: (made: T) => Promise<unknown>,
): Promise<{ made: T; port: number }> {
  return onFreePorts(1, async ([port]) => {
    const made = await make(port!);
    try {
      await listen(made, port!);
    } catch (error) {
      await close(made);
      throw error;
    }
    return { made, port: port! };
  });
}

/** What a server (Node, Redis, PostgreSQL, nginx) writes when its port is taken. */
const ADDRESS_IN_USE = /EADDRINUSE|Address already in use/;

/**
 * Waits until `child` holds the listening socket of `port` itself and then `ready()` (each check bounded to 2 s)
 * says it serves: a process that merely answers on the port may be another one, and a slow start is waited for (up
 * to `seconds`). PortTaken when its output (stdout and stderr, when piped) says the port is in use first; an error
 * when it exits or times out. On failure the child is stopped.
 */
export async function untilListening(
  child: ChildProcess,
  port: number,
  options: { what: string; seconds: number; ready?: () => Promise<boolean> },
): Promise<void> {
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  const streams = [child.stdout, child.stderr].filter((stream) => stream !== null);
  for (const stream of streams) stream.on('data', keep);
  // Its last words are read before its exit is judged.
  const closed = new Promise((resolve) => child.once('close', resolve));
  const ready = options.ready ?? (async () => true);
  const bounded = () =>
    Promise.race([
      ready().catch(() => false),
      new Promise<false>((resolve) => setTimeout(resolve, 2000, false).unref()),
    ]);
  const fail = async (error: Error) => {
    if (child.exitCode === null && child.signalCode === null) {
      // Its exit, not its streams' end: a process it started may hold those open.
      const exit = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exit;
    }
    return error;
  };
  const deadline = Date.now() + options.seconds * 1000;
  try {
    for (;;) {
      const exited = child.exitCode !== null || child.signalCode !== null;
      if (exited) await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      if (ADDRESS_IN_USE.test(output))
        throw await fail(
          new PortTaken(`${options.what}: a port of its own is in use\n${output.slice(-2000)}`),
        );
      if (exited)
        throw new Error(
          `${options.what} exited (${child.exitCode ?? child.signalCode}) before it listened on ${port}:\n${output.slice(-2000)}`,
        );
      if (listensOn(child.pid!, port) && (await bounded())) return;
      if (Date.now() > deadline)
        throw await fail(
          new Error(
            `${options.what}: not serving on ${port} within ${options.seconds} s\n${output.slice(-2000)}`,
          ),
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    for (const stream of streams) stream.off('data', keep);
  }
}

/** Whether process `pid` holds a socket listening on TCP `port` (Linux: /proc/net/tcp{,6}, /proc/<pid>/fd). */
function listensOn(pid: number, port: number): boolean {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6'].filter(existsSync)) {
    // Each row: sl local_address rem_address st … inode; a listening socket's state is 0A.
    for (const row of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = row.trim().split(/\s+/);
      if (fields[3] === '0A' && Number.parseInt(fields[1]!.split(':')[1]!, 16) === port)
        inodes.add(fields[9]!);
    }
  }
  if (inodes.size === 0) return false;
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}
