/**
 * CPU time spent by the servers of a scenario, read from /proc (Linux): per child process and for
 * the PostgreSQL backends serving one database. Divided by the requests of a phase it gives the
 * CPU milliseconds per request — a figure that other load on a shared box inflates far less than
 * latency (a process waiting for a core accrues no CPU time), so it says what the same work needs
 * on a quiet machine: N ms of CPU per beat on 2 cores is at most 2,000 / N beats/s.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on Linux) */
const TICKS = 100;

function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after "(comm)": state is the 3rd field of the line; utime and stime the 14th and 15th
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS;
  } catch {
    return undefined;
  }
}

export type CpuSnapshot = Map<string, Map<number, number>>;

export class CpuMeter {
  constructor(
    private readonly processes: { name: string; pid: () => number | undefined }[],
    /** the database whose backends count as `postgres` */
    private readonly db?: { client: pg.Client; database: string },
  ) {}

  readonly available = process.platform === 'linux' && processCpuMs(process.pid) !== undefined;

  async snapshot(): Promise<CpuSnapshot> {
    const out: CpuSnapshot = new Map();
    for (const p of this.processes) {
      const pid = p.pid();
      const ms = pid ? processCpuMs(pid) : undefined;
      out.set(p.name, new Map(pid && ms !== undefined ? [[pid, ms]] : []));
    }
    if (this.db) {
      const { rows } = await this.db.client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [this.db.database],
      );
      const backends = new Map<number, number>();
      for (const { pid } of rows) {
        const ms = processCpuMs(pid);
        if (ms !== undefined) backends.set(pid, ms);
      }
      out.set('postgres', backends);
    }
    return out;
  }

  /**
   * CPU ms per name between two snapshots. A backend that appeared in between counts from zero; one
   * that ended in between is missed (the pool keeps its connections while under load).
   */
  static delta(from: CpuSnapshot, to: CpuSnapshot): Map<string, number> {
    const out = new Map<string, number>();
    for (const [name, pids] of to) {
      let sum = 0;
      for (const [pid, ms] of pids) sum += ms - (from.get(name)?.get(pid) ?? 0);
      out.set(name, sum);
    }
    return out;
  }
}
