import { readdirSync, readFileSync } from 'node:fs';

/** A thread's nice value from its /proc stat line (Linux keeps one per thread; field 19). */
const niceOf = (stat: string) => Number(stat.split(') ')[1]!.split(' ')[16]);

/** Nice values of this process's threads. */
export const threadNices = () =>
  readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      return [niceOf(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'))];
    } catch {
      return []; // the thread ended between the listing and the read
    }
  });

/** The calling thread's own nice. */
export const ownNice = () => niceOf(readFileSync('/proc/thread-self/stat', 'utf8'));
