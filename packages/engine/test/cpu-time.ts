// Hang detectors for hostile input measure this process's CPU time, not the clock: on a shared
// two-core machine other processes stretched the wall time of a 1-second case past 5 seconds,
// while a quadratic or exponential regression still costs its own CPU many times over.

/** Runs `work` and returns what it returned with the CPU milliseconds the process spent on it. */
export function withCpuTime<T>(work: () => T): { value: T; cpuMs: number } {
  const before = process.cpuUsage();
  const value = work();
  const spent = process.cpuUsage(before);
  return { value, cpuMs: (spent.user + spent.system) / 1000 };
}
