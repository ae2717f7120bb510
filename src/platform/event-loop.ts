/**
 * Resolves on a later turn of the event loop, once the I/O waiting now has been handled. A reader that
 * walks the embedded log in chunks awaits it between chunks: that log is read on the calling thread, and
 * without a turn in between, a long walk holds back every request of the process until it ends.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
